#include "cli/output_paths.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>

#include "config/input_error.hpp"
#include "report/output_file.hpp"

namespace aqlsim::cli {
namespace {

namespace fs = std::filesystem;

// The path made absolute, with `.`, `..` and the links of its existing part resolved. Made
// absolute first: weakly_canonical leaves a relative path none of whose parts exists relative,
// so `x.json` and `./x.json` differed. The links are followed as OutputFile follows them, to a
// file not yet made too, since the output is written through them.
fs::path resolved(const std::string& text) {
  std::error_code error;
  const fs::path path = fs::absolute(text, error);
  const fs::path written = file_behind_links(path).value_or(path);
  fs::path out = fs::weakly_canonical(written, error);
  if (error) out = written.lexically_normal();
  return out;
}

bool same_file(const std::string& a, const std::string& b) {
  std::error_code error;
  const fs::file_status status_a = fs::status(a, error);
  const fs::file_status status_b = fs::status(b, error);
  const auto written_in_place = [](fs::file_status s) {
    return fs::exists(s) && !fs::is_regular_file(s);
  };
  if (written_in_place(status_a) || written_in_place(status_b)) return false;
  if (fs::exists(status_a) && fs::exists(status_b)) return fs::equivalent(a, b, error) && !error;
  return resolved(a) == resolved(b);
}

}  // namespace

CLI::Validator non_empty(std::string kind, std::string expected) {
  return {[kind, expected](const std::string& text) {
            return text.empty()
                       ? fmt::format("empty {}: give {}, or leave the option out", kind, expected)
                       : std::string();
          },
          ""};
}

CLI::Validator non_empty_path() {
  return non_empty("path", "a file name");
}

CLI::Option* add_output_option(CLI::App& command, const std::string& names, std::string& path,
                               const std::string& description) {
  return command.add_option(names, path, description)->type_name("OUT")->check(non_empty_path());
}

void add_read_files(std::vector<PathArgument>& inputs, const std::vector<std::string>& files) {
  for (const std::string& file : files) {
    const auto named = [&file](const PathArgument& input) { return input.path == file; };
    if (std::ranges::none_of(inputs, named))
      inputs.push_back({"the included or imported file", file});
  }
}

void check_output_paths(const std::vector<PathArgument>& inputs,
                        const std::vector<PathArgument>& outputs) {
  for (auto output = outputs.begin(); output != outputs.end(); ++output) {
    if (output->path.empty()) continue;
    const auto replaces = [&](const std::string& what, const std::string& path) {
      if (path.empty() || !same_file(output->path, path)) return;
      throw InputError({fmt::format("{} {}", output->label, output->path), 0, 0},
                       fmt::format("would replace {} {}", what, path));
    };
    for (const PathArgument& input : inputs)
      replaces(input.label, input.path);
    for (auto earlier = outputs.begin(); earlier != output; ++earlier)
      replaces(fmt::format("the {} output", earlier->label), earlier->path);
  }
}

}  // namespace aqlsim::cli
