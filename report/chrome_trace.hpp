#pragma once
// A Chrome trace-event JSON timeline (opens in Perfetto or chrome://tracing), written as the
// model runs: one track per hardware queue slot, one per user queue (kernels as async slices,
// barriers as instants) and one per CU lane (work-groups); with predictions, a counter track
// per kernel of its predicted runtime.
#include <functional>
#include <map>
#include <ostream>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "hsa_model/observer.hpp"

namespace aqlsim {

class ChromeTraceWriter final : public ModelObserver {
 public:
  using PacketNamer = std::function<std::string(QueueId, std::uint64_t packet_index)>;

  // `predictions`: write the predictions the model publishes (aqlsim run --predictions).
  ChromeTraceWriter(std::ostream& out, PacketNamer namer, bool predictions);
  ChromeTraceWriter(const ChromeTraceWriter&) = delete;
  ChromeTraceWriter& operator=(const ChromeTraceWriter&) = delete;
  ~ChromeTraceWriter() override;
  // Ends the slice of every kernel launched and not completed (a run stopped by a limit, a
  // deadlock or a queue error) where the simulation got, marked unfinished, and closes the JSON
  // document; called by the destructor if not before.
  void finish();

  void on_slot_activity(SlotIndex slot, SlotActivity activity, const UserQueue* queue, Tick begin,
                        Tick end) override;
  void on_queue_mapped(SlotIndex slot, const UserQueue& queue, Tick t) override;
  void on_packet_retired(const UserQueue& queue, std::uint64_t index, const PacketHeader& header,
                         Tick t) override;
  void on_kernel_launched(const KernelState& kernel, Tick t) override;
  void on_kernel_completed(const KernelState& kernel, Tick t) override;
  void on_kernel_evicted(const KernelState& kernel, Tick t) override;
  // A work-group's slice is written when it ends: under processor sharing its end is not
  // known at the start.
  void on_workgroup_finished(const KernelState& kernel, const WorkgroupRecord& wg) override;
  // The run so far as a slice, and an instant marker where it was stopped.
  void on_workgroup_evicted(const KernelState& kernel, const WorkgroupRecord& wg,
                            double left) override;
  void on_queue_error(const QueueError& error) override;
  void on_prediction(const KernelState& kernel, Tick predicted, Tick now) override;

 private:
  void emit(const std::string& event_json);
  void name_thread(int pid, std::uint64_t tid, const std::string& name);
  void name_new_thread(int pid, std::uint64_t tid, const std::string& name);
  // The kernel's packet name as a JSON string, made once per kernel.
  const std::string& quoted_name(const KernelState& kernel);
  void name_queue(const UserQueue& queue);

  std::ostream* out_;
  PacketNamer namer_;
  bool predictions_;
  bool first_ = true;
  bool finished_ = false;
  std::set<std::pair<int, std::uint64_t>> named_threads_;
  std::set<int> named_cus_;  // CU processes named
  // Kernels launched and not completed: id -> (queue, packet index).
  std::map<KernelId, std::pair<QueueId, std::uint64_t>> open_kernels_;
  Tick last_slot_time_ = 0;  // the latest end of a slot interval: where the simulation got
  std::vector<std::string> quoted_names_;  // by kernel id
  std::string line_;                       // the work-group event being written
};

}  // namespace aqlsim
