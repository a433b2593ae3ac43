#pragma once
// The HTML report of a comparison, from the CSV of `aqlsim compare --csv`: per sweep point and
// policy the geometric mean of each metric over the workloads with its spread (min, max), in a
// table (Pai et al. tables 5 and 6) and in grouped bar charts (López-Albelda et al. figure 4),
// and the speedup in makespan over a baseline policy.
#include <optional>
#include <string>
#include <vector>

namespace aqlsim::report {

// One row of the CSV.
struct CompareRun {
  std::string workload;
  std::vector<std::string> point;  // the sweep values
  std::string policy;
  std::string status;
  double makespan_us = 0, stp = 0, antt = 0, fairness = 0, dntt = 0, slot_idle_us = 0;
};

struct CompareTable {
  std::vector<std::string> sweep_keys;
  std::vector<CompareRun> runs;
};

// Parses the CSV text of the file `name`; throws InputError (with the line and column) for an
// empty file, another header, bad quoting, a row with the wrong number of fields or a bad number.
CompareTable parse_compare_csv(const std::string& text, const std::string& name);

// A metric over the completed runs of a group: its mean, smallest and largest value. The mean is
// geometric, as Pai et al.'s tables take it, except for DNTT: a spread of NTTs is 0 when they are
// all equal, and one 0 would make a geometric mean 0.
enum class Mean { geometric, arithmetic };
struct Spread {
  std::size_t n = 0;
  double mean = 0, min = 0, max = 0;
  Mean kind = Mean::geometric;
  const char* mean_name() const { return kind == Mean::geometric ? "geometric mean" : "mean"; }
};
Spread spread(const std::vector<double>& values, Mean kind = Mean::geometric);

// One (sweep point, policy), in order of first appearance.
struct CompareGroup {
  std::vector<std::string> point;
  std::string policy;
  std::size_t runs = 0, completed = 0;
  Spread makespan, stp, antt, fairness, dntt, speedup;
  double slot_idle_us = 0;  // arithmetic mean
};

// `baseline`: the policy speedups are measured against (per workload and point, as `compare`
// does); none when it is not in the table.
std::vector<CompareGroup> summarise_compare(const CompareTable& table, const std::string& baseline);

// The policies of the table, in order of first appearance.
std::vector<std::string> compare_policies(const CompareTable& table);

// `baseline`: one of the table's policies (`aqlsim report --baseline` checks it), or empty for
// the first.
std::string compare_page(const CompareTable& table, const std::string& csv_name,
                         std::string baseline);

}  // namespace aqlsim::report
