#include "experiment/kernel_pairs.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <numeric>
#include <optional>

#include "config/duration.hpp"
#include "config/limits.hpp"
#include "scenario/alone_runs.hpp"
#include "scenario/runner.hpp"

namespace aqlsim {
namespace {

struct Arrival {
  GeneratedTime fixed;     // a duration, or
  double fraction = -1.0;  // a fraction of the first kernel's isolated runtime
};

Arrival read_arrival(const YamlNode& node, double clock_mhz) {
  const std::string text = node.as_string();
  if (!text.ends_with('%')) return {read_generated_time(node, clock_mhz), -1.0};
  double percent = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size() - 1, percent);
  if (ec != std::errc{} || end != text.data() + text.size() - 1 ||
      !(percent >= 0 && percent <= 1000)) {  // NaN too
    node.fail(fmt::format("expected a duration or a percentage such as 25%, found '{}'", text));
  }
  return {{}, percent / 100.0};
}

// Every generated arrival is a workload duration, so it must stay within the limit.
void check_last_arrival(const SourceLocation& where, double ticks) {
  if (ticks <= static_cast<double>(limits::kMaxDurationPs)) return;
  throw InputError(where,
                   fmt::format("the last kernel would arrive at {:g}s, after the limit of {}",
                               ticks / static_cast<double>(kSecond), kMaxDurationText));
}

// Ordered pairs, n (n - 1), or combinations of `group` kernels, C(n, group): at most
// limits::kMaxGeneratedWorkloads, counted before any is made.
void check_workload_count(const YamlNode& node, std::size_t n, std::size_t group) {
  double count = group == 2
                     ? static_cast<double>(n) * static_cast<double>(n - std::min<std::size_t>(n, 1))
                     : 1.0;
  for (std::size_t i = 0; group > 2 && i < group; ++i)
    count = count * static_cast<double>(n - std::min(n, i)) / static_cast<double>(i + 1);
  if (count <= static_cast<double>(limits::kMaxGeneratedWorkloads)) return;
  node.fail(
      fmt::format("{} kernels make {:.3g} workloads, more than the limit of {}; list fewer "
                  "`names`",
                  n, count, limits::kMaxGeneratedWorkloads));
}

// YAML for one workload: the device, the library's include entry, and the given queues.
std::string workload_text(const std::string& device, const std::string& include,
                          const std::string& queues) {
  return fmt::format("device: {}\nkernels: [{}]\nqueues:\n{}", device, include, queues);
}

std::string queue_line(const std::string& queue, const std::string& kernel, const std::string& at) {
  return fmt::format("  - {{name: {}, packets: [{{name: {}, dispatch: {}, at: {}}}]}}\n", queue,
                     kernel, kernel, at);
}

// Every combination of `size` distinct kernels in list order, the i-th submitted at i * spacing.
template <class Text>
std::vector<WorkloadSource> kernel_groups(const std::vector<std::string>& names, std::size_t size,
                                          const GeneratedTime& spacing,
                                          const std::string& library_yaml, Text&& text) {
  std::vector<WorkloadSource> groups;
  std::vector<std::size_t> pick(size);
  std::iota(pick.begin(), pick.end(), 0);
  while (size <= names.size()) {
    std::string name;
    std::string queues;
    for (std::size_t i = 0; i < size; ++i) {
      const std::string& kernel = names[pick[i]];
      name += (i == 0 ? "" : "+") + kernel;
      queues += queue_line(fmt::format("k{}", i), kernel, spacing.times(i));
    }
    groups.push_back({name, "", text(queues), {}, library_yaml});
    // The next combination: advance the last index that can still move.
    std::size_t i = size;
    while (i > 0 && pick[i - 1] == names.size() - size + i - 1)
      --i;
    if (i == 0) break;
    ++pick[i - 1];
    for (std::size_t j = i; j < size; ++j)
      pick[j] = pick[j - 1] + 1;
  }
  return groups;
}

}  // namespace

std::vector<WorkloadSource> kernel_pairs(const YamlNode& node) {
  node.expect_map("a map with device, kernels, names and second_arrival");
  node.allow_keys({"device", "kernels", "names", "second_arrival", "persistent", "group"});
  const auto [device, library, library_yaml] = read_generator_source(node);
  const std::string include =
      fmt::format("{{include: {}{}}}", library_yaml,
                  node.bool_or("persistent", false) ? ", persistent: true" : "");
  // Reading the library through a workload checks it and gives the clock for `cy`.
  const Scenario probe =
      load_generator_probe(node, workload_text(device, include, "  - {name: probe}\n"), "pairs");
  std::vector<std::string> names;
  const std::optional<YamlNode> list = node.get("names");
  if (list) {
    for (const YamlNode& n : list->elements()) {
      names.push_back(library_kernel(n, probe, library));
      if (std::ranges::count(names, names.back()) > 1)
        n.fail(fmt::format("kernel '{}' is listed twice", names.back()));
    }
  } else {
    for (const KernelProfile& k : probe.kernels)
      names.push_back(k.name);
  }
  const Arrival arrival = read_arrival(node.require("second_arrival"), probe.device.clock_mhz);
  const auto group = static_cast<std::size_t>(node.int_or("group", 2, 2, 8));
  if (names.size() < group) {
    (list ? *list : node)
        .fail(fmt::format("{} {} no {} of {}: name at least {}", names.size(),
                          names.size() == 1 ? "kernel makes" : "kernels make",
                          group == 2 ? "pair" : "group", group, group));
  }
  check_workload_count(node, names.size(), group);
  if (group > 2) {
    if (arrival.fraction >= 0)
      node.require("second_arrival").fail("groups of more than two kernels need a duration");
    check_last_arrival(node.require("second_arrival").location(),
                       static_cast<double>(group - 1) * static_cast<double>(arrival.fixed.ticks));
    // (A structured binding is captured by name only from clang 16.)
    return kernel_groups(names, group, arrival.fixed, library_yaml,
                         [&, &dev = device](const std::string& queues) {
                           return workload_text(dev, include, queues);
                         });
  }
  std::optional<RelativeArrival> relative;
  if (arrival.fraction >= 0)
    relative = RelativeArrival{arrival.fraction, node.require("second_arrival").location()};
  std::vector<WorkloadSource> pairs;
  for (const std::string& first : names) {
    for (const std::string& second : names) {
      if (first == second) continue;
      const std::string queues =
          queue_line("first", first, "0ps") + queue_line("second", second, arrival.fixed.times(1));
      pairs.push_back({first + "+" + second, "", workload_text(device, include, queues), relative,
                       library_yaml});
    }
  }
  return pairs;
}

void resolve_second_arrival(const WorkloadSource& source, Scenario& scenario) {
  if (!source.second_arrival) return;
  // The pair's two queues, as generated, unless an override replaced them.
  const auto starts_with_dispatch = [&](std::size_t q, const char* name) {
    return q < scenario.queues.size() && scenario.queues[q].name == name &&
           !scenario.queues[q].packets.empty() &&
           scenario.queues[q].packets.front().kind == PacketSpec::Kind::dispatch;
  };
  if (!starts_with_dispatch(0, "first") || !starts_with_dispatch(1, "second")) {
    throw InputError(source.second_arrival->where,
                     fmt::format("workload {}: a percentage arrival needs the pair's queues "
                                 "`first` and `second`, each starting with its dispatch, which an "
                                 "override replaced; give the arrival as a duration",
                                 source.name));
  }
  // The first kernel alone, as the run would run it but under the default policies: the
  // arrival is the workload's, the same whichever policy the run compares.
  Scenario alone = alone_scenario(scenario, 0, 0);
  alone.policies = PolicySelection{};
  RunOptions options;
  options.measure_alone = false;
  const RunReport r = run_scenario(alone, options);
  // A first kernel that a limit stops alone stops the shared run at that limit too.
  const Tick runtime = r.kernels.empty() ? 0 : r.kernels.front().end - r.kernels.front().start;
  const double late = source.second_arrival->fraction * static_cast<double>(runtime);
  check_last_arrival(source.second_arrival->where, late);
  scenario.queues[1].packets[0].at = static_cast<Tick>(late + 0.5);
}

}  // namespace aqlsim
