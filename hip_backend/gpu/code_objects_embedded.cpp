// The AMD code objects compiled into this aqlsim (the generated table), looked up by target.
#include "hip_backend/gpu/code_objects.hpp"
#include "hip_backend/gpu/code_objects_table.hpp"

namespace aqlsim::hip {

std::span<const std::uint8_t> amd_code_object(std::string_view arch) {
  // The runtime reports a target id such as "gfx90a:sramecc+:xnack-"; the code objects are
  // built for any xnack/sramecc setting, so only the processor name selects one.
  arch = arch.substr(0, arch.find(':'));
  for (const EmbeddedCodeObject& object : embedded_code_objects()) {
    if (object.arch == arch) return object.bytes;
  }
  return {};
}

std::vector<std::string> amd_code_object_archs() {
  std::vector<std::string> archs;
  for (const EmbeddedCodeObject& object : embedded_code_objects()) {
    archs.emplace_back(object.arch);
  }
  return archs;
}

}  // namespace aqlsim::hip
