#include "hip_backend/gpu/hsa_runtime.hpp"

#include <array>
#include <atomic>
#include <cstdio>
#include <cstring>
#include <thread>
#include <utility>

namespace aqlsim::hip::hsa {
namespace {

struct NamedStatus {
  hsa_status_t status;
  const char* name;
};

// hsa_ext_amd.h's statuses are an unnamed enum of their own, hence the cast.
#define AQLSIM_STATUS(s)             \
  NamedStatus {                      \
    static_cast<hsa_status_t>(s), #s \
  }
constexpr std::array kStatusNames{
    AQLSIM_STATUS(HSA_STATUS_SUCCESS),
    AQLSIM_STATUS(HSA_STATUS_INFO_BREAK),
    AQLSIM_STATUS(HSA_STATUS_ERROR),
    AQLSIM_STATUS(HSA_STATUS_ERROR_INVALID_ARGUMENT),
    AQLSIM_STATUS(HSA_STATUS_ERROR_INVALID_QUEUE_CREATION),
    AQLSIM_STATUS(HSA_STATUS_ERROR_INVALID_ALLOCATION),
    AQLSIM_STATUS(HSA_STATUS_ERROR_INVALID_AGENT),
    AQLSIM_STATUS(HSA_STATUS_ERROR_INVALID_REGION),
    AQLSIM_STATUS(HSA_STATUS_ERROR_INVALID_SIGNAL),
    AQLSIM_STATUS(HSA_STATUS_ERROR_INVALID_QUEUE),
    AQLSIM_STATUS(HSA_STATUS_ERROR_OUT_OF_RESOURCES),
    AQLSIM_STATUS(HSA_STATUS_ERROR_INVALID_PACKET_FORMAT),
    AQLSIM_STATUS(HSA_STATUS_ERROR_RESOURCE_FREE),
    AQLSIM_STATUS(HSA_STATUS_ERROR_NOT_INITIALIZED),
    AQLSIM_STATUS(HSA_STATUS_ERROR_REFCOUNT_OVERFLOW),
    AQLSIM_STATUS(HSA_STATUS_ERROR_INCOMPATIBLE_ARGUMENTS),
    AQLSIM_STATUS(HSA_STATUS_ERROR_INVALID_INDEX),
    AQLSIM_STATUS(HSA_STATUS_ERROR_INVALID_ISA),
    AQLSIM_STATUS(HSA_STATUS_ERROR_INVALID_ISA_NAME),
    AQLSIM_STATUS(HSA_STATUS_ERROR_INVALID_CODE_OBJECT),
    AQLSIM_STATUS(HSA_STATUS_ERROR_INVALID_EXECUTABLE),
    AQLSIM_STATUS(HSA_STATUS_ERROR_FROZEN_EXECUTABLE),
    AQLSIM_STATUS(HSA_STATUS_ERROR_INVALID_SYMBOL_NAME),
    AQLSIM_STATUS(HSA_STATUS_ERROR_VARIABLE_ALREADY_DEFINED),
    AQLSIM_STATUS(HSA_STATUS_ERROR_VARIABLE_UNDEFINED),
    AQLSIM_STATUS(HSA_STATUS_ERROR_EXCEPTION),
    AQLSIM_STATUS(HSA_STATUS_ERROR_INVALID_CODE_SYMBOL),
    AQLSIM_STATUS(HSA_STATUS_ERROR_INVALID_EXECUTABLE_SYMBOL),
    AQLSIM_STATUS(HSA_STATUS_ERROR_INVALID_FILE),
    AQLSIM_STATUS(HSA_STATUS_ERROR_INVALID_CODE_OBJECT_READER),
    AQLSIM_STATUS(HSA_STATUS_ERROR_INVALID_CACHE),
    AQLSIM_STATUS(HSA_STATUS_ERROR_INVALID_WAVEFRONT),
    AQLSIM_STATUS(HSA_STATUS_ERROR_INVALID_SIGNAL_GROUP),
    AQLSIM_STATUS(HSA_STATUS_ERROR_INVALID_RUNTIME_STATE),
    AQLSIM_STATUS(HSA_STATUS_ERROR_FATAL),
    AQLSIM_STATUS(HSA_STATUS_ERROR_INVALID_MEMORY_POOL),
    AQLSIM_STATUS(HSA_STATUS_ERROR_MEMORY_APERTURE_VIOLATION),
    AQLSIM_STATUS(HSA_STATUS_ERROR_ILLEGAL_INSTRUCTION),
    AQLSIM_STATUS(HSA_STATUS_ERROR_MEMORY_FAULT),
    AQLSIM_STATUS(HSA_STATUS_CU_MASK_REDUCED),
};
#undef AQLSIM_STATUS

// ROCm 5.5's HSA_AMD_AGENT_INFO_TIMESTAMP_FREQUENCY (uint64_t Hz), absent from older headers.
constexpr auto kTimestampFrequency = static_cast<hsa_agent_info_t>(0xA016);

template <class T>
T agent_info(hsa_agent_t agent, hsa_agent_info_t attribute, const char* what) {
  T value{};
  check(hsa_agent_get_info(agent, attribute, &value), what);
  return value;
}

template <class T>
T pool_info(hsa_amd_memory_pool_t pool, hsa_amd_memory_pool_info_t attribute) {
  T value{};
  check(hsa_amd_memory_pool_get_info(pool, attribute, &value), "hsa_amd_memory_pool_get_info");
  return value;
}

// The callbacks' C signatures take a void* to the caller's state.
hsa_status_t collect_agent(hsa_agent_t agent, void* data) {
  static_cast<std::vector<hsa_agent_t>*>(data)->push_back(agent);
  return HSA_STATUS_SUCCESS;
}

hsa_status_t collect_pool(hsa_amd_memory_pool_t pool, void* data) {
  static_cast<std::vector<hsa_amd_memory_pool_t>*>(data)->push_back(pool);
  return HSA_STATUS_SUCCESS;
}

std::vector<hsa_agent_t> all_agents() {
  std::vector<hsa_agent_t> agents;
  check(hsa_iterate_agents(collect_agent, &agents), "hsa_iterate_agents");
  return agents;
}

hsa_device_type_t device_type(hsa_agent_t agent) {
  return agent_info<hsa_device_type_t>(agent, HSA_AGENT_INFO_DEVICE, "hsa_agent_get_info(DEVICE)");
}

// A global pool of `agent` the runtime allocates from, whose global flags include `flag`.
bool find_pool(hsa_agent_t agent, std::uint32_t flag, hsa_amd_memory_pool_t& found) {
  std::vector<hsa_amd_memory_pool_t> pools;
  check(hsa_amd_agent_iterate_memory_pools(agent, collect_pool, &pools),
        "hsa_amd_agent_iterate_memory_pools");
  for (auto pool : pools) {
    if (pool_info<hsa_amd_segment_t>(pool, HSA_AMD_MEMORY_POOL_INFO_SEGMENT) !=
            HSA_AMD_SEGMENT_GLOBAL ||
        !pool_info<bool>(pool, HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_ALLOWED))
      continue;
    if ((pool_info<std::uint32_t>(pool, HSA_AMD_MEMORY_POOL_INFO_GLOBAL_FLAGS) & flag) != 0) {
      found = pool;
      return true;
    }
  }
  return false;
}

}  // namespace

std::string status_name(hsa_status_t status) {
  for (const auto& named : kStatusNames)
    if (named.status == status) return named.name;
  return "unknown";
}

std::string describe_status(hsa_status_t status) {
  char hex[16];
  std::snprintf(hex, sizeof hex, "0x%X", static_cast<unsigned>(status));
  const std::string name = status_name(status);
  const char* message = nullptr;
  if (hsa_status_string(status, &message) != HSA_STATUS_SUCCESS || message == nullptr)
    return std::string(hex) + " " + name;
  // ROCr's texts already begin with the name ("HSA_STATUS_ERROR_OUT_OF_RESOURCES: The ...").
  const std::string text = message;
  return std::string(hex) + " " + (text.starts_with(name) ? text : name + ": " + text);
}

Error::Error(const std::string& call, hsa_status_t status)
    : std::runtime_error(call + " failed: " + describe_status(status)), status_(status) {}

void check(hsa_status_t status, const char* call) {
  if (status != HSA_STATUS_SUCCESS) throw Error(call, status);
}

Runtime::Runtime() {
  check(hsa_init(), "hsa_init");
}

Runtime::~Runtime() {
  hsa_shut_down();
}

std::string Runtime::version() const {
  std::uint16_t major = 0;
  std::uint16_t minor = 0;
  check(hsa_system_get_info(HSA_SYSTEM_INFO_VERSION_MAJOR, &major), "hsa_system_get_info");
  check(hsa_system_get_info(HSA_SYSTEM_INFO_VERSION_MINOR, &minor), "hsa_system_get_info");
  return "HSA runtime " + std::to_string(major) + "." + std::to_string(minor);
}

std::vector<Agent> gpu_agents() {
  std::vector<Agent> gpus;
  for (auto handle : all_agents()) {
    if (device_type(handle) != HSA_DEVICE_TYPE_GPU) continue;
    Agent gpu;
    gpu.handle = handle;
    // Both names are fixed 64-byte fields.
    auto name =
        agent_info<std::array<char, 64>>(handle, HSA_AGENT_INFO_NAME, "HSA_AGENT_INFO_NAME");
    gpu.arch.assign(name.data(), strnlen(name.data(), name.size()));
    auto product = agent_info<std::array<char, 64>>(
        handle, static_cast<hsa_agent_info_t>(HSA_AMD_AGENT_INFO_PRODUCT_NAME), "PRODUCT_NAME");
    gpu.product.assign(product.data(), strnlen(product.data(), product.size()));
    gpu.compute_units = agent_info<std::uint32_t>(
        handle, static_cast<hsa_agent_info_t>(HSA_AMD_AGENT_INFO_COMPUTE_UNIT_COUNT),
        "COMPUTE_UNIT_COUNT");
    gpu.queue_min_size =
        agent_info<std::uint32_t>(handle, HSA_AGENT_INFO_QUEUE_MIN_SIZE, "QUEUE_MIN_SIZE");
    gpu.queue_max_size =
        agent_info<std::uint32_t>(handle, HSA_AGENT_INFO_QUEUE_MAX_SIZE, "QUEUE_MAX_SIZE");
    std::uint64_t timestamp_hz = 0;
    if (hsa_agent_get_info(handle, kTimestampFrequency, &timestamp_hz) == HSA_STATUS_SUCCESS)
      gpu.timestamp_hz = static_cast<double>(timestamp_hz);
    gpu.max_clock_hz =
        1e6 * agent_info<std::uint32_t>(
                  handle, static_cast<hsa_agent_info_t>(HSA_AMD_AGENT_INFO_MAX_CLOCK_FREQUENCY),
                  "MAX_CLOCK_FREQUENCY");  // reported in MHz
    gpus.push_back(std::move(gpu));
  }
  return gpus;
}

Pools find_pools(const Agent& gpu) {
  Pools pools;
  bool kernarg = false;
  bool fine = false;
  for (auto agent : all_agents()) {
    if (device_type(agent) != HSA_DEVICE_TYPE_CPU) continue;
    kernarg =
        kernarg || find_pool(agent, HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_KERNARG_INIT, pools.kernarg);
    fine = fine || find_pool(agent, HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_FINE_GRAINED, pools.host_fine);
  }
  const bool device =
      find_pool(gpu.handle, HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_COARSE_GRAINED, pools.device);
  if (!kernarg || !fine || !device)
    throw std::runtime_error("the HSA runtime lists no " +
                             std::string(!kernarg ? "kernarg"
                                         : !fine  ? "fine-grained host"
                                                  : "coarse-grained device") +
                             " memory pool for " + gpu.arch);
  return pools;
}

Buffer::Buffer(hsa_amd_memory_pool_t pool, std::size_t bytes, hsa_agent_t gpu)
    : size_(std::max<std::size_t>(bytes, 1)) {
  hsa_amd_memory_pool_access_t access = HSA_AMD_MEMORY_POOL_ACCESS_NEVER_ALLOWED;
  check(
      hsa_amd_agent_memory_pool_get_info(gpu, pool, HSA_AMD_AGENT_MEMORY_POOL_INFO_ACCESS, &access),
      "hsa_amd_agent_memory_pool_get_info(ACCESS)");
  if (access == HSA_AMD_MEMORY_POOL_ACCESS_NEVER_ALLOWED)
    throw std::runtime_error("the GPU cannot access a memory pool the hsa executor needs");
  check(hsa_amd_memory_pool_allocate(pool, size_, 0, &data_), "hsa_amd_memory_pool_allocate");
  if (access == HSA_AMD_MEMORY_POOL_ACCESS_ALLOWED_BY_DEFAULT) return;
  const hsa_status_t allowed = hsa_amd_agents_allow_access(1, &gpu, nullptr, data_);
  if (allowed != HSA_STATUS_SUCCESS) {
    hsa_amd_memory_pool_free(data_);
    throw Error("hsa_amd_agents_allow_access", allowed);
  }
}

Buffer::~Buffer() {
  hsa_amd_memory_pool_free(data_);
}

Signal::Signal(hsa_signal_value_t initial) {
  check(hsa_signal_create(initial, 0, nullptr, &handle_), "hsa_signal_create");
}

Signal::~Signal() {
  hsa_signal_destroy(handle_);
}

Queue::Queue(const Agent& gpu, std::uint32_t size, hsa_amd_queue_priority_t priority,
             const std::vector<std::uint32_t>& cu_mask_words) {
  check(hsa_queue_create(gpu.handle, size, HSA_QUEUE_TYPE_MULTI, on_error, this, UINT32_MAX,
                         UINT32_MAX, &queue_),
        "hsa_queue_create");
  try {
    check(hsa_amd_queue_set_priority(queue_, priority), "hsa_amd_queue_set_priority");
    // HSA_STATUS_CU_MASK_REDUCED: the mask was applied less the CUs the user's HSA_CU_MASK
    // environment variable disables for the whole process, which is the user's choice.
    const hsa_status_t masked =
        cu_mask_words.empty() ? HSA_STATUS_SUCCESS
                              : hsa_amd_queue_cu_set_mask(
                                    queue_, static_cast<std::uint32_t>(cu_mask_words.size() * 32),
                                    cu_mask_words.data());
    if (masked != static_cast<hsa_status_t>(HSA_STATUS_CU_MASK_REDUCED))
      check(masked, "hsa_amd_queue_cu_set_mask");
  } catch (...) {
    hsa_queue_destroy(queue_);
    throw;
  }
}

Queue::~Queue() {
  hsa_queue_destroy(queue_);
}

void Queue::on_error(hsa_status_t status, hsa_queue_t*, void* self) {
  static_cast<Queue*>(self)->error_.store(status);
}

void Queue::submit(const AqlPacket& packet) {
  const std::uint64_t index = hsa_queue_add_write_index_relaxed(queue_, 1);
  while (index - hsa_queue_load_read_index_scacquire(queue_) >= queue_->size)
    std::this_thread::yield();
  auto* slot = static_cast<std::byte*>(queue_->base_address) +
               (index & (queue_->size - 1)) * kAqlPacketBytes;
  // Everything after the first 32-bit word (header and setup), which is stored last in one go.
  constexpr std::size_t kFirstWord = sizeof(std::uint32_t);
  std::memcpy(slot + kFirstWord, packet.bytes.data() + kFirstWord, kAqlPacketBytes - kFirstWord);
  std::uint32_t first_word = 0;
  std::memcpy(&first_word, packet.bytes.data(), sizeof first_word);
  std::atomic_ref<std::uint32_t>(*reinterpret_cast<std::uint32_t*>(slot))
      .store(first_word, std::memory_order_release);
  hsa_signal_store_screlease(queue_->doorbell_signal, static_cast<hsa_signal_value_t>(index));
}

Executable::Executable(const Agent& gpu, std::span<const std::uint8_t> code_object)
    : agent_(gpu.handle) {
  check(hsa_code_object_reader_create_from_memory(code_object.data(), code_object.size(), &reader_),
        "hsa_code_object_reader_create_from_memory");
  const hsa_status_t created = hsa_executable_create_alt(
      HSA_PROFILE_FULL, HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT, nullptr, &executable_);
  if (created != HSA_STATUS_SUCCESS) {
    hsa_code_object_reader_destroy(reader_);
    throw Error("hsa_executable_create_alt", created);
  }
  try {
    check(hsa_executable_load_agent_code_object(executable_, agent_, reader_, nullptr, nullptr),
          "hsa_executable_load_agent_code_object");
    check(hsa_executable_freeze(executable_, nullptr), "hsa_executable_freeze");
  } catch (...) {
    hsa_executable_destroy(executable_);
    hsa_code_object_reader_destroy(reader_);
    throw;
  }
}

Executable::~Executable() {
  hsa_executable_destroy(executable_);
  hsa_code_object_reader_destroy(reader_);
}

KernelCode Executable::kernel(const std::string& symbol) const {
  hsa_executable_symbol_t found{0};
  check(hsa_executable_get_symbol_by_name(executable_, symbol.c_str(), &agent_, &found),
        ("hsa_executable_get_symbol_by_name(" + symbol + ")").c_str());
  KernelCode code;
  check(
      hsa_executable_symbol_get_info(found, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_OBJECT, &code.object),
      "KERNEL_OBJECT");
  check(hsa_executable_symbol_get_info(
            found, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_KERNARG_SEGMENT_SIZE, &code.kernarg_bytes),
        "KERNARG_SEGMENT_SIZE");
  check(hsa_executable_symbol_get_info(found, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_GROUP_SEGMENT_SIZE,
                                       &code.group_bytes),
        "GROUP_SEGMENT_SIZE");
  check(hsa_executable_symbol_get_info(
            found, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_PRIVATE_SEGMENT_SIZE, &code.private_bytes),
        "PRIVATE_SEGMENT_SIZE");
  return code;
}

void copy(void* dst, const void* src, std::size_t bytes) {
  check(hsa_memory_copy(dst, src, bytes), "hsa_memory_copy");
}

}  // namespace aqlsim::hip::hsa
