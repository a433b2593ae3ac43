#pragma once
// A user-mode HSA queue: a ring of 64-byte AQL packets with 64-bit read and write indices and
// a doorbell. The producer reserves an index, writes the packet body, publishes the header and
// rings the doorbell; the packet processor consumes packets in order and advances the read
// index. A slot may be reused only after the read index has passed it, so a producer that
// finds the ring full must wait: nothing is ever overwritten.
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "hsa_model/aql_packet.hpp"
#include "hsa_model/time.hpp"

namespace aqlsim {

using QueueId = std::uint32_t;

// The largest ring, in packets: ROCm's HSA_AGENT_INFO_QUEUE_MAX_SIZE (0x20000). Rings are
// allocated whole (64 bytes a packet: 8 MiB at this size).
inline constexpr std::uint32_t kMaxQueueSize = 131'072;

// Aligned to a cache line, which then holds all that the mapping policy's view reads of every
// queue at every quantum (thousands of queues: their misses were most of a quantum's cost).
class alignas(64) UserQueue {
 public:
  // `size` must be a power of two (checked by the caller that creates queues).
  UserQueue(QueueId id, std::string name, std::uint32_t size, std::uint32_t priority);

  QueueId id() const { return id_; }
  const std::string& name() const { return name_; }
  std::uint32_t size() const { return size_; }
  std::uint32_t priority() const { return priority_; }
  void set_priority(std::uint32_t priority) { priority_ = priority; }
  // The CUs its kernels may use, as hsa_amd_queue_cu_set_mask sets them: one entry per CU,
  // nonzero when enabled; empty: every CU. Applies to dispatches launched afterwards.
  const std::vector<std::uint8_t>& cu_mask() const { return cu_mask_; }
  void set_cu_mask(std::vector<std::uint8_t> mask) { cu_mask_ = std::move(mask); }

  // Producer side (hsa_queue_add_write_index_*, then write, publish, doorbell).
  std::uint64_t add_write_index(std::uint64_t count);
  std::uint64_t write_index() const { return write_index_; }
  // True when index `i` may be written: the consumer has freed its slot.
  bool slot_free(std::uint64_t i) const { return i < read_index_ + size_; }
  AqlPacket& slot(std::uint64_t i) { return ring_[i & mask_]; }
  const AqlPacket& slot(std::uint64_t i) const { return ring_[i & mask_]; }
  // Writes the packet, header included, and records when it was submitted and its priority
  // (the task's rank, which priority-dynamic mapping follows; AQL has no field for it).
  void publish(std::uint64_t i, const AqlPacket& packet, Tick now, std::uint32_t priority);
  Tick submit_time(std::uint64_t i) const { return submit_time_[i & mask_]; }
  std::uint32_t packet_priority(std::uint64_t i) const { return packet_priority_[i & mask_]; }
  // Doorbell: packets up to and including `index` may be processed.
  void ring_doorbell(std::uint64_t index);
  std::uint64_t doorbell_end() const { return doorbell_end_; }  // one past the highest rung

  // Consumer side.
  std::uint64_t read_index() const { return read_index_; }
  bool has_pending() const { return read_index_ < doorbell_end_; }
  std::uint64_t pending() const { return doorbell_end_ - read_index_; }
  const AqlPacket& head() const { return slot(read_index_); }
  // Asks for the head packet's and its priority's cache lines before they are read.
  void prefetch_head() const {
    __builtin_prefetch(&ring_[read_index_ & mask_]);
    __builtin_prefetch(&packet_priority_[read_index_ & mask_]);
  }
  void advance_read_index();

  // What a ring costs a packet: the packet and, beside it, its priority and submission time.
  static constexpr std::size_t kBytesPerPacket =
      sizeof(AqlPacket) + sizeof(std::uint32_t) + sizeof(Tick);

 private:
  // The first cache line: what is read of the head packet.
  std::uint64_t read_index_ = 0;
  std::uint64_t doorbell_end_ = 0;  // one past the highest index rung
  std::uint64_t mask_;
  std::uint32_t priority_;
  QueueId id_;
  std::unique_ptr<AqlPacket[]> ring_;
  std::unique_ptr<std::uint32_t[]> packet_priority_;
  std::unique_ptr<Tick[]> submit_time_;
  std::uint64_t write_index_ = 0;
  std::string name_;
  std::uint32_t size_;
  std::vector<std::uint8_t> cu_mask_;
};

constexpr bool is_power_of_two(std::uint64_t n) {
  return n != 0 && (n & (n - 1)) == 0;
}

}  // namespace aqlsim
