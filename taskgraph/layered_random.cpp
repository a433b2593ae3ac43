// DAGGEN's random layered DAG (F. Suter and S. Hunold, github.com/frs69wq/daggen, daggen.c):
// the same steps and parameter meanings, with our own portable random draws.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <vector>

#include "taskgraph/generated_task.hpp"
#include "taskgraph/generators.hpp"
#include "taskgraph/seeded_random.hpp"

namespace aqlsim::taskgraph {
namespace {

using Layers = std::vector<std::vector<TaskId>>;

// DAGGEN's getIntRandomNumberAround: x scaled by a factor in [1 - latitude, 1 + latitude),
// never below 1.
std::size_t around(SeededRandom& random, std::size_t x, double latitude) {
  const double factor = 1.0 + random.between(-latitude, latitude);
  return std::max<std::size_t>(1, static_cast<std::size_t>(static_cast<double>(x) * factor));
}

// Layer widths summing to n, each around the perfect width n^fat.
std::vector<std::size_t> layer_widths(const DaggenParams& params, SeededRandom& random) {
  // The small epsilon keeps exact powers (100^0.5) from flooring to one less.
  const double perfect = std::floor(std::pow(static_cast<double>(params.n), params.fat) + 1e-9);
  std::vector<std::size_t> widths;
  for (std::size_t total = 0; total < params.n;) {
    const std::size_t width =
        std::min(around(random, static_cast<std::size_t>(perfect), 1.0 - params.regularity),
                 params.n - total);
    widths.push_back(width);
    total += width;
  }
  return widths;
}

Layers add_layers(TaskGraph& graph, const std::vector<std::size_t>& widths,
                  const std::string& kernel) {
  Layers layers(widths.size());
  for (std::size_t l = 0; l < widths.size(); ++l) {
    for (std::size_t i = 0; i < widths[l]; ++i) {
      layers[l].push_back(add_generated_task(graph, fmt::format("r_{}_{}", l, i), kernel));
    }
  }
  return layers;
}

// Makes the task at `start` in `layer` a parent of `child`, or the next task of the layer that
// is not yet one (DAGGEN's linear probing). When all of them are, DAGGEN gives up on this
// parent, and so do we.
void add_unused_parent(TaskGraph& graph, const std::vector<TaskId>& layer, std::size_t start,
                       TaskId child) {
  for (std::size_t m = 0; m < layer.size(); ++m) {
    const TaskId parent = layer[(start + m) % layer.size()];
    if (!graph.has_edge(parent, child)) {
      graph.add_edge(parent, child);
      return;
    }
  }
}

// 1 + U[0, density * width of the layer above) parents (at most that width), each in a layer
// 1..jump above, chosen uniformly in it.
void add_parents(TaskGraph& graph, const Layers& layers, std::size_t l, TaskId child,
                 const DaggenParams& params, SeededRandom& random) {
  const std::size_t above = layers[l - 1].size();
  const auto drawn = static_cast<std::size_t>(random.between(0.0, params.density * above));
  const std::size_t count = std::min(1 + drawn, above);
  for (std::size_t k = 0; k < count; ++k) {
    const std::size_t span = 1 + random.below(params.jump);
    const std::vector<TaskId>& layer = layers[l - std::min(l, span)];
    add_unused_parent(graph, layer, random.below(layer.size()), child);
  }
}

// The YAML reader reports bad values with their location; this catches direct callers.
void check(const DaggenParams& params) {
  const auto fraction = [](double x) { return x >= 0.0 && x <= 1.0; };
  if (!fraction(params.fat) || !fraction(params.density) || !fraction(params.regularity) ||
      params.jump < 1) {
    throw std::invalid_argument(
        "layered_random: fat, density and regularity must lie in [0, 1] and jump be >= 1");
  }
}

}  // namespace

TaskGraph layered_random(const DaggenParams& params, const std::string& kernel) {
  check(params);
  SeededRandom random(params.seed);
  TaskGraph graph;
  const Layers layers = add_layers(graph, layer_widths(params, random), kernel);
  for (std::size_t l = 1; l < layers.size(); ++l) {
    for (const TaskId child : layers[l])
      add_parents(graph, layers, l, child, params, random);
  }
  return graph;
}

}  // namespace aqlsim::taskgraph
