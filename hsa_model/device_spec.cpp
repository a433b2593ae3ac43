#include "hsa_model/device_spec.hpp"

#include <fmt/format.h>

#include <cmath>
#include <stdexcept>
#include <string_view>

namespace aqlsim {
namespace {

template <class T>
void check_range(std::string_view setting, T value, T low, T high) {
  if (value >= low && value <= high) return;
  throw std::invalid_argument(
      fmt::format("device {} must be from {} to {}, found {}", setting, low, high, value));
}

void check_latency(std::string_view setting, Tick value) {
  if (value >= 0) return;
  throw std::invalid_argument(
      fmt::format("device {} must not be negative, found {} us", setting, to_us(value)));
}

}  // namespace

void check_device(const DeviceSpec& d) {
  constexpr std::uint32_t kMax = UINT32_MAX;
  if (!(std::isfinite(d.clock_mhz) && d.clock_mhz > 0)) {
    throw std::invalid_argument(
        fmt::format("device clock_mhz must be above 0, found {}", d.clock_mhz));
  }
  check_range("compute_units", d.compute_units, 1u, kMax);
  check_range("wave_size", d.wave_size, 1u, kMax);
  const ComputeUnitSpec& cu = d.cu;
  check_range("cu.simds", cu.simds, 1u, kMaxSimdsPerCu);
  check_range("cu.waves_per_simd", cu.waves_per_simd, 1u, kMaxWavesPerSimd);
  check_range("cu.vgprs_per_simd", cu.vgprs_per_simd, 1u, kMax);
  check_range("cu.vgpr_granule", cu.vgpr_granule, 1u, kMax);
  check_range("cu.sgpr_granule", cu.sgpr_granule, 1u, kMax);
  check_range("cu.max_workgroups", cu.max_workgroups, 1u, kMaxWorkgroupsPerCu);
  const FrontEndSpec& fe = d.front_end;
  check_range("front_end.hw_queues", fe.hw_queues, 1u, kMaxHwQueues);
  check_range("front_end.max_concurrent_kernels", fe.max_concurrent_kernels, 1u, kMax);
  check_latency("front_end.map_latency", fe.map_latency);
  check_latency("front_end.unmap_latency", fe.unmap_latency);
  check_latency("front_end.packet_latency", fe.packet_latency);
  if (fe.quantum < kMinQuantum || fe.quantum <= fe.map_latency + fe.unmap_latency) {
    throw std::invalid_argument(fmt::format(
        "device front_end.quantum must be at least {} us and longer than map_latency + "
        "unmap_latency ({} us), found {} us",
        to_us(kMinQuantum), to_us(fe.map_latency + fe.unmap_latency), to_us(fe.quantum)));
  }
  const PreemptionSpec& p = d.preemption;
  check_latency("preemption.eviction_command", p.eviction_command);
  check_latency("preemption.pending_read", p.pending_read);
  check_latency("preemption.launch_command", p.launch_command);
  if (!(std::isfinite(p.save_gbps) && p.save_gbps > 0)) {
    throw std::invalid_argument(
        fmt::format("device preemption.save_gbps must be above 0, found {}", p.save_gbps));
  }
}

}  // namespace aqlsim
