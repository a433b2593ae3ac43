#include <fmt/format.h>

#include "cli/commands.hpp"
#include "config/counted.hpp"
#include "config/duration.hpp"
#include "queue_sched/registry.hpp"
#include "scenario/device_presets.hpp"

namespace aqlsim::cli {
namespace {

int list_policies() {
  for (const PolicyKind kind :
       {PolicyKind::queue_mapping, PolicyKind::thread_block, PolicyKind::kernel}) {
    fmt::print("{} policies:\n", policy_kind_name(kind));
    for (const PolicyInfo& p : all_policies()) {
      if (p.kind != kind) continue;
      fmt::print("  {:<16} {}\n", p.name, p.summary);
      for (const ParamSpec& param : p.params) {
        fmt::print("  {:<16}   {}: {} (default {:g}, {:g}..{:g})\n", "", param.name, param.help,
                   param.default_value, param.min, param.max);
      }
    }
  }
  return kExitOk;
}

int list_devices() {
  for (const EmbeddedPreset& preset : embedded_device_presets()) {
    const DeviceSpec d = device_from_preset(preset);
    fmt::print(
        "{:<8} {} x {} x {}, wave {}, {} KiB LDS, {} MHz; {}, quantum {}, packet latency {}\n",
        preset.name, counted(d.compute_units, "CU"), counted(d.cu.simds, "SIMD"),
        counted(d.cu.waves_per_simd, "wave slot"), d.wave_size, d.cu.lds_bytes / 1024, d.clock_mhz,
        counted(d.front_end.hw_queues, "hardware queue"), format_duration(d.front_end.quantum),
        format_duration(d.front_end.packet_latency));
  }
  return kExitOk;
}

}  // namespace

void add_list_commands(CLI::App& app, Action& action) {
  app.add_subcommand("policies", "List the queue-mapping, thread-block and kernel policies")
      ->callback([&action] { action = list_policies; });
  app.add_subcommand("devices", "List the device presets")->callback([&action] {
    action = list_devices;
  });
}

}  // namespace aqlsim::cli
