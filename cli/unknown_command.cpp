#include "cli/unknown_command.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <string_view>
#include <vector>

#include "config/suggest.hpp"

namespace aqlsim::cli {
namespace {

std::vector<std::string> command_names(const CLI::App& app) {
  std::vector<std::string> names;
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; }))
    names.push_back(sub->get_name());
  return names;
}

const CLI::App* command_named(const CLI::App& app, std::string_view name) {
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) {
    if (sub->get_name() == name) return sub;
  }
  return nullptr;
}

}  // namespace

std::optional<std::string> unknown_command(const CLI::App& app, int argc, const char* const* argv) {
  const CLI::App* at = &app;
  std::string path = "aqlsim";
  for (int i = 1; i < argc && at->get_require_subcommand_min() > 0; ++i) {
    const std::string_view word = argv[i];
    if (word.starts_with('-')) return std::nullopt;  // an option: CLI11's message says more
    const CLI::App* next = command_named(*at, word);
    if (!next) {
      const std::vector<std::string> names = command_names(*at);
      std::string message = fmt::format("no command named '{}'", word);
      if (auto near = nearest_word(word, names))
        message += fmt::format(" (did you mean '{}'?)", *near);
      return message + fmt::format("; the commands of `{}`: {}; see `{} --help`", path,
                                   fmt::join(names, ", "), path);
    }
    at = next;
    path += " " + next->get_name();
  }
  return std::nullopt;
}

}  // namespace aqlsim::cli
