#include "hip_backend/gpu/hsa_memory.hpp"

#include <cmath>
#include <cstring>

namespace aqlsim::hip {
namespace {

// Host <-> device copies go through a fine-grained staging buffer the runtime allocated, since
// hsa_memory_copy blits only between memory it knows.
void to_device(const HsaDevice& device, const hsa::Buffer& dst, const void* src,
               std::size_t bytes) {
  hsa::Buffer staging(device.pools->host_fine, bytes, device.gpu->handle);
  std::memcpy(staging.data(), src, bytes);
  hsa::copy(dst.data(), staging.data(), bytes);
}

}  // namespace

std::atomic_ref<std::uint32_t> shared_word(const hsa::Buffer& buffer) {
  return std::atomic_ref<std::uint32_t>(*static_cast<std::uint32_t*>(buffer.data()));
}

void from_device(const HsaDevice& device, void* dst, const hsa::Buffer& src, std::size_t bytes) {
  hsa::Buffer staging(device.pools->host_fine, bytes, device.gpu->handle);
  hsa::copy(staging.data(), src.data(), bytes);
  std::memcpy(dst, staging.data(), bytes);
}

DispatchMemory prepare_dispatch(const HsaDevice& device, const PlannedDispatch& dispatch,
                                std::uint32_t compute_units) {
  const auto& pools = *device.pools;
  const auto gpu = device.gpu->handle;
  DispatchMemory m;
  m.kernel = device.code->kernel(kernel_symbol(dispatch));
  m.workgroups = launch_workgroups(dispatch, compute_units);
  m.tasks = dispatch.durations.size();
  std::vector<std::uint64_t> ticks;
  for (Tick t : dispatch.durations)
    ticks.push_back(static_cast<std::uint64_t>(
        std::llround(static_cast<double>(t) * device.clock_hz / kSecond)));
  m.durations = std::make_unique<hsa::Buffer>(pools.device, ticks.size() * 8, gpu);
  to_device(device, *m.durations, ticks.data(), ticks.size() * 8);
  const std::vector<aqlsim_wg_record> zeros(m.tasks, aqlsim_wg_record{0, 0, 0});
  m.records = std::make_unique<hsa::Buffer>(pools.device, m.tasks * sizeof(aqlsim_wg_record), gpu);
  to_device(device, *m.records, zeros.data(), zeros.size() * sizeof(aqlsim_wg_record));

  std::vector<std::byte> args;
  const auto* durations = static_cast<const std::uint64_t*>(m.durations->data());
  auto* records = static_cast<aqlsim_wg_record*>(m.records->data());
  if (dispatch.persistent_workers_per_cu > 0) {
    const std::uint32_t zero = 0;
    m.next_task = std::make_unique<hsa::Buffer>(pools.device, sizeof zero, gpu);
    to_device(device, *m.next_task, &zero, sizeof zero);
    m.evict = std::make_unique<hsa::Buffer>(pools.host_fine, sizeof zero, gpu);
    shared_word(*m.evict).store(0);
    const aqlsim_persistent_args a{durations,
                                   records,
                                   static_cast<std::uint32_t*>(m.next_task->data()),
                                   static_cast<const volatile std::uint32_t*>(m.evict->data()),
                                   static_cast<std::uint32_t>(m.tasks),
                                   0};
    args.resize(sizeof a);
    std::memcpy(args.data(), &a, sizeof a);
  } else {
    const aqlsim_spin_args a{durations, records};
    args.resize(sizeof a);
    std::memcpy(args.data(), &a, sizeof a);
  }
  const auto image = kernarg_image(args, m.kernel.kernarg_bytes, device.abi_version, m.workgroups,
                                   dispatch.workgroup_size);
  m.kernarg = std::make_unique<hsa::Buffer>(pools.kernarg, image.size(), gpu);
  std::memcpy(m.kernarg->data(), image.data(), image.size());
  return m;
}

std::vector<aqlsim_wg_record> read_records(const HsaDevice& device, const DispatchMemory& m) {
  std::vector<aqlsim_wg_record> records(m.tasks);
  from_device(device, records.data(), *m.records, records.size() * sizeof(aqlsim_wg_record));
  return records;
}

}  // namespace aqlsim::hip
