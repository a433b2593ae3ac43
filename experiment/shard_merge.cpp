#include "experiment/shard_merge.hpp"

#include <fmt/format.h>

#include <map>
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
                                        "only with the same experiment file, options and seed",
                                        first.path, h.experiment, h.runs, first.path,
                                        first.header.experiment, first.header.runs));
  }
  if (h.shard.count != first.header.shard.count) {
    throw InputError(where, fmt::format("shard {}/{} overlaps {}, shard {}/{}: every shard must "
                                        "come from one split (--shard I/N with the same N)",
                                        h.shard.index, h.shard.count, first.path,
                                        first.header.shard.index, first.header.shard.count));
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
  return runs;
}

}  // namespace aqlsim
