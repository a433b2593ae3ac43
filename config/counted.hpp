#pragma once
// "1 CU", "2 CUs": a count with its noun in the number the count needs, for messages and
// summaries that may well count one (a one-CU device, a single queue).
#include <fmt/format.h>

#include <cstdint>
#include <string>
#include <string_view>

namespace aqlsim {

// `noun` is the singular of a noun whose plural adds an s.
inline std::string counted(std::uint64_t count, std::string_view noun) {
  return fmt::format("{} {}{}", count, noun, count == 1 ? "" : "s");
}

}  // namespace aqlsim
