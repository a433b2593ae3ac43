// Links aqlsim::hip_backend from the installed package: the executor registry, the CPU-thread
// executor, and the stand-ins for the HIP and CUDA executors (those are built into the aqlsim
// program only, so the package names no GPU runtime library of the machine that built it).
#include <cstdio>
#include <exception>

#include "hip_backend/executor.hpp"

int main() {
  try {
    for (const auto& info : aqlsim::hip::probe_backends()) {
      std::printf("%s: %s%s\n", info.backend.c_str(), info.built ? "built" : "not built",
                  info.reason.empty() ? "" : ("; " + info.reason).c_str());
      if ((info.backend == "hip" || info.backend == "cuda") && info.built) {
        std::fprintf(stderr, "the installed hip_backend has the %s executor\n",
                     info.backend.c_str());
        return 1;
      }
    }
    return aqlsim::hip::make_executor("cpu", {})->name() == "cpu" ? 0 : 1;
  } catch (const std::exception& error) {
    std::fprintf(stderr, "hip_backend_probe: %s\n", error.what());
    return 1;
  }
}
