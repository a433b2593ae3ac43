#include "cli/ranks.hpp"

#include <cstdlib>

namespace aqlsim::cli {

bool launched_by_mpi() {
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_RANK"}) {
    if (std::getenv(name) != nullptr) return true;
  }
  return false;
}

}  // namespace aqlsim::cli
