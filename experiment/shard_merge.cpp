#include "experiment/shard_merge.hpp"

#include <fmt/format.h>

namespace aqlsim {
namespace {

// Throws unless `shard` belongs with `first` and is not one of those already placed.
void check_belongs(const ShardFile& shard, const ShardFile& first,
                   const std::vector<const ShardFile*>& placed) {
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
  if (const ShardFile* twin = placed[h.shard.index]) {
    throw InputError(where, fmt::format("shard {}/{} is given twice (also {})", h.shard.index,
                                        h.shard.count, twin->path));
  }
}

std::string missing_message(const std::vector<const ShardFile*>& placed) {
  std::vector<std::string> missing;
  for (std::size_t i = 0; i < placed.size(); ++i) {
    if (!placed[i]) missing.push_back(fmt::format("{}/{}", i, placed.size()));
  }
  return fmt::format("missing shard{} {} of {}: merge needs all {} shards",
                     missing.size() > 1 ? "s" : "", fmt::join(missing, ", "), placed.size(),
                     placed.size());
}

}  // namespace

std::vector<RunSummary> merge_shards(const std::vector<ShardFile>& shards) {
  if (shards.empty()) return {};
  const ShardFile& first = shards.front();
  std::vector<const ShardFile*> placed(first.header.shard.count, nullptr);
  for (const ShardFile& shard : shards) {
    check_belongs(shard, first, placed);
    placed[shard.header.shard.index] = &shard;
  }
  if (std::find(placed.begin(), placed.end(), nullptr) != placed.end())
    throw InputError({first.path, 1, 1}, missing_message(placed));
  // Run i is the (i / N)-th run of shard i % N.
  std::vector<RunSummary> runs;
  runs.reserve(first.header.runs);
  for (std::size_t i = 0; i < first.header.runs; ++i)
    runs.push_back(placed[i % placed.size()]->runs[i / placed.size()]);
  return runs;
}

}  // namespace aqlsim
