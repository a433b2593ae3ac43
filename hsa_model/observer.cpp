#include "hsa_model/observer.hpp"

namespace aqlsim {

const char* slot_activity_name(SlotActivity activity) {
  switch (activity) {
    case SlotActivity::empty:
      return "empty";
    case SlotActivity::switching:
      return "switching";
    case SlotActivity::processing:
      return "processing";
    case SlotActivity::blocked:
      return "blocked";
    case SlotActivity::starved:
      return "starved";
  }
  return "?";
}

}  // namespace aqlsim
