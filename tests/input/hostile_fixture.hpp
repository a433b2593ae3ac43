#pragma once
// The fixture of the hostile-input tests: each test runs the real `aqlsim` binary, in a
// directory of its own, on files it writes byte for byte, and every run is killed after a time
// limit, so an input that hangs the program fails the test instead of hanging it.
#include <fcntl.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "tests/support/test_directory.hpp"

namespace aqlsim::testing {

using ::testing::HasSubstr;
using ::testing::Not;

inline constexpr auto kLimit = std::chrono::seconds(30);

struct Outcome {
  int status = -1;  // the exit status; -1 when killed (a timeout) or not run
  std::string out;
  std::string err;
  double seconds = 0;
};

class Hostile : public TestDirectory {
 protected:
  Hostile() : TestDirectory("aqlsim_hostile_") {}

  std::string at(const std::string& name) const { return (dir_ / name).string(); }

  // Writes `text` byte for byte (raw invalid UTF-8 included) and returns the path.
  std::string file(const std::string& name, const std::string& text) const {
    std::ofstream(at(name), std::ios::binary) << text;
    return at(name);
  }

  // Runs aqlsim in the test's directory with `args` (no shell), killing it after kLimit.
  Outcome aqlsim(const std::vector<std::string>& args) const {
    const std::string out = at("out.txt");
    const std::string err = at("err.txt");
    const auto start = std::chrono::steady_clock::now();
    const pid_t child = ::fork();
    if (child == 0) {
      const int o = ::open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      const int e = ::open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      const int null = ::open("/dev/null", O_RDONLY);
      ::dup2(o, 1);
      ::dup2(e, 2);
      ::dup2(null, 0);
      if (::chdir(dir_.c_str()) != 0) ::_exit(126);
      std::vector<char*> argv{const_cast<char*>(AQLSIM_BINARY)};
      for (const std::string& a : args)
        argv.push_back(const_cast<char*>(a.c_str()));
      argv.push_back(nullptr);
      ::execv(AQLSIM_BINARY, argv.data());
      ::_exit(127);
    }
    Outcome r;
    int raw = 0;
    while (::waitpid(child, &raw, WNOHANG) == 0) {
      if (std::chrono::steady_clock::now() - start > kLimit) {
        ::kill(child, SIGKILL);
        ::waitpid(child, &raw, 0);
        ADD_FAILURE() << "aqlsim did not finish in " << kLimit.count() << " s";
        break;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    r.out = read_file(out);
    r.err = read_file(err);
    return r;
  }

  // Bad input: exit status 2 and every expected piece in the message.
  void expect_rejected(const std::vector<std::string>& args,
                       const std::vector<std::string>& pieces) const {
    const Outcome r = aqlsim(args);
    std::string command;
    for (const std::string& a : args)
      command += " " + a;
    EXPECT_EQ(r.status, 2) << "aqlsim" << command << "\nstderr: " << r.err;
    for (const std::string& piece : pieces)
      EXPECT_THAT(r.err, HasSubstr(piece)) << "aqlsim" << command;
    EXPECT_THAT(r.err, Not(HasSubstr("internal error"))) << "aqlsim" << command;
  }
};

inline const std::string kKernel = "kernels: [{name: k, wg_time: 1us}]\n";
inline const std::string kQueue = "queues: [{packets: [{dispatch: k}]}]\n";

}  // namespace aqlsim::testing
