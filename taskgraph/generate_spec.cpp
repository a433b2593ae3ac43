#include "taskgraph/generate_spec.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "config/limits.hpp"
#include "config/suggest.hpp"
#include "taskgraph/generators.hpp"

namespace aqlsim::taskgraph {
namespace {

constexpr auto kMaxTasks = static_cast<std::int64_t>(limits::kMaxGraphTasks);

std::size_t positive(const YamlNode& spec, std::string_view key, std::int64_t max) {
  return static_cast<std::size_t>(spec.require(key).as_int(1, max));
}

// Empty when not given: the tasks then take the graph's default_kernel.
std::string kernel_of(const YamlNode& spec) {
  const auto kernel = spec.get("kernel");
  return kernel ? kernel->as_identifier() : "";
}

TaskGraph build_chain(const YamlNode& spec) {
  return chain(positive(spec, "n", kMaxTasks), kernel_of(spec));
}

TaskGraph build_fork_join(const YamlNode& spec) {
  const std::size_t width = positive(spec, "width", kMaxTasks);
  const std::size_t stages = positive(spec, "stages", kMaxTasks);
  // (stages + 1) sync tasks and width * stages work tasks; each factor is at most kMaxTasks.
  if (width * stages + stages + 1 > limits::kMaxGraphTasks) {
    spec.fail(
        fmt::format("a fork-join of width {} and {} stages has more than {} tasks (the limit)",
                    width, stages, kMaxTasks));
  }
  return fork_join(width, stages, kernel_of(spec));
}

TaskGraph build_diamond(const YamlNode& spec) {
  return diamond(kernel_of(spec));
}

TaskGraph build_nw(const YamlNode& spec) {
  return needleman_wunsch(positive(spec, "n", 1000), kernel_of(spec));  // n^2 tasks
}

TaskGraph build_cholesky(const YamlNode& spec) {
  return cholesky(positive(spec, "tiles", 100));  // about tiles^3 / 6 tasks
}

// DAGGEN's layers are about P = n^fat wide (the first at least P * regularity), and every task
// below the first layer has 1 + U[0, density * width above) parents, at most that width: about
// (n - P * regularity) * min(P, 1 + density P / 2) edges. Checked before generating, so that a
// large n with a high fat and density is refused at once rather than after minutes (TaskGraph
// enforces the limit exactly as edges are added).
double expected_layered_edges(const DaggenParams& p) {
  const double n = static_cast<double>(p.n);
  const double perfect = std::max(1.0, std::floor(std::pow(n, p.fat) + 1e-9));
  const double below_first = std::max(0.0, n - std::floor(perfect * p.regularity));
  return below_first * std::min(perfect, 1.0 + p.density * perfect / 2);
}

TaskGraph build_layered(const YamlNode& spec) {
  const DaggenParams defaults;
  const DaggenParams params{
      .n = positive(spec, "n", kMaxTasks),
      .fat = spec.double_or("fat", defaults.fat, 0, 1),
      .density = spec.double_or("density", defaults.density, 0, 1),
      .regularity = spec.double_or("regularity", defaults.regularity, 0, 1),
      .jump = static_cast<std::size_t>(
          spec.int_or("jump", static_cast<std::int64_t>(defaults.jump), 1, kMaxTasks)),
      .seed =
          static_cast<std::uint64_t>(spec.int_or("seed", static_cast<std::int64_t>(defaults.seed),
                                                 0, std::numeric_limits<std::int64_t>::max())),
  };
  const double edges = expected_layered_edges(params);
  if (edges > static_cast<double>(limits::kMaxGraphEdges)) {
    spec.fail(fmt::format(
        "a layered graph of n={}, fat={:g}, density={:g} has about {:.3g} edges, more than the "
        "limit of {}; lower n, fat or density",
        params.n, params.fat, params.density, edges, limits::kMaxGraphEdges));
  }
  return layered_random(params, kernel_of(spec));
}

struct GeneratorKind {
  std::string_view name;
  std::vector<std::string> keys;  // every key the spec may have, `kind` included
  TaskGraph (*build)(const YamlNode& spec);
};

const std::vector<GeneratorKind>& generator_kinds() {
  static const std::vector<GeneratorKind> kinds{
      {"chain", {"kind", "n", "kernel"}, build_chain},
      {"fork-join", {"kind", "width", "stages", "kernel"}, build_fork_join},
      {"diamond", {"kind", "kernel"}, build_diamond},
      {"nw", {"kind", "n", "kernel"}, build_nw},
      {"cholesky", {"kind", "tiles"}, build_cholesky},
      {"layered",
       {"kind", "n", "fat", "density", "regularity", "jump", "seed", "kernel"},
       build_layered},
  };
  return kinds;
}

[[noreturn]] void fail_unknown_kind(const YamlNode& kind_node, const std::string& kind) {
  std::vector<std::string> names;
  for (const GeneratorKind& known : generator_kinds())
    names.emplace_back(known.name);
  std::string message = fmt::format("unknown graph kind '{}'", kind);
  if (auto near = nearest_word(kind, names)) message += fmt::format(" (did you mean '{}'?)", *near);
  message += fmt::format("; expected one of: {}", fmt::join(names, ", "));
  kind_node.fail(message);
}

}  // namespace

TaskGraph generate_graph(const YamlNode& spec) {
  const YamlNode kind_node = spec.require("kind");
  const std::string kind = kind_node.as_identifier();
  for (const GeneratorKind& known : generator_kinds()) {
    if (known.name != kind) continue;
    spec.allow_keys(known.keys);
    return known.build(spec);
  }
  fail_unknown_kind(kind_node, kind);
}

}  // namespace aqlsim::taskgraph
