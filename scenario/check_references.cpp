// Cross-reference checks of a workload, once every section has been read.
#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <set>
#include <string_view>

#include "config/limits.hpp"
#include "config/suggest.hpp"
#include "hsa_model/occupancy.hpp"
#include "scenario/kernel_index.hpp"
#include "scenario/name_index.hpp"
#include "scenario/scenario_reader.hpp"

namespace aqlsim {
namespace {

std::string describe_fit_failure(const DeviceSpec& device, const WorkgroupDemand& demand,
                                 const Occupancy& o) {
  return fmt::format(
      "a work-group ({} waves of {} VGPRs, {} SGPRs, {} bytes LDS) fits on no compute unit: "
      "{} limits residency to 0 (CU: {} SIMDs x {} wave slots, {} VGPRs and {} SGPRs per SIMD, "
      "{} bytes LDS)",
      demand.waves, demand.vgprs_per_wave, demand.sgprs_per_wave, demand.lds_bytes, o.limiter,
      device.cu.simds, device.cu.waves_per_simd, device.cu.vgprs_per_simd, device.cu.sgprs_per_simd,
      device.cu.lds_bytes);
}

// Throws at `where` if a work-group of this shape cannot be placed on an empty CU.
void check_fits(const DeviceSpec& device, const KernelProfile& kernel, std::uint32_t workitems,
                std::uint32_t lds, const SourceLocation& where) {
  const WorkgroupDemand demand =
      workgroup_demand(device, workitems, kernel.vgprs, kernel.sgprs, lds);
  const Occupancy o = occupancy(device.cu, demand);
  if (o.max_residency == 0) {
    throw InputError(where, fmt::format("kernel '{}': {}", kernel.name,
                                        describe_fit_failure(device, demand, o)));
  }
  if (kernel.persistent_workers_per_cu > o.max_residency) {
    throw InputError(where, fmt::format("kernel '{}': {} persistent workers per CU cannot be "
                                        "resident at once: at most {} of its work-groups fit on "
                                        "a CU ({} limits it)",
                                        kernel.name, kernel.persistent_workers_per_cu,
                                        o.max_residency, o.limiter));
  }
}

class ReferenceChecker {
 public:
  explicit ReferenceChecker(const Scenario& s) : s_(s), kernels_(s.kernels) {}

  void run() {
    for (std::size_t i = 0; i < s_.kernels.size(); ++i) {
      const KernelProfile& k = s_.kernels[i];
      check_fits(s_.device, k, k.workgroup_size, k.lds_bytes, s_.kernel_locations[i]);
    }
    names_ = NameIndex(s_.signals.size() + s_.packet_count());
    for (const SignalSpec& signal : s_.signals)
      declare(signal.name, signal.where, true);
    std::set<std::string> queue_names;
    for (const QueueSpec& q : s_.queues) {
      if (!queue_names.insert(q.name).second) {
        throw InputError(q.where, fmt::format("queue '{}' is defined twice", q.name));
      }
      for (const PacketSpec& p : q.packets) {
        declare(p.name, p.where, p.kind != PacketSpec::Kind::raw);
        if (p.kind != PacketSpec::Kind::raw && !p.completion_signal.empty()) {
          shared_signal_[p.name] = p.completion_signal;
          ++decrementers_[p.completion_signal];
        }
      }
    }
    for (const QueueSpec& q : s_.queues) {
      for (const PacketSpec& p : q.packets)
        check_packet(p);
      check_waits_behind_itself(q);
    }
    for (const SignalSpec& signal : s_.signals)
      check_lowest_value(signal);
  }

 private:
  void declare(const std::string& name, const SourceLocation& where, bool has_signal) {
    if (!names_.add(name).second) {
      throw InputError(where, fmt::format("the name '{}' is used twice (packet and signal "
                                          "names share one namespace)",
                                          name));
    }
    has_signal_.push_back(has_signal);
  }

  // Every name declared: the signals' and the packets'.
  std::vector<std::string> all_names() const {
    std::vector<std::string> names;
    for (const SignalSpec& signal : s_.signals)
      names.push_back(signal.name);
    for (const QueueSpec& q : s_.queues) {
      for (const PacketSpec& p : q.packets)
        names.push_back(p.name);
    }
    return names;
  }

  // Each packet that names the signal as its completion signal subtracts 1 from it; the value
  // must stay within -2^53, beyond which a double, as JSON readers take numbers, is not exact.
  void check_lowest_value(const SignalSpec& signal) const {
    const auto counted = decrementers_.find(signal.name);
    if (counted == decrementers_.end()) return;
    const auto completions = static_cast<std::int64_t>(counted->second);
    if (signal.initial - completions >= -limits::kMaxSignalMagnitude) return;
    throw InputError(
        signal.where,
        fmt::format("signal '{}' starts at {} and is the completion signal of {} "
                    "packets, so it would reach {}: values must stay within "
                    "-2^53 (-9007199254740992), beyond which JSON numbers read as "
                    "doubles are not exact",
                    signal.name, signal.initial, completions, signal.initial - completions));
  }

  void check_packet(const PacketSpec& p) {
    if (!p.completion_signal.empty()) {
      const bool declared =
          std::any_of(s_.signals.begin(), s_.signals.end(),
                      [&](const SignalSpec& sig) { return sig.name == p.completion_signal; });
      if (!declared) {
        throw InputError(p.where, fmt::format("completion_signal '{}' is not a declared signal",
                                              p.completion_signal));
      }
    }
    for (const std::string& dep : p.depends_on)
      check_dependency(p, dep);
    if (p.kind == PacketSpec::Kind::dispatch) check_dispatch(p);
  }

  // A queue's packets are processed in order, so a barrier cannot see itself or a later packet
  // of its queue complete: a barrier-AND that waits for one, or a barrier-OR that waits only for
  // such packets, blocks its queue for ever.
  void check_waits_behind_itself(const QueueSpec& q) const {
    std::set<std::string_view> here_or_later;
    for (auto p = q.packets.rbegin(); p != q.packets.rend(); ++p) {
      here_or_later.insert(p->name);
      const bool barrier =
          p->kind == PacketSpec::Kind::barrier_and || p->kind == PacketSpec::Kind::barrier_or;
      if (!barrier || p->depends_on.empty()) continue;
      const auto unreachable = [&](const std::string& dep) { return here_or_later.contains(dep); };
      const bool never = p->kind == PacketSpec::Kind::barrier_and
                             ? std::any_of(p->depends_on.begin(), p->depends_on.end(), unreachable)
                             : std::all_of(p->depends_on.begin(), p->depends_on.end(), unreachable);
      if (!never) continue;
      const auto dep = std::find_if(p->depends_on.begin(), p->depends_on.end(), unreachable);
      throw InputError(
          p->where,
          fmt::format("barrier '{}' waits for {}, which its queue '{}' processes only after the "
                      "barrier has completed: it would block the queue for ever",
                      p->name, *dep == p->name ? "itself" : fmt::format("packet '{}'", *dep),
                      q.name));
    }
  }

  void check_dependency(const PacketSpec& p, const std::string& dep) {
    const auto number = names_.find(dep);
    if (!number) {
      std::string message = fmt::format("barrier depends on unknown packet or signal '{}'", dep);
      std::vector<std::string> names = all_names();
      std::ranges::sort(names);  // a tie goes the same way on every platform
      if (auto near = nearest_word(dep, names))
        message += fmt::format(" (did you mean '{}'?)", *near);
      throw InputError(p.where, message);
    }
    if (!has_signal_[*number]) {
      throw InputError(p.where,
                       fmt::format("'{}' is a raw packet and has no completion signal", dep));
    }
    check_observable(p, dep);
  }

  // A barrier on a packet that signals a declared signal waits on that signal (an AQL packet
  // has one completion signal), which is 0 exactly when the packet has completed only if the
  // signal starts at 1 and no other packet decrements it.
  void check_observable(const PacketSpec& p, const std::string& dep) const {
    const auto shared = shared_signal_.find(dep);
    if (shared == shared_signal_.end()) return;
    const std::string& signal = shared->second;
    const auto declared = std::find_if(s_.signals.begin(), s_.signals.end(),
                                       [&](const SignalSpec& sig) { return sig.name == signal; });
    const std::int64_t initial = declared == s_.signals.end() ? 1 : declared->initial;
    const int others = decrementers_.at(signal) - 1;
    if (initial == 1 && others == 0) return;
    throw InputError(
        p.where,
        fmt::format("barrier depends on packet '{}', whose completion_signal '{}' {}: the "
                    "signal reaching 0 does not mean that '{}' has completed; depend on the "
                    "signal '{}' instead, or give '{}' a signal of its own",
                    dep, signal,
                    others > 0 ? fmt::format("is also decremented by {} other packet(s)", others)
                               : fmt::format("starts at {}, not 1", initial),
                    dep, signal, dep));
  }

  void check_dispatch(const PacketSpec& p) {
    const KernelProfile* kernel = kernels_.find(p.kernel);
    if (!kernel) {
      std::vector<std::string> names;
      for (const KernelProfile& k : s_.kernels)
        names.push_back(k.name);
      std::string message = fmt::format("dispatch of unknown kernel '{}'", p.kernel);
      if (auto near = nearest_word(p.kernel, names))
        message += fmt::format(" (did you mean '{}'?)", *near);
      throw InputError(p.where, message);
    }
    const std::uint32_t size = p.workgroup_size.value_or(kernel->workgroup_size);
    const std::uint64_t groups = p.workgroups.value_or(kernel->workgroups);
    // The kernel's own shape was checked with the kernel.
    if (p.workgroup_size || p.lds_bytes)
      check_fits(s_.device, *kernel, size, p.lds_bytes.value_or(kernel->lds_bytes), p.where);
    if (groups * size > UINT32_MAX) {
      throw InputError(p.where, fmt::format("the grid of {} work-groups of {} work-items exceeds "
                                            "the 32-bit grid size of a dispatch packet",
                                            groups, size));
    }
  }

  const Scenario& s_;
  KernelIndex kernels_;
  NameIndex names_;                                   // the scenario's own names
  std::vector<std::uint8_t> has_signal_;              // by name number: false for a raw packet
  std::map<std::string, std::string> shared_signal_;  // packet -> its declared completion signal
  std::map<std::string, int> decrementers_;           // declared signal -> packets signalling it
};

}  // namespace

void check_references(const Scenario& scenario) {
  ReferenceChecker(scenario).run();
}

}  // namespace aqlsim
