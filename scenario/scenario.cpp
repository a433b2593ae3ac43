#include "scenario/scenario.hpp"

#include <algorithm>

#include "queue_sched/registry.hpp"

namespace aqlsim {

bool PolicySelection::select(const std::string& name) {
  const PolicyInfo* info = find_policy(name);
  if (!info) return false;
  switch (info->kind) {
    case PolicyKind::queue_mapping:
      queue_mapping = name;
      break;
    case PolicyKind::thread_block:
      thread_block = name;
      break;
    case PolicyKind::kernel:
      kernel = name;
      break;
  }
  return true;
}

const KernelProfile* Scenario::find_kernel(const std::string& name) const {
  const auto it = std::find_if(kernels.begin(), kernels.end(),
                               [&](const KernelProfile& k) { return k.name == name; });
  return it == kernels.end() ? nullptr : &*it;
}

std::size_t Scenario::packet_count() const {
  std::size_t packets = 0;
  for (const QueueSpec& q : queues)
    packets += q.packets.size();
  return packets;
}

}  // namespace aqlsim
