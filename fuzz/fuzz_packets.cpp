// libFuzzer target: bytes as a stream of 64-byte AQL packets in the real hsa.h layouts, written
// by a host into up to four user queues of a tiny device (1-2 CUs, 1-4 hardware queue slots,
// policies chosen by the input) and run to the end, at most kMaxEvents events. Queue errors,
// deadlocks and runs cut at the cap are fine answers; a crash, a sanitizer report, a failed
// assert or a broken model invariant (fuzz/invariants.hpp) is a bug.
//
// Input: four bytes of configuration, then records of 2 control bytes and 64 packet bytes.
//   byte 0: bits 0-1 queues - 1, bits 2-3 hardware slots - 1, bits 4-6 log2 of the ring size,
//           bit 7 processor-sharing work-group timing
//   byte 1: queue-mapping policy (low nibble), thread-block policy (high nibble)
//   byte 2: kernel scheduler (bits 0-4), preemption mechanism (bits 5-6), 2 CUs (bit 7)
//   byte 3: signals (bits 0-2), then one byte each: its initial value (as int8)
//   record ctrl0: bits 0-1 queue, bit 2 raw packet (else fixed up, below), bit 3 ring the
//           doorbell now (else at the end), bits 4-5 let 0/1/10/100 us pass first and then
//           store to a signal, bit 6 wait for ring space (else drop the packet when full),
//           bit 7 ring a doorbell ctrl1 packets past the one written (hostile host)
//   record ctrl1: the packet's priority (priority-dynamic mapping sees it); the signal store
//           (signal ctrl1 % signals, value ctrl1 / 16 - 1); the hostile doorbell's offset
// A fixed-up packet keeps its bytes but draws its type from the supported ones (mostly) and
// brings its kernel object, grid, work-group size, LDS and signal handles into small ranges,
// one past the valid ones included, so that it mostly gets past the packet checks.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <vector>

#include "fuzz/invariants.hpp"
#include "queue_sched/registry.hpp"

namespace aqlsim::fuzz {
namespace {

constexpr std::uint64_t kMaxEvents = 2'000;
constexpr std::size_t kConfigBytes = 4;
constexpr std::size_t kRecordBytes = 2 + kAqlPacketBytes;

class Input {
 public:
  explicit Input(std::span<const std::uint8_t> bytes) : bytes_(bytes) {}
  std::uint8_t byte() { return pos_ < bytes_.size() ? bytes_[pos_++] : 0; }
  std::size_t left() const { return bytes_.size() - pos_; }
  std::span<const std::uint8_t> take(std::size_t n) {
    const auto part = bytes_.subspan(pos_, n);
    pos_ += n;
    return part;
  }

 private:
  std::span<const std::uint8_t> bytes_;
  std::size_t pos_ = 0;
};

const PolicyInfo& pick(PolicyKind kind, unsigned choice) {
  std::vector<const PolicyInfo*> named;
  for (const PolicyInfo& p : all_policies()) {
    // Schedulers that size kernels are always given offline worker profiles (the runner's
    // job), which a stream of packets does not have.
    if (p.kind == kind && !p.needs_worker_profiles) named.push_back(&p);
  }
  return *named[choice % named.size()];
}

DeviceSpec tiny_device(std::uint8_t layout, std::uint8_t kernel_byte) {
  DeviceSpec d;
  d.name = "fuzz";
  d.clock_mhz = 1000;
  d.compute_units = (kernel_byte & 0x80) ? 2 : 1;
  d.wave_size = 64;
  d.cu = {.simds = 1,
          .waves_per_simd = 8,
          .vgprs_per_simd = 1024,
          .vgpr_granule = 1,
          .sgprs_per_simd = 0,
          .sgpr_granule = 1,
          .lds_bytes = 65536,
          .max_workgroups = 8,
          .timing =
              (layout & 0x80) ? WorkgroupTiming::processor_sharing : WorkgroupTiming::at_dispatch};
  d.front_end.hw_queues = 1 + ((layout >> 2) & 3);
  d.front_end.quantum = 20 * kMicrosecond;
  d.front_end.packet_latency = kMicrosecond;
  d.front_end.max_concurrent_kernels = 4;
  d.preemption.mechanism = static_cast<PreemptionMechanism>(((kernel_byte >> 5) & 3) % 3);
  return d;
}

KernelProfile kernel(const char* name, std::uint32_t size, std::uint32_t vgprs, Tick mean,
                     double rsd, std::uint32_t lds, std::uint32_t workers) {
  KernelProfile k;
  k.name = name;
  k.workgroup_size = size;
  k.vgprs = vgprs;
  k.lds_bytes = lds;
  k.duration = {.mean = mean, .reference_residency = 0, .rsd = rsd, .contention = 0.25};
  k.persistent_workers_per_cu = workers;
  return k;
}

AqlPacket fix_up(AqlPacket packet, std::uint64_t kernels, std::uint64_t signals) {
  static constexpr std::uint8_t kTypes[] = {
      HSA_PACKET_TYPE_KERNEL_DISPATCH, HSA_PACKET_TYPE_KERNEL_DISPATCH,
      HSA_PACKET_TYPE_KERNEL_DISPATCH, HSA_PACKET_TYPE_BARRIER_AND,
      HSA_PACKET_TYPE_BARRIER_AND,     HSA_PACKET_TYPE_BARRIER_OR,
      HSA_PACKET_TYPE_INVALID,         HSA_PACKET_TYPE_AGENT_DISPATCH};
  const std::uint16_t bits = packet.header_bits();
  PacketHeader header = decode_header(bits);
  header.type = kTypes[(bits & 0xFF) % std::size(kTypes)];
  const auto signal = [&](hsa_signal_t s) { return hsa_signal_t{s.handle % (signals + 2)}; };
  if (header.type == HSA_PACKET_TYPE_KERNEL_DISPATCH) {
    auto p = packet.as<hsa_kernel_dispatch_packet_t>();
    p.kernel_object %= kernels + 2;
    p.setup = static_cast<std::uint16_t>(1 + p.setup % 3);
    // A dimension the packet does not use is 1, or the packet is a queue error.
    const bool two_d = p.setup >= 2;
    p.workgroup_size_x = static_cast<std::uint16_t>(1 + p.workgroup_size_x % 512);
    p.workgroup_size_y = static_cast<std::uint16_t>(two_d ? 1 + p.workgroup_size_y % 2 : 1);
    p.workgroup_size_z = 1;
    p.grid_size_x = 1 + p.grid_size_x % 4096;
    p.grid_size_y = two_d ? 1 + p.grid_size_y % 3 : 1;
    p.grid_size_z = 1;
    p.group_segment_size %= 1u << 17;
    p.completion_signal = signal(p.completion_signal);
    packet = AqlPacket::from(p);
  } else if (header.type == HSA_PACKET_TYPE_BARRIER_AND ||
             header.type == HSA_PACKET_TYPE_BARRIER_OR) {
    auto p = packet.as<hsa_barrier_and_packet_t>();
    for (hsa_signal_t& dep : p.dep_signal)
      dep = signal(dep);
    p.completion_signal = signal(p.completion_signal);
    packet = AqlPacket::from(p);
  }
  packet.set_header_bits(encode_header(header));
  return packet;
}

void run(Input& in) {
  const std::uint8_t layout = in.byte();
  const std::uint8_t policy_byte = in.byte();
  const std::uint8_t kernel_byte = in.byte();
  const std::uint8_t signal_byte = in.byte();

  const PolicyInfo& mapping = pick(PolicyKind::queue_mapping, policy_byte & 0xF);
  const PolicyInfo& tb = pick(PolicyKind::thread_block, policy_byte >> 4);
  const PolicyInfo& ks = pick(PolicyKind::kernel, kernel_byte & 0x1F);
  const DeviceSpec device = tiny_device(layout, kernel_byte);
  Gpu gpu(device, make_queue_mapping_policy(mapping.name, PolicyParams(mapping.params, {})),
          make_thread_block_scheduler(tb.name, PolicyParams(tb.params, {})), 1);
  InvariantChecker checker;
  gpu.add_observer(&checker);
  if (auto scheduler = make_kernel_scheduler(ks.name, PolicyParams(ks.params, {})))
    gpu.set_kernel_scheduler(std::move(scheduler));

  // Drain can only evict persistent-thread kernels (scenario/check_preemption.cpp): with a
  // kernel scheduler under drain, every kernel is one.
  const bool all_persistent =
      ks.name != "none" && device.preemption.mechanism == PreemptionMechanism::drain;
  const std::uint32_t workers = all_persistent ? 1 : 0;
  gpu.register_kernel(kernel("small", 64, 1, 10 * kMicrosecond, 0, 0, workers));
  gpu.register_kernel(kernel("wide", 256, 4, 5 * kMicrosecond, 0.3, 16384, workers));
  gpu.register_kernel(kernel("persistent", 128, 2, 3 * kMicrosecond, 0.1, 0, 2));
  const std::uint64_t kernels = 3;

  const std::uint64_t signals = signal_byte & 7;
  for (std::uint64_t s = 0; s < signals; ++s)
    gpu.signals().create(static_cast<std::int8_t>(in.byte()), "s" + std::to_string(s));

  const std::uint32_t queues = 1 + (layout & 3);
  const std::uint32_t ring = 1u << ((layout >> 4) & 7);
  for (std::uint32_t q = 0; q < queues; ++q) {
    UserQueue& queue = gpu.create_queue("q" + std::to_string(q), ring, 1 + q % 3);
    if (device.compute_units > 1 && q == 3) queue.set_cu_mask({0, 1});
  }

  const auto capped = [&] { return gpu.engine().events_processed() >= kMaxEvents; };
  std::vector<std::uint64_t> unrung(queues, 0);  // one past the last packet written, not rung
  while (in.left() >= kRecordBytes && !capped()) {
    const std::uint8_t ctrl0 = in.byte();
    const std::uint8_t ctrl1 = in.byte();
    AqlPacket packet;
    std::memcpy(packet.bytes.data(), in.take(kAqlPacketBytes).data(), kAqlPacketBytes);
    if (!(ctrl0 & 0x04)) packet = fix_up(packet, kernels, signals);
    const auto id = static_cast<QueueId>((ctrl0 & 3) % queues);
    UserQueue& queue = gpu.queue(id);

    if (const unsigned pass = (ctrl0 >> 4) & 3) {
      static constexpr Tick kPass[] = {0, kMicrosecond, 10 * kMicrosecond, 100 * kMicrosecond};
      const Tick until = gpu.engine().now() + kPass[pass];
      gpu.run_until([&] { return gpu.engine().now() >= until || capped(); });
      if (signals > 0) gpu.store_signal(hsa_signal_t{1 + ctrl1 % signals}, ctrl1 / 16 - 1);
    }
    const std::uint64_t index = queue.write_index();
    if (!queue.slot_free(index)) {
      if (!(ctrl0 & 0x40)) continue;
      gpu.run_until([&] { return queue.slot_free(index) || capped(); });
      if (!queue.slot_free(index)) continue;
    }
    queue.add_write_index(1);
    gpu.publish(id, index, packet, ctrl1);
    unrung[id] = index + 1;
    if (ctrl0 & 0x80) {
      gpu.ring_doorbell(id, index + ctrl1);
    } else if (ctrl0 & 0x08) {
      gpu.ring_doorbell(id, index);
      unrung[id] = 0;
    }
  }
  for (QueueId q = 0; q < queues; ++q) {
    if (unrung[q] > 0) gpu.ring_doorbell(q, unrung[q] - 1);
  }
  const RunOutcome outcome = gpu.run_until(capped);
  if (outcome.status == RunStatus::completed) checker.check_completed(gpu);
}

}  // namespace
}  // namespace aqlsim::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < aqlsim::fuzz::kConfigBytes) return 0;
  aqlsim::fuzz::Input in({data, size});
  aqlsim::fuzz::run(in);
  return 0;
}
