#include "hsa_model/host_script.hpp"

#include <algorithm>

namespace aqlsim {

HostScript::HostScript(Gpu& gpu) : gpu_(&gpu) {
  gpu.set_read_index_listener([this](QueueId q) { on_read_index(q); });
  gpu.set_host_work([this] {
    return std::any_of(queues_.begin(), queues_.end(),
                       [](const QueueScript& s) { return s.next < s.packets.size(); });
  });
}

HostScript::QueueScript& HostScript::script_of(QueueId queue) {
  if (queues_.size() <= queue) queues_.resize(queue + 1);
  return queues_[queue];
}

void HostScript::add(QueueId queue, Tick at, const AqlPacket& packet, std::uint32_t priority) {
  QueueScript& script = script_of(queue);
  script.packets.push_back(packet);
  script.at.push_back(at);
  script.priority.push_back(priority);
}

void HostScript::reserve(QueueId queue, std::size_t packets) {
  QueueScript& script = script_of(queue);
  script.packets.reserve(packets);
  script.at.reserve(packets);
  script.priority.reserve(packets);
}

void HostScript::start() {
  for (QueueId q = 0; q < queues_.size(); ++q) {
    if (queues_[q].packets.empty()) continue;
    gpu_->engine().schedule_at(queues_[q].at.front(), submit_event_, q);
  }
}

void HostScript::submit_due(std::uint64_t queue_id) {
  const auto id = static_cast<QueueId>(queue_id);
  QueueScript& script = queues_[id];
  UserQueue& queue = gpu_->queue(id);
  const Tick now = gpu_->engine().now();
  while (script.next < script.packets.size() && script.at[script.next] <= now) {
    if (!queue.slot_free(queue.write_index())) {
      script.waiting = true;  // resumed by on_read_index
      return;
    }
    const std::uint64_t index = queue.add_write_index(1);
    queue.publish(index, script.packets[script.next], now, script.priority[script.next]);
    gpu_->ring_doorbell(id, index);
    ++script.next;
  }
  if (script.next < script.packets.size()) {
    gpu_->engine().schedule_at(script.at[script.next], submit_event_, id);
  }
}

void HostScript::on_read_index(QueueId queue) {
  if (queue >= queues_.size() || !queues_[queue].waiting) return;
  queues_[queue].waiting = false;
  submit_due(queue);
}

}  // namespace aqlsim
