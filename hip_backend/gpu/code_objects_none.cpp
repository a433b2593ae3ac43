// No AMD code objects: this aqlsim was built without a HIP compiler (AQLSIM_HIP=OFF or none
// found).
#include "hip_backend/gpu/code_objects.hpp"

namespace aqlsim::hip {

std::span<const std::uint8_t> amd_code_object(std::string_view) {
  return {};
}
std::vector<std::string> amd_code_object_archs() {
  return {};
}

}  // namespace aqlsim::hip
