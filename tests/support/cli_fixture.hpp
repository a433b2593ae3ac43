#pragma once
// The fixture of the end-to-end tests of the `aqlsim` program: each test gets its own temporary
// directory, runs the real binary (never for more than kTimeoutSeconds) and reads back its
// standard output, standard error, exit status and output files.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "tests/support/test_directory.hpp"

namespace aqlsim::testing {

namespace fs = std::filesystem;
using Json = nlohmann::json;

inline constexpr int kTimeoutSeconds = 60;

// The exit statuses the README documents.
inline constexpr int kExitBadInput = 2;
inline constexpr int kExitDeadlock = 3;
inline constexpr int kExitOutput = 5;
inline constexpr int kExitLimit = 6;

inline const std::string kQuickstart = AQLSIM_SOURCE_DIR "/workloads/examples/quickstart.yaml";

// A launcher for launched() under which the system refuses every thread the program asks for:
// a default thread stack larger than the address space makes pthread_create fail, as a process
// or memory limit would.
inline const std::string kNoThreads = "sh -c 'ulimit -s 214748364800 && exec \"$0\" \"$@\"'";

struct Result {
  int status = -1;
  std::string out;
  std::string err;
};

inline std::string quote(const std::string& text) {
  std::string out = "'";
  for (char c : text) {
    if (c == '\'') {
      out += "'\\''";
    } else {
      out += c;
    }
  }
  return out + "'";
}

inline std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    out.push_back(line);
  return out;
}

inline bool has_line_starting_with(const std::string& text, const std::string& prefix) {
  for (const std::string& line : split_lines(text)) {
    if (line.starts_with(prefix)) return true;
  }
  return false;
}

inline bool near_relative(double a, double b) {
  return std::abs(a - b) <= 1e-9 * std::max(std::abs(a), std::abs(b));
}

class CliFixture : public TestDirectory {
 protected:
  CliFixture() : TestDirectory("aqlsim_cli_") {}

  std::string path(const std::string& name) const { return (dir_ / name).string(); }

  std::string write(const std::string& name, const std::string& text) const {
    std::ofstream(path(name)) << text;
    return path(name);
  }

  // Runs `aqlsim` with the given (already quoted) arguments; its standard output goes to
  // `stdout_to` when given (e.g. /dev/full), else it is captured.
  Result aqlsim(const std::string& args, const std::string& stdout_to = "") const {
    return launched("", args, stdout_to);
  }

  // As aqlsim(), started by `launcher` (a command line such as "mpirun -n 2").
  Result launched(const std::string& launcher, const std::string& args,
                  const std::string& stdout_to = "") const {
    const std::string out = stdout_to.empty() ? path("stdout.txt") : stdout_to;
    const std::string err = path("stderr.txt");
    // The program must never hang: give up after kTimeoutSeconds (timeout exits with 124).
    const std::string command = "timeout " + std::to_string(kTimeoutSeconds) + " " + launcher +
                                " " + quote(AQLSIM_BINARY) + " " + args + " >" + quote(out) +
                                " 2>" + quote(err);
    const int raw = std::system(command.c_str());
    Result r;
    r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    EXPECT_NE(r.status, 124) << launcher << " aqlsim " << args << " did not finish in "
                             << kTimeoutSeconds << " s";
    if (stdout_to.empty()) r.out = read_file(out);
    r.err = read_file(err);
    return r;
  }

  Json read_json(const std::string& name) const { return Json::parse(read_file(path(name))); }
};

}  // namespace aqlsim::testing
