#pragma once
// The table behind code_objects.hpp when HIP is built: generated at build time by
// cmake/embed_code_objects.cmake (one entry per target in AQLSIM_HIP_ARCHS).
#include <cstdint>
#include <span>
#include <string_view>

namespace aqlsim::hip {

struct EmbeddedCodeObject {
  std::string_view arch;  // as given in AQLSIM_HIP_ARCHS, e.g. "gfx90a"
  std::span<const std::uint8_t> bytes;
};

std::span<const EmbeddedCodeObject> embedded_code_objects();

}  // namespace aqlsim::hip
