#pragma once
// Naming a command that does not exist. CLI11 takes `aqlsim bogus` for a missing subcommand and
// says "A subcommand is required", which hides the word that was mistyped.
#include <CLI/CLI.hpp>
#include <optional>
#include <string>

namespace aqlsim::cli {

// After a failed parse: the message for the first word of `argv` that stands where a command
// must be chosen (`aqlsim WORD`, `aqlsim graph WORD`) and names none, if there is one.
std::optional<std::string> unknown_command(const CLI::App& app, int argc, const char* const* argv);

}  // namespace aqlsim::cli
