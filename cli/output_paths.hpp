#pragma once
// No output replaces an input or another output of the same command (README: Outputs). An output
// is written to a temporary file and renamed over its name, so writing the workload, a file it
// includes or imports, a shard or the other output of the command would succeed and silently
// destroy it: each command checks its paths before any work, with the names given on its command
// line and the files its workloads read.
#include <CLI/CLI.hpp>
#include <string>
#include <vector>

namespace aqlsim::cli {

// A path given on the command line and what it is, for messages.
struct PathArgument {
  std::string label;  // an input: what it is ("the input workload"); an output: "--json"
  std::string path;   // empty: not given, never checked
};

// Refuses an empty value, a command-line error (exit status 2): an empty string also means "not
// given", so `--json ''` would write nothing and succeed, `report --trace ''` would read no
// trace and `--baseline ''` would be the default. `kind` and `expected` make the message:
// "empty path: give a file name, or leave the option out".
CLI::Validator non_empty(std::string kind, std::string expected);
CLI::Validator non_empty_path();

// Adds the option `names` (e.g. "-o,--output") that names an output file, never empty.
CLI::Option* add_output_option(CLI::App& command, const std::string& names, std::string& path,
                               const std::string& description);

// Throws InputError (exit status 2), at the option, for the first output that is the same file
// as an input or an earlier output: the same file when both exist (hard and symbolic links
// included), else the same path made absolute and normal. A path that is not a regular file
// (/dev/null, /dev/stdout, a pipe) is written in place and replaces nothing.
void check_output_paths(const std::vector<PathArgument>& inputs,
                        const std::vector<PathArgument>& outputs);

// Adds to `inputs` the files a workload read (Scenario::input_files: the workload and what it
// includes or imports) that it does not name yet, each as "the included or imported file".
void add_read_files(std::vector<PathArgument>& inputs, const std::vector<std::string>& files);

}  // namespace aqlsim::cli
