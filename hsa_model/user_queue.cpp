#include "hsa_model/user_queue.hpp"

#include <algorithm>
#include <cassert>

namespace aqlsim {

UserQueue::UserQueue(QueueId id, std::string name, std::uint32_t size, std::uint32_t priority)
    : mask_(size - 1),
      priority_(priority),
      id_(id),
      ring_(std::make_unique<AqlPacket[]>(size)),
      packet_priority_(std::make_unique<std::uint32_t[]>(size)),
      submit_time_(std::make_unique<Tick[]>(size)),
      name_(std::move(name)),
      size_(size) {
  assert(is_power_of_two(size));
  // An unwritten slot holds an INVALID header, as the HSA runtime initialises the ring.
  const std::uint16_t invalid = encode_header({.type = HSA_PACKET_TYPE_INVALID});
  for (std::uint32_t i = 0; i < size; ++i)
    ring_[i].set_header_bits(invalid);
}

std::uint64_t UserQueue::add_write_index(std::uint64_t count) {
  const std::uint64_t old = write_index_;
  write_index_ += count;
  return old;
}

void UserQueue::publish(std::uint64_t i, const AqlPacket& packet, Tick now,
                        std::uint32_t priority) {
  assert(slot_free(i) && "a producer must wait for the slot to be free");
  slot(i) = packet;
  submit_time_[i & mask_] = now;
  packet_priority_[i & mask_] = priority;
}

void UserQueue::advance_read_index() {
  // The packet processor hands the slot back by marking it INVALID, as HSA requires.
  slot(read_index_).set_header_bits(encode_header({.type = HSA_PACKET_TYPE_INVALID}));
  ++read_index_;
}

void UserQueue::ring_doorbell(std::uint64_t index) {
  doorbell_end_ = std::max(doorbell_end_, index + 1);
}

}  // namespace aqlsim
