// aqlsim: simulate how a GPU front end runs work from many HSA queues.
#include <malloc.h>

#include <CLI/CLI.hpp>
#include <cstdio>
#include <iostream>

#include "cli/commands.hpp"
#include "cli/failure.hpp"
#include "cli/unknown_command.hpp"

namespace {

// Results printed to a full disk or a closed pipe must not end in a silent success.
bool standard_output_written() {
  std::cout.flush();
  const bool ok = std::cout.good() && std::fflush(stdout) == 0 && !std::ferror(stdout);
  if (!ok) std::cerr << "aqlsim: error: writing to standard output failed\n";
  return ok;
}

// A large run frees much (the graph once lowered, the model of every alone run) and allocates
// as much again. glibc gives freed memory back to the kernel and maps large blocks afresh, so
// every reuse faulted its pages in again (78,000 faults at 100,000 tasks): keep it instead.
void keep_freed_memory() {
  mallopt(M_TRIM_THRESHOLD, 1 << 30);
  mallopt(M_MMAP_THRESHOLD, 32 << 20);  // glibc's largest
}

}  // namespace

int main(int argc, char** argv) {
  using namespace aqlsim::cli;
  keep_freed_memory();
  CLI::App app{
      "aqlsim: a model of oversubscribed HSA queues, the packet processor, the work-group "
      "dispatcher and compute units.\nSee README.md for the workload format."};
  app.set_version_flag("--version", "aqlsim " AQLSIM_VERSION);  // the CMake project's version
  app.require_subcommand(1);
  // A command line CLI11 refuses reads as every other error does.
  app.failure_message([](const CLI::App* command, const CLI::Error& e) {
    return "aqlsim: error: " + CLI::FailureMessage::simple(command, e);
  });
  Action action;
  add_run_command(app, action);
  add_validate_command(app, action);
  add_list_commands(app, action);
  add_graph_command(app, action);
  add_compare_command(app, action);
  add_merge_command(app, action);
  add_accuracy_command(app, action);
  add_report_command(app, action);
  add_hip_command(app, action);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (const auto unknown = unknown_command(app, argc, argv)) {
      std::cerr << "aqlsim: error: " << *unknown << '\n';
      return kExitBadInput;
    }
    const int status = app.exit(e);
    return status == 0 ? kExitOk : kExitBadInput;
  }
  try {
    const int status = action();
    return standard_output_written() ? status : kExitOutput;
  } catch (...) {
    const Failure failure = describe_failure(std::current_exception());
    std::cerr << failure.message;
    return failure.status;
  }
}
