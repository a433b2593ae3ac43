// `aqlsim merge`: the shards of a comparison (`compare --shard I/N`) put back together, giving
// the summary and the CSV that the comparison run whole gives.
#include <memory>
#include <optional>

#include "cli/commands.hpp"
#include "cli/compare_output.hpp"
#include "experiment/shard_merge.hpp"

namespace aqlsim::cli {
namespace {

struct MergeCli {
  std::vector<std::string> files;
  std::string csv;
};

// What the summary needs of the experiment, from a shard's header.
ExperimentSpec summary_spec(const ShardHeader& header) {
  ExperimentSpec spec;
  spec.description = header.description;
  spec.baseline = header.baseline;
  for (const std::string& key : header.sweep_keys)
    spec.sweeps.push_back({key, {}});
  return spec;
}

int merge(const MergeCli& o) {
  std::vector<PathArgument> inputs;
  for (const std::string& file : o.files)
    inputs.push_back({"the input shard", file});
  check_output_paths(inputs, {{"-o", o.csv}});
  std::optional<OutputFile> csv;  // opened first: a bad path fails before reading the shards
  if (!o.csv.empty()) csv.emplace(o.csv, "CSV");
  std::vector<ShardFile> shards;
  for (const std::string& file : o.files)
    shards.push_back(read_shard(file));
  const std::vector<RunSummary> runs = merge_shards(shards);
  const ExperimentSpec spec = summary_spec(shards.front().header);
  print_summary(spec, runs);
  if (csv) write_csv(*csv, spec, runs);
  return comparison_status(runs);
}

}  // namespace

void add_merge_command(CLI::App& app, Action& action) {
  auto o = std::make_shared<MergeCli>();
  CLI::App* cmd = app.add_subcommand(
      "merge", "Put the shards of a comparison (compare --shard I/N) back together");
  cmd->add_option("shards", o->files, "Every shard file of the comparison, in any order")
      ->required();
  add_output_option(*cmd, "-o,--csv", o->csv,
                    "Write the comparison's CSV, as compare --csv writes it");
  cmd->callback([&action, o] { action = [o] { return merge(*o); }; });
}

}  // namespace aqlsim::cli
