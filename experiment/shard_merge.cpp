#include "experiment/shard_merge.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace aqlsim {
namespace {

// The shards placed so far, by index: a map, since a header's N is only bounded by its runs.
using Placed = std::map<std::size_t, const ShardFile*>;

// Throws unless `shard` belongs with `first` and is not one of those already placed.
void check_belongs(const ShardFile& shard, const ShardFile& first, const Placed& placed) {
  const ShardHeader& h = shard.header;
  const SourceLocation where{shard.path, 1, 1};
  if (h.experiment != first.header.experiment || h.runs != first.header.runs) {
    throw InputError(where, fmt::format("a shard of another comparison than {} (experiment {}, "
                                        "{} runs; {} has experiment {}, {} runs): shards merge "
                                        "only with the same experiment file, options and seed, "
                                        "and its workloads named by the same paths (the CSV's "
                                        "workload column)",
                                        first.path, h.experiment, h.runs, first.path,
                                        first.header.experiment, first.header.runs));
  }
  if (h.shard.count != first.header.shard.count) {
    throw InputError(where, fmt::format("shard {}/{} overlaps {}, shard {}/{}: every shard must "
                                        "come from one split (--shard I/N with the same N)",
                                        h.shard.index, h.shard.count, first.path,
                                        first.header.shard.index, first.header.shard.count));
  }
  // The fingerprint covers these; a header edited in one shard must not change the summary
  // with the order the shards are given in.
  if (h.baseline != first.header.baseline || h.description != first.header.description ||
      h.sweep_keys != first.header.sweep_keys) {
    throw InputError(where, fmt::format("the header or titles differ from those of {} (its "
                                        "baseline, description or swept keys): was a shard "
                                        "edited?",
                                        first.path));
  }
  if (const auto twin = placed.find(h.shard.index); twin != placed.end()) {
    throw InputError(where, fmt::format("shard {}/{} is given twice (also {})", h.shard.index,
                                        h.shard.count, twin->second->path));
  }
}

// Names the first few missing shards of `count` (a split may have millions).
std::string missing_message(const Placed& placed, std::size_t count) {
  constexpr std::size_t kNamed = 10;
  const std::size_t missing = count - placed.size();
  std::vector<std::string> named;
  for (std::size_t i = 0; i < count && named.size() < kNamed; ++i) {
    if (!placed.contains(i)) named.push_back(fmt::format("{}/{}", i, count));
  }
  const std::string more =
      missing > named.size() ? fmt::format(" and {} more", missing - named.size()) : "";
  return fmt::format("missing shard{} {}{} of {}: merge needs all {} shards",
                     missing > 1 ? "s" : "", fmt::join(named, ", "), more, count, count);
}

// Whether two runs in the same place of two sweep points agree on their policy. A listed policy
// is the same at every point; without a list, a run's label is its workload's own policies
// (own_policies_label), which a sweep of `scheduling` changes from point to point.
bool same_policy(const std::string& a, const std::string& b) {
  const auto own = [](const std::string& label) { return label.find('+') != std::string::npos; };
  return a == b || (own(a) && own(b));
}

bool same_applications(const RunSummary& a, const RunSummary& b) {
  return std::ranges::equal(a.application_ntt, b.application_ntt,
                            [](const auto& x, const auto& y) { return x.first == y.first; });
}

// The comparison's runs come in blocks, one per sweep point, each holding the same (workload,
// policy) pairs in the same order (compare.cpp: plan). A run that breaks this was edited: its
// labels would put it under another workload, policy or point of the summary.
void check_layout(const std::vector<RunSummary>& runs,
                  const std::vector<const ShardFile*>& by_index) {
  const auto place = [&](std::size_t i) {
    const ShardFile& shard = *by_index[i % by_index.size()];
    return SourceLocation{shard.path, static_cast<int>(3 + i / by_index.size()), 1};
  };
  const auto label = [&](std::size_t i) {
    return fmt::format("run {} (workload {}, policy {}, at {})", runs[i].run, runs[i].workload,
                       runs[i].policy, fmt::join(runs[i].point, ", "));
  };
  const auto fail = [&](std::size_t i, std::size_t other, std::string_view why) {
    throw InputError(
        place(i), fmt::format("{} {} {}, {}:{}: every sweep point runs the same "
                              "workloads under the same policies, in one order "
                              "(was a shard edited?)",
                              label(i), why, label(other), by_index[other % by_index.size()]->path,
                              place(other).line));
  };
  if (runs.empty()) return;
  std::map<std::vector<std::string>, std::size_t> runs_at;  // by point
  for (const RunSummary& r : runs)
    ++runs_at[r.point];
  const auto by_count = [](const auto& a, const auto& b) { return a.second < b.second; };
  const auto fewest = std::ranges::min_element(runs_at, by_count);
  const auto most = std::ranges::max_element(runs_at, by_count);
  // A point with fewer runs than another holds a run whose point was edited (the fewest: the
  // edited value itself).
  const auto at_point = [&](const std::vector<std::string>& point) {
    return static_cast<std::size_t>(
        std::ranges::find_if(runs, [&](const RunSummary& r) { return r.point == point; }) -
        runs.begin());
  };
  if (fewest->second != most->second)
    fail(at_point(fewest->first), at_point(most->first), "has fewer runs at its point than");
  const std::size_t block = most->second;
  std::map<std::pair<std::string, std::string>, std::size_t> first_block;
  // The first run of each workload at each point that measured its applications: the others
  // measure the same ones (a policy does not change a workload's applications).
  std::map<std::pair<std::string, std::vector<std::string>>, std::size_t> measured;
  for (std::size_t i = 0; i < runs.size(); ++i) {
    const RunSummary& r = runs[i];
    if (!r.application_ntt.empty()) {
      const auto [other, added] = measured.try_emplace({r.workload, r.point}, i);
      if (!added && !same_applications(r, runs[other->second]))
        fail(i, other->second, "measures other applications than");
    }
    if (i < block) {
      const auto [twin, added] = first_block.try_emplace({r.workload, r.policy}, i);
      if (!added) fail(i, twin->second, "repeats the workload and policy of");
    } else if (r.workload != runs[i % block].workload ||
               !same_policy(r.policy, runs[i % block].policy)) {
      fail(i, i % block, "stands where its point should repeat the workload and policy of");
    } else if (r.point != runs[i - i % block].point) {
      fail(i, i - i % block, "is at another point than");
    }
  }
}

// compare takes a baseline only from the policies it runs.
void check_baseline(const ShardFile& first, const std::vector<RunSummary>& runs) {
  const std::string& baseline = first.header.baseline;
  if (baseline.empty() || runs.empty() ||
      std::ranges::any_of(runs, [&](const RunSummary& r) { return r.policy == baseline; }))
    return;
  throw InputError(
      {first.path, 1, 1},
      fmt::format("the baseline '{}' is the policy of no run (was a shard edited?)", baseline));
}

}  // namespace

std::vector<RunSummary> merge_shards(const std::vector<ShardFile>& shards) {
  if (shards.empty()) return {};
  const ShardFile& first = shards.front();
  const std::size_t count = first.header.shard.count;
  Placed placed;
  for (const ShardFile& shard : shards) {
    check_belongs(shard, first, placed);
    placed[shard.header.shard.index] = &shard;
  }
  if (placed.size() != count) throw InputError({first.path, 1, 1}, missing_message(placed, count));
  // Every shard is here, each holding exactly its runs: run i is the (i / N)-th run of shard
  // i % N.
  std::vector<const ShardFile*> by_index;
  by_index.reserve(count);
  for (const auto& [index, shard] : placed)
    by_index.push_back(shard);
  std::vector<RunSummary> runs;
  runs.reserve(first.header.runs);
  for (std::size_t i = 0; i < first.header.runs; ++i)
    runs.push_back(by_index[i % count]->runs[i / count]);
  check_layout(runs, by_index);
  check_baseline(first, runs);
  return runs;
}

}  // namespace aqlsim
