#include <fmt/format.h>

#include <iostream>
#include <memory>

#include "cli/commands.hpp"
#include "config/counted.hpp"

namespace aqlsim::cli {
namespace {

int validate(const WorkloadOptions& o) {
  const Scenario s = o.load();
  std::size_t packets = 0;
  for (const QueueSpec& q : s.queues)
    packets += q.packets.size();
  fmt::print("{}: ok: device {} ({}), {}, {}, {}, {}; queue mapping {}, thread blocks {}{}\n",
             s.source, s.device.name, counted(s.device.compute_units, "CU"),
             counted(s.kernels.size(), "kernel"), counted(s.signals.size(), "signal"),
             counted(s.queues.size(), "queue"), counted(packets, "packet"),
             s.policies.queue_mapping, s.policies.thread_block,
             s.policies.kernel == "none"
                 ? std::string()
                 : fmt::format(", kernels {} ({})", s.policies.kernel,
                               preemption_mechanism_name(s.device.preemption.mechanism)));
  return kExitOk;
}

}  // namespace

void add_validate_command(CLI::App& app, Action& action) {
  auto options = std::make_shared<WorkloadOptions>();
  CLI::App* cmd = app.add_subcommand("validate", "Check a workload file without running it");
  options->add_to(*cmd);
  cmd->callback([&action, options] { action = [options] { return validate(*options); }; });
}

}  // namespace aqlsim::cli
