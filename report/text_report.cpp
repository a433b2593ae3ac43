#include "report/text_report.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "config/counted.hpp"

namespace aqlsim {
namespace {

std::string header(const Scenario& s, const RunReport& r) {
  const std::string kernels = r.kernel_scheduler == "none"
                                  ? std::string()
                                  : fmt::format(", kernels {} ({})", r.kernel_scheduler,
                                                preemption_mechanism_name(r.mechanism));
  return fmt::format("{} on {} ({}, {}), queue mapping {}, thread blocks {}{}, seed {}\n", s.source,
                     s.device.name, counted(s.device.compute_units, "CU"),
                     counted(s.device.front_end.hw_queues, "hardware queue"), r.queue_mapping,
                     r.thread_block, kernels, r.seed);
}

// With metrics_per: queue, one row per queue taken as an application.
std::string application_table(const RunReport& r) {
  if (r.applications.empty()) return {};
  std::string out =
      fmt::format("\n{:<16}  {:>7}  {:>12}  {:>12}  {:>12}  {:>12}  {:>7}\n", "application",
                  "kernels", "arrival_us", "end_us", "turnaround", "alone_us", "NTT");
  for (const ApplicationResult& a : r.applications) {
    const std::string alone = a.alone > 0 ? fmt::format("{:.3f}", to_us(a.alone)) : "-";
    const std::string ntt = a.alone > 0 ? fmt::format("{:.3f}", a.ntt) : "-";
    out +=
        fmt::format("{:<16}  {:>7}  {:>12.3f}  {:>12.3f}  {:>12.3f}  {:>12}  {:>7}\n", a.queue,
                    a.kernels, to_us(a.arrival), to_us(a.end), to_us(a.turnaround()), alone, ntt);
  }
  return out;
}

std::string kernel_table(const RunReport& r) {
  std::size_t name_w = 6;
  std::size_t kernel_w = 6;
  std::size_t queue_w = 5;
  for (const KernelResult& k : r.kernels) {
    name_w = std::max(name_w, k.name.size());
    kernel_w = std::max(kernel_w, k.kernel.size());
    queue_w = std::max(queue_w, k.queue.size());
  }
  std::string out =
      fmt::format("{:<{}}  {:<{}}  {:<{}}  {:>8}  {:>12}  {:>12}  {:>12}  {:>12}  {:>12}  {:>7}\n",
                  "packet", name_w, "kernel", kernel_w, "queue", queue_w, "wgs", "arrival_us",
                  "start_us", "end_us", "turnaround", "alone_us", "NTT");
  for (const KernelResult& k : r.kernels) {
    // Without an alone run (--no-alone) there is no T_SP and no NTT to show.
    const std::string alone = k.alone > 0 ? fmt::format("{:.3f}", to_us(k.alone)) : "-";
    const std::string ntt = k.alone > 0 ? fmt::format("{:.3f}", k.ntt) : "-";
    out += fmt::format(
        "{:<{}}  {:<{}}  {:<{}}  {:>8}  {:>12.3f}  {:>12.3f}  {:>12.3f}  {:>12.3f}  {:>12}  "
        "{:>7}\n",
        k.name, name_w, k.kernel, kernel_w, k.queue, queue_w, k.workgroups, to_us(k.arrival),
        to_us(k.start), to_us(k.end), to_us(k.turnaround()), alone, ntt);
  }
  return out;
}

// Why a run has no metrics: they need the run finished and, with metrics_per: queue, some queue
// that can run alone.
std::string_view no_metrics_reason(const RunReport& r) {
  if (r.outcome.status != RunStatus::completed) return "the run did not finish";
  if (!r.applications.empty()) return "no alone runs, or no queue that can run alone";
  return "no alone runs";
}

std::string makespan_and_metrics(const RunReport& r) {
  const std::string metrics =
      r.metrics.measured()
          ? fmt::format("STP {:.4f}   ANTT {:.4f}   fairness {:.4f}   DNTT {:.4f}", r.metrics.stp,
                        r.metrics.antt, r.metrics.fairness, r.metrics.dntt)
          : fmt::format("STP, ANTT, fairness, DNTT: not measured ({})", no_metrics_reason(r));
  return fmt::format("\nmakespan {:.3f} us   {}\n", to_us(r.makespan), metrics);
}

std::string summary(const RunReport& r) {
  const auto& t = r.hw.slot_time;
  const auto us = [&](SlotActivity a) { return sum_to_us(t[static_cast<std::size_t>(a)]); };
  return makespan_and_metrics(r) +
         fmt::format(
             "hardware queues: {} maps, {} unmaps; slot time (us, all slots): idle {:.3f} "
             "(empty {:.3f}, blocked {:.3f}, starved {:.3f}), switching {:.3f}, processing {:.3f}\n"
             "simulated {} work-groups in {} events\n",
             r.hw.map_count, r.hw.unmap_count, sum_to_us(r.hw.slot_idle()), us(SlotActivity::empty),
             us(SlotActivity::blocked), us(SlotActivity::starved), us(SlotActivity::switching),
             us(SlotActivity::processing), r.workgroups, r.events);
}

std::string describe_blocked(const BlockedQueue& b) {
  std::string why;
  if (b.wait.barrier_bit) why = "its barrier bit waits for earlier packets of the queue";
  if (b.wait.dispatcher_full) why = "the dispatcher is full";
  if (b.wait.unpublished)
    why = "its header is INVALID: the packet processor waits for it to be published";
  if (!b.wait.signals.empty()) {
    std::string list;
    for (const auto& [name, value] : b.signal_values) {
      list += fmt::format("{}{} = {}", list.empty() ? "" : ", ", name, value);
    }
    why = fmt::format("it waits for {} of its signals to reach 0: {}", b.wait.any ? "one" : "all",
                      list);
  }
  if (why.empty()) why = "it cannot make progress";
  return fmt::format("  queue '{}', packet {} ({}){}: {}\n", b.queue, b.packet_index, b.packet_type,
                     b.mapped ? "" : ", not mapped", why);
}

}  // namespace

std::string report_to_text(const Scenario& scenario, const RunReport& report) {
  return header(scenario, report) + kernel_table(report) + application_table(report) +
         summary(report);
}

std::string measured_report_to_text(const Scenario& scenario, const RunReport& report,
                                    const std::string& ran_on) {
  return fmt::format("{} measured on {}, seed {}\n", scenario.source, ran_on, report.seed) +
         kernel_table(report) + application_table(report) + makespan_and_metrics(report);
}

std::string describe_failure(const RunOutcome& outcome) {
  std::string out;
  for (const QueueError& e : outcome.errors) {
    out += fmt::format("queue error: queue '{}', packet {}: {} (hsa_status_t {:#x})\n",
                       e.queue_name, e.packet_index, e.message, static_cast<unsigned>(e.status));
  }
  if (outcome.status == RunStatus::limit) {
    out += fmt::format("limit: {}; the kernels finished by then are reported\n", outcome.limit);
    for (const auto& [queue, packet] : outcome.unfinished)
      out += fmt::format("  queue '{}', packet {}: launched, unfinished\n", queue, packet);
    for (const BlockedQueue& b : outcome.blocked)
      out += fmt::format("  queue '{}', packet {} and later: not yet processed\n", b.queue,
                         b.packet_index);
  }
  // After a queue error the other queues ran on, and may have been left blocked by it.
  const bool stuck_after_error = outcome.status == RunStatus::queue_error &&
                                 (!outcome.blocked.empty() || !outcome.held.empty());
  if (outcome.status == RunStatus::deadlock || stuck_after_error) {
    out += outcome.status == RunStatus::deadlock
               ? "deadlock: work remains but nothing can make progress\n"
               : "and then the other queues' work remained but nothing could make progress\n";
    if (!outcome.livelock.empty()) out += "  livelock: " + outcome.livelock + "\n";
    for (const BlockedQueue& b : outcome.blocked)
      out += describe_blocked(b);
    for (const auto& [queue, packet] : outcome.held)
      out += fmt::format("  queue '{}', packet {}: the kernel scheduler holds its kernel\n", queue,
                         packet);
  }
  return out;
}

}  // namespace aqlsim
