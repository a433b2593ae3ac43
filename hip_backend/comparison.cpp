#include "hip_backend/comparison.hpp"

#include <fmt/format.h>

#include <cmath>
#include <map>

#include "report/csv.hpp"

namespace aqlsim::hip {
namespace {

// 0 when nothing was measured (an empty kernel has no error to speak of).
double relative_error(Tick simulated, Tick measured) {
  if (measured == 0) return 0;
  return static_cast<double>(simulated - measured) / static_cast<double>(measured);
}

}  // namespace

RunComparison compare_runs(const RunReport& simulated, const RunReport& measured) {
  std::map<std::string, const KernelResult*> by_name;
  for (const KernelResult& k : measured.kernels)
    by_name[k.name] = &k;
  RunComparison c;
  double error_sum = 0;
  for (const KernelResult& s : simulated.kernels) {
    const KernelResult& m = *by_name.at(s.name);
    KernelComparison k{.name = s.name,
                       .simulated_turnaround = s.turnaround(),
                       .measured_turnaround = m.turnaround(),
                       .simulated_duration = s.end - s.start,
                       .measured_duration = m.end - m.start,
                       .turnaround_error = relative_error(s.turnaround(), m.turnaround()),
                       .duration_error = relative_error(s.end - s.start, m.end - m.start)};
    error_sum += std::abs(k.turnaround_error);
    c.kernels.push_back(std::move(k));
  }
  c.simulated_makespan = simulated.makespan;
  c.measured_makespan = measured.makespan;
  c.makespan_error = relative_error(simulated.makespan, measured.makespan);
  if (!c.kernels.empty()) c.mean_abs_turnaround_error = error_sum / c.kernels.size();
  c.simulated = simulated.metrics;
  c.measured = measured.metrics;
  return c;
}

void write_comparison_table(std::ostream& out, const RunComparison& c) {
  out << fmt::format("{:<24} {:>14} {:>14} {:>8} {:>14} {:>14} {:>8}\n", "kernel", "sim turn (us)",
                     "meas turn (us)", "err %", "sim run (us)", "meas run (us)", "err %");
  for (const KernelComparison& k : c.kernels) {
    out << fmt::format("{:<24} {:>14.3f} {:>14.3f} {:>8.1f} {:>14.3f} {:>14.3f} {:>8.1f}\n", k.name,
                       to_us(k.simulated_turnaround), to_us(k.measured_turnaround),
                       100 * k.turnaround_error, to_us(k.simulated_duration),
                       to_us(k.measured_duration), 100 * k.duration_error);
  }
  out << fmt::format("makespan: simulated {:.3f} us, measured {:.3f} us, error {:.1f} %\n",
                     to_us(c.simulated_makespan), to_us(c.measured_makespan),
                     100 * c.makespan_error);
  out << fmt::format("mean |turnaround error|: {:.1f} %\n", 100 * c.mean_abs_turnaround_error);
  out << fmt::format("{:<10} {:>10} {:>10}\n", "metric", "simulated", "measured");
  // "-": not measured (no alone runs, or a run that did not finish), as the run table shows it.
  const auto cell = [](double value, bool measured) {
    return measured ? fmt::format("{:.3f}", value) : std::string("-");
  };
  const bool simulated = c.simulated.measured();
  const bool measured = c.measured.measured();
  const auto metric = [&](const char* name, double s, double m) {
    out << fmt::format("{:<10} {:>10} {:>10}\n", name, cell(s, simulated), cell(m, measured));
  };
  metric("STP", c.simulated.stp, c.measured.stp);
  metric("ANTT", c.simulated.antt, c.measured.antt);
  metric("fairness", c.simulated.fairness, c.measured.fairness);
  metric("DNTT", c.simulated.dntt, c.measured.dntt);
}

void write_comparison_csv(std::ostream& out, const RunComparison& c) {
  out << "kernel,simulated_turnaround_us,measured_turnaround_us,turnaround_error_pct,"
         "simulated_run_us,measured_run_us,run_error_pct\n";
  for (const KernelComparison& k : c.kernels) {
    out << fmt::format("{},{},{},{},{},{},{}\n", report::csv_field(k.name),
                       to_us(k.simulated_turnaround), to_us(k.measured_turnaround),
                       100 * k.turnaround_error, to_us(k.simulated_duration),
                       to_us(k.measured_duration), 100 * k.duration_error);
  }
}

}  // namespace aqlsim::hip
