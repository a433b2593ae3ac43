#pragma once
// Putting the shards of a comparison back together (`aqlsim merge`).
#include <vector>

#include "experiment/shard_file.hpp"

namespace aqlsim {

// The runs of the whole comparison, in run order, from every one of its shards (in any order).
// Throws InputError naming the file and line of the first shard that is of another experiment
// or another split (--shard I/N with another N), or that repeats one given before; and, when
// none of those, naming the shards that are missing.
std::vector<RunSummary> merge_shards(const std::vector<ShardFile>& shards);

}  // namespace aqlsim
