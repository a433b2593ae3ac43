#pragma once
// Thin owners of the HSA runtime objects the executor uses (the runtime itself, agents, memory,
// signals, queues, the loaded code object), so that every path out of a run, exceptions
// included, releases them in reverse order.
#include <hsa/hsa.h>
#include <hsa/hsa_ext_amd.h>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "hip_backend/gpu/hsa_packets.hpp"
#include "hsa_model/aql_packet.hpp"

namespace aqlsim::hip::hsa {

// "HSA_STATUS_ERROR_OUT_OF_RESOURCES" (hsa.h's and hsa_ext_amd.h's names), "unknown" otherwise.
std::string status_name(hsa_status_t status);
// "0x1008 HSA_STATUS_ERROR_OUT_OF_RESOURCES: <hsa_status_string's text>".
std::string describe_status(hsa_status_t status);

// A failed runtime call: which one and its status.
class Error : public std::runtime_error {
 public:
  Error(const std::string& call, hsa_status_t status);
  hsa_status_t status() const { return status_; }

 private:
  hsa_status_t status_;
};

void check(hsa_status_t status, const char* call);

// hsa_init ... hsa_shut_down. Every other object here needs one alive.
class Runtime {
 public:
  Runtime();
  ~Runtime();
  Runtime(const Runtime&) = delete;
  Runtime& operator=(const Runtime&) = delete;
  // "HSA runtime 1.1" (HSA_SYSTEM_INFO_VERSION_MAJOR/MINOR).
  std::string version() const;
};

// A GPU agent and what the executor needs of it.
struct Agent {
  hsa_agent_t handle{0};
  std::string arch;     // HSA_AGENT_INFO_NAME, e.g. "gfx90a"
  std::string product;  // HSA_AMD_AGENT_INFO_PRODUCT_NAME
  std::uint32_t compute_units = 0;
  std::uint32_t queue_min_size = 0;
  std::uint32_t queue_max_size = 0;
  // The wall clock's rate from HSA_AMD_AGENT_INFO_TIMESTAMP_FREQUENCY (0xA016, ROCm 5.5 and
  // later; this header predates it), 0 when the runtime does not know the attribute.
  double timestamp_hz = 0;
  // The clock rate HSA_AMD_AGENT_INFO_MAX_CLOCK_FREQUENCY reports, in Hz.
  double max_clock_hz = 0;
};
std::vector<Agent> gpu_agents();

// The memory the executor allocates: kernel arguments and host-shared words (the evict flags)
// in the CPU's kernarg and fine-grained pools, durations, records and task counters in the
// GPU's coarse-grained pool.
struct Pools {
  hsa_amd_memory_pool_t kernarg{0};
  hsa_amd_memory_pool_t host_fine{0};
  hsa_amd_memory_pool_t device{0};
};
Pools find_pools(const Agent& gpu);

// One allocation from a pool, made accessible to the GPU agent.
class Buffer {
 public:
  Buffer(hsa_amd_memory_pool_t pool, std::size_t bytes, hsa_agent_t gpu);
  ~Buffer();
  Buffer(const Buffer&) = delete;
  Buffer& operator=(const Buffer&) = delete;
  void* data() const { return data_; }
  std::size_t size() const { return size_; }

 private:
  void* data_ = nullptr;
  std::size_t size_ = 0;
};

class Signal {
 public:
  explicit Signal(hsa_signal_value_t initial);
  ~Signal();
  Signal(const Signal&) = delete;
  Signal& operator=(const Signal&) = delete;
  hsa_signal_t handle() const { return handle_; }

 private:
  hsa_signal_t handle_{0};
};

// A user-mode AQL queue with its priority and CU mask set.
class Queue {
 public:
  Queue(const Agent& gpu, std::uint32_t size, hsa_amd_queue_priority_t priority,
        const std::vector<std::uint32_t>& cu_mask_words);
  ~Queue();
  Queue(const Queue&) = delete;
  Queue& operator=(const Queue&) = delete;
  // Writes one packet by the AQL protocol: reserve a slot, wait while the ring is full, write
  // the body, then the header with a release store (the packet processor may read the slot as
  // soon as the header is valid), then ring the doorbell.
  void submit(const AqlPacket& packet);
  // The error the runtime reported for this queue (an invalid packet, a memory fault), which
  // leaves it stopped; HSA_STATUS_SUCCESS while there is none.
  hsa_status_t error() const { return error_.load(); }

 private:
  static void on_error(hsa_status_t status, hsa_queue_t* queue, void* self);

  hsa_queue_t* queue_ = nullptr;
  std::atomic<hsa_status_t> error_{HSA_STATUS_SUCCESS};
};

// The spin kernels' code object loaded and frozen for one agent.
class Executable {
 public:
  Executable(const Agent& gpu, std::span<const std::uint8_t> code_object);
  ~Executable();
  Executable(const Executable&) = delete;
  Executable& operator=(const Executable&) = delete;
  // A kernel by descriptor symbol ("aqlsim_spin_v64.kd").
  KernelCode kernel(const std::string& symbol) const;

 private:
  hsa_agent_t agent_{0};
  hsa_code_object_reader_t reader_{0};
  hsa_executable_t executable_{0};
};

// hsa_memory_copy, which the runtime runs as a blit between any two allocations it made.
void copy(void* dst, const void* src, std::size_t bytes);

}  // namespace aqlsim::hip::hsa
