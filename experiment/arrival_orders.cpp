#include "experiment/arrival_orders.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <numeric>
#include <random>

#include "config/duration.hpp"
#include "config/limits.hpp"

namespace aqlsim {
namespace {

struct Application {
  std::string name;
  std::vector<std::string> kernels;
};

std::vector<Application> read_applications(const YamlNode& list, const Scenario& probe,
                                           const std::string& library) {
  list.expect_sequence("a list of applications, each {name, kernels: [...]}");
  std::vector<Application> apps;
  for (const YamlNode& item : list.elements()) {
    item.expect_map("an application: a map with name and kernels");
    item.allow_keys({"name", "kernels"});
    Application app{item.require("name").as_identifier(), {}};
    if (std::ranges::any_of(apps, [&](const Application& a) { return a.name == app.name; }))
      item.require("name").fail(fmt::format("application '{}' is listed twice", app.name));
    const YamlNode kernels = item.require("kernels");
    kernels.expect_sequence("the application's kernels, in pipeline order");
    for (const YamlNode& k : kernels.elements())
      app.kernels.push_back(library_kernel(k, probe, library));
    if (app.kernels.empty()) kernels.fail("an application needs at least one kernel");
    apps.push_back(std::move(app));
  }
  if (apps.empty()) list.fail("expected at least one application");
  return apps;
}

// Fisher-Yates with a fully specified engine, so every platform draws the same orders.
std::vector<std::size_t> permutation(std::size_t n, std::uint64_t seed, std::uint64_t order) {
  std::vector<std::size_t> p(n);
  std::iota(p.begin(), p.end(), 0);
  if (order == 0) return p;
  std::mt19937_64 engine(seed * 0x9E3779B97F4A7C15ULL + order);
  for (std::size_t i = n - 1; i > 0; --i)
    std::swap(p[i], p[engine() % (i + 1)]);
  return p;
}

std::string queue_text(const Application& app, const std::string& at) {
  std::string packets;
  for (std::size_t i = 0; i < app.kernels.size(); ++i) {
    packets += fmt::format("{}{{name: {}_{}, dispatch: {}, at: {}{}}}", i == 0 ? "" : ", ",
                           app.name, i, app.kernels[i], at, i == 0 ? "" : ", barrier: true");
  }
  return fmt::format("  - {{name: {}, packets: [{}]}}\n", app.name, packets);
}

}  // namespace

std::vector<WorkloadSource> arrival_orders(const YamlNode& node) {
  node.expect_map("a map with device, kernels, applications, spacing, orders and seed");
  node.allow_keys({"device", "kernels", "applications", "spacing", "orders", "seed"});
  const auto [device, library, library_yaml] = read_generator_source(node);
  const std::string head = fmt::format(
      "device: {}\nkernels: [{{include: {}}}]\nmetrics_per: queue\n", device, library_yaml);
  const Scenario probe =
      load_generator_probe(node, head + "queues: [{name: probe}]\n", "arrival_orders");
  const std::vector<Application> apps =
      read_applications(node.require("applications"), probe, library);
  const auto given = node.get("spacing");
  const GeneratedTime spacing = given
                                    ? read_generated_time(*given, probe.device.clock_mhz)
                                    : GeneratedTime{.ticks = kMillisecond, .cycles = std::nullopt};
  // The last application arrives (applications - 1) spacings in: a workload duration too.
  if (apps.size() > 1 && static_cast<double>(spacing.ticks) * static_cast<double>(apps.size() - 1) >
                             static_cast<double>(limits::kMaxDurationPs)) {
    node.require("spacing").fail(
        fmt::format("{} applications {} apart arrive after the limit of {}", apps.size(),
                    format_duration(spacing.ticks), kMaxDurationText));
  }
  const auto orders = static_cast<std::uint64_t>(
      node.int_or("orders", 1, 1, static_cast<std::int64_t>(limits::kMaxGeneratedWorkloads)));
  // More orders than permutations would count some twice in every mean.
  std::uint64_t permutations = 1;
  for (std::uint64_t n = 2; n <= apps.size() && permutations < orders; ++n)
    permutations *= n;
  if (orders > permutations) {
    node.require("orders").fail(fmt::format(
        "{} application{} {} only {} arrival order{}", apps.size(), apps.size() == 1 ? "" : "s",
        apps.size() == 1 ? "has" : "have", permutations, permutations == 1 ? "" : "s"));
  }
  const auto seed = static_cast<std::uint64_t>(node.int_or("seed", 1, 0, INT64_MAX));
  std::vector<WorkloadSource> workloads;
  for (std::uint64_t order = 0; order < orders; ++order) {
    std::string queues;
    const std::vector<std::size_t> p = permutation(apps.size(), seed, order);
    for (std::size_t slot = 0; slot < p.size(); ++slot)
      queues += queue_text(apps[p[slot]], spacing.times(slot));
    workloads.push_back(
        {fmt::format("order-{:03}", order + 1), "", head + "queues:\n" + queues, {}, library_yaml});
  }
  return workloads;
}

}  // namespace aqlsim
