#pragma once
// Experiments: many runs of workloads under several policies and parameter sweeps. An
// experiment file lists workloads, policies and sweeps (README: Command line, "Experiment files");
// a plain workload file is an experiment of one workload.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "config/yaml_node.hpp"
#include "scenario/scenario.hpp"

namespace aqlsim {

// One swept key and the values it takes (as YAML text, e.g. "4" or "round-robin:8").
struct Sweep {
  std::string key;
  std::vector<std::string> values;
};

// A `pairs` workload whose second kernel arrives at a fraction of the first kernel's runtime
// alone: that runtime depends on the run's device, settings and seed, so the arrival is set per
// run (resolve_second_arrival), where `second_arrival` is written in the experiment file.
struct RelativeArrival {
  double fraction = 0;
  SourceLocation where;
};

// A workload of an experiment: a file, or YAML text generated from the experiment file. A
// file's text is read once, when the experiment is loaded.
struct WorkloadSource {
  std::string name;  // the file, or a generated name such as "aes_d+sha1"
  std::string path;  // empty for generated text
  std::string text;
  std::optional<RelativeArrival> second_arrival;  // none: every arrival is in the text
  // Generated text: its kernel library's absolute path as the text writes it (a YAML scalar),
  // which a shard's fingerprint leaves out (the library's text counts instead), so that shards
  // made in checkouts at other paths merge.
  std::string library_yaml{};
};

// Where each `set` entry and sweep assignment ("key=value") of an experiment file was written,
// so that an error in one names the experiment file rather than a --set option.
using OverrideOrigins = std::map<std::string, SourceLocation>;

struct ExperimentSpec {
  std::string description;
  std::vector<WorkloadSource> workloads;
  std::vector<std::string> policies;   // each a queue-mapping or thread-block policy name
  std::string baseline;                // policy that speedups are measured against
  std::vector<Sweep> sweeps;           // cartesian product
  std::vector<std::string> overrides;  // --set for every run
  bool measure_alone = true;           // false: makespan only, no T_SP runs
  SourceLocation baseline_where;       // the `baseline` key or the --baseline option
  OverrideOrigins override_origins;    // of the file's `set` entries and sweep values
};

// What the workload generators (`pairs`, `arrival_orders`) read alike: `device`, written on one
// line (flow style) for generated workload text, and `kernels`, a kernel library named relative
// to the experiment file, as an absolute path, and that path as a YAML scalar for the text (a
// `"` or `\t` in a folder's name, pasted between quotes, broke the text or named another file).
struct GeneratorSource {
  std::string device;
  std::string library;
  std::string library_yaml;
};
GeneratorSource read_generator_source(const YamlNode& node);

// A generator's time (`second_arrival`, `spacing`). One in cycles is written into the generated
// workloads in cycles, so that each run converts it with its own clock (a swept clock_mhz).
struct GeneratedTime {
  Tick ticks = 0;                // at the generator's device clock, for its checks
  std::optional<double> cycles;  // when given in cycles
  // `n` of it, as a workload's `at` value.
  std::string times(std::uint64_t n) const;
};
GeneratedTime read_generated_time(const YamlNode& node, double clock_mhz);

// Loads `text`, the workload that a generator (`pairs`, `arrival_orders`: `node`) makes to read
// its device and kernel library, named `name`. An error in it is reported in the experiment file:
// at `device` or `kernels`, and one inside the library as in the library included from `kernels`.
Scenario load_generator_probe(const YamlNode& node, const std::string& text,
                              const std::string& name);

// The kernel `name` names, which must be in `probe` (a workload that reads `library`).
std::string library_kernel(const YamlNode& name, const Scenario& probe, const std::string& library);

// Loads a workload of an experiment from its text. An error in an override listed in
// `origins` is reported where the experiment file gives it.
Scenario load_workload_source(const WorkloadSource& source,
                              const std::vector<std::string>& overrides,
                              const OverrideOrigins& origins = {});

// Throws InputError unless every policy is a registered one, given once, and the baseline (if
// any) is one of them. `policies_where` names the --policies option when it gave them.
void check_policies(const ExperimentSpec& spec,
                    const std::optional<SourceLocation>& policies_where);

// Reads an experiment file, or wraps a workload file as a one-workload experiment.
ExperimentSpec load_experiment(const std::string& path);

// "key=v1,v2,v3" as given to --sweep: distinct values, none empty.
Sweep parse_sweep(const std::string& text);

// Adds the --sweep `text` to the experiment, where an error in one of its values is then reported
// at the option. Sweeping a key the experiment already sweeps is an error: its rows would be
// labelled with the values of one sweep and show the runs of the other.
void add_sweep(ExperimentSpec& spec, const std::string& text);

// Adds --set assignments over the experiment's own `set` entries: an entry of the same key, or of
// a key inside one given (`device.compute_units` under `device`), is dropped. Each key once, and
// none that is swept: the sweep's values would replace it.
void add_set_options(ExperimentSpec& spec, const std::vector<std::string>& assignments);

}  // namespace aqlsim
