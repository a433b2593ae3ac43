#pragma once
// Shard files: the runs that one `aqlsim compare --shard I/N` made, kept for `aqlsim merge`.
// The first line says which comparison and which shard they are, and carries what the summary
// needs besides the runs; then the record titles and one record per run, in run order:
//   #aqlsim-shard v1 shard=1/3 runs=24 experiment=0123456789abcdef baseline=fifo description=...
//   run,workload,KEY...,policy,status,makespan_us,...,applications
//   1,a.yaml,...
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "config/input_error.hpp"
#include "experiment/compare.hpp"

namespace aqlsim {

struct ShardHeader {
  std::string experiment;  // experiment_fingerprint
  Slice shard;
  std::size_t runs = 0;  // in the whole comparison
  std::string description;
  std::string baseline;
  std::vector<std::string> sweep_keys;
};

// "I/N" (--shard, and a shard file's header): shard I of N, counted from 0, so 0 <= I < N.
// Throws InputError at `where` for anything else.
Slice parse_shard(std::string_view text, const SourceLocation& where);

// 16 hexadecimal digits that change with anything that changes the runs or the summary: the
// experiment's workloads (their text, and that of `read_files`, the files they include or
// import: workload_input_files), policies, sweeps, settings, description and baseline, and the
// seed and the time and event limits of `options`. Shards with different fingerprints do not
// merge.
std::string experiment_fingerprint(const ExperimentSpec& spec, const CompareOptions& options,
                                   const std::vector<std::string>& read_files);

ShardHeader shard_header(const ExperimentSpec& spec, const CompareOptions& options,
                         const std::vector<std::string>& read_files, Slice shard);

void write_shard(std::ostream& out, const ShardHeader& header, const std::vector<RunSummary>& runs);

struct ShardFile {
  std::string path;
  ShardHeader header;
  std::vector<RunSummary> runs;  // exactly the shard's runs, in run order
};

// Reads and checks a shard file; throws InputError naming the file, line and column when it is
// not one or does not hold exactly its shard's runs in order (a truncated file, say).
ShardFile read_shard(const std::string& path);

}  // namespace aqlsim
