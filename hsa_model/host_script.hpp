#pragma once
// A host program given as data: each queue receives a list of packets, each no earlier than its
// time. The host writes them in order as HSA requires (reserve an index, write the packet, ring
// the doorbell). When a queue's ring is full it waits until the packet processor frees a slot:
// back-pressure, never an overwrite.
#include <cstdint>
#include <vector>

#include "hsa_model/aql_packet.hpp"
#include "hsa_model/engine.hpp"
#include "hsa_model/gpu.hpp"

namespace aqlsim {

class HostScript {
 public:
  explicit HostScript(Gpu& gpu);
  HostScript(const HostScript&) = delete;
  HostScript& operator=(const HostScript&) = delete;

  // Appends a packet for `queue`, submitted at `at` or as soon after as the earlier packets
  // of the queue and free ring space allow.
  void add(QueueId queue, Tick at, const AqlPacket& packet, std::uint32_t priority);
  // Room for `packets` packets of `queue`, so that a long script is not grown (and left with
  // up to twice the room it needs).
  void reserve(QueueId queue, std::size_t packets);
  // Schedules the first submission of every queue; call once, before Gpu::run().
  void start();

 private:
  // Column by column: a 64-byte-aligned AqlPacket in a struct with its time and priority would
  // pad each entry to 192 bytes (most of a million-packet workload's script).
  struct QueueScript {
    std::vector<AqlPacket> packets;
    std::vector<Tick> at;
    std::vector<std::uint32_t> priority;
    std::size_t next = 0;
    bool waiting = false;
  };

  QueueScript& script_of(QueueId queue);  // made when first named
  void submit_due(std::uint64_t queue);
  void on_read_index(QueueId queue);

  Gpu* gpu_;
  std::vector<QueueScript> queues_;
  MemberHandler<HostScript, &HostScript::submit_due> submit_event_{this};
};

}  // namespace aqlsim
