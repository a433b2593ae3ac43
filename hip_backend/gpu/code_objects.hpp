#pragma once
// The spin kernels' AMD code objects (kernels/spin_kernels.hip), compiled at build time for
// each target in AQLSIM_HIP_ARCHS and embedded in the program; none when HIP is not built.
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace aqlsim::hip {

// The code object for `arch` (e.g. "gfx90a"; a target-id suffix such as ":xnack-" is
// ignored), or an empty span when it was not built for that target.
std::span<const std::uint8_t> amd_code_object(std::string_view arch);
// The targets built in, e.g. {"gfx90a", "gfx1030"}.
std::vector<std::string> amd_code_object_archs();

}  // namespace aqlsim::hip
