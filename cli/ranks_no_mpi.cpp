// join_ranks() in a build without MPI (CMake found no MPI, or AQLSIM_MPI=OFF).
#include <fmt/format.h>

#include <cstdlib>

#include "cli/ranks.hpp"
#include "config/input_error.hpp"

namespace aqlsim::cli {

std::unique_ptr<Ranks> join_ranks() {
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE"}) {
    const char* size = std::getenv(name);
    if (size != nullptr && std::atol(size) > 1) {
      throw InputError({name, 0, 0},
                       fmt::format("an MPI launcher started {} copies of an aqlsim built without "
                                   "MPI, and each would make every run; rebuild with Open MPI "
                                   "(libopenmpi-dev), or use --shard I/N (README: Sweeps on a "
                                   "cluster)",
                                   size));
    }
  }
  return std::make_unique<OneProcess>();
}

}  // namespace aqlsim::cli
