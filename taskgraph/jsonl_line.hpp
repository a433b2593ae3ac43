#pragma once
// One line of a JSON Lines graph (load_jsonl.hpp) read the quick way: through nlohmann's SAX
// interface, straight into its fields, without building a JSON document. It takes only a valid
// task or edge line; any other line (a mistake, or a shape it does not know) is read again as a
// document by the loader, whose checks say what is wrong, so both ways read a line alike.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace aqlsim::taskgraph {

// The largest `workgroups` a task may give (a dispatch packet's grid is 32-bit).
inline constexpr std::int64_t kMaxTaskWorkgroups = 0xFFFFFFFF;

// Every member has an initializer so that designated initializers may leave any of them out.
struct JsonlLine {
  // A task line has an id; an edge line has from and to instead.
  std::optional<std::string> id{};
  std::optional<std::string> kernel{};
  std::optional<std::string> from{};
  std::optional<std::string> to{};
  std::optional<double> cost{};
  std::optional<std::int64_t> workgroups{};
  std::optional<std::vector<std::string>> after{};
};

// The line, when it is a valid task or edge line; nothing otherwise.
std::optional<JsonlLine> read_valid_jsonl_line(std::string_view text);

}  // namespace aqlsim::taskgraph
