#pragma once
// What the program says and returns when a command fails: one place, so that `main` and the
// ranks of an MPI comparison (which must agree on one failure) report errors alike.
#include <exception>
#include <string>

namespace aqlsim::cli {

struct Failure {
  int status = 0;       // the exit status (commands.hpp)
  std::string message;  // for standard error, with its newline
};

// The exit status and message for an exception thrown by a command.
Failure describe_failure(const std::exception_ptr& error);

}  // namespace aqlsim::cli
