#include "hsa_model/host_script.hpp"

#include <algorithm>

namespace aqlsim {

HostScript::HostScript(Gpu& gpu) : gpu_(&gpu) {
  gpu.set_read_index_listener([this](QueueId q) { on_read_index(q); });
}

void HostScript::add(QueueId queue, Tick at, const AqlPacket& packet, std::uint32_t priority) {
  if (queues_.size() <= queue) queues_.resize(queue + 1);
  queues_[queue].packets.push_back({at, packet, priority});
}

void HostScript::start() {
  for (QueueId q = 0; q < queues_.size(); ++q) {
    if (queues_[q].packets.empty()) continue;
    gpu_->engine().schedule_at(queues_[q].packets.front().at, submit_event_, q);
  }
}

void HostScript::submit_due(std::uint64_t queue_id) {
  const auto id = static_cast<QueueId>(queue_id);
  QueueScript& script = queues_[id];
  UserQueue& queue = gpu_->queue(id);
  const Tick now = gpu_->engine().now();
  while (script.next < script.packets.size() && script.packets[script.next].at <= now) {
    if (!queue.slot_free(queue.write_index())) {
      script.waiting = true;  // resumed by on_read_index
      return;
    }
    const std::uint64_t index = queue.add_write_index(1);
    const Timed& next = script.packets[script.next];
    queue.publish(index, next.packet, now, next.priority);
    gpu_->ring_doorbell(id, index);
    ++script.next;
  }
  if (script.next < script.packets.size()) {
    gpu_->engine().schedule_at(script.packets[script.next].at, submit_event_, id);
  }
}

void HostScript::on_read_index(QueueId queue) {
  if (queue >= queues_.size() || !queues_[queue].waiting) return;
  queues_[queue].waiting = false;
  submit_due(queue);
}

}  // namespace aqlsim
