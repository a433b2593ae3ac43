#include "hip_backend/gpu/stream_mapping.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <stdexcept>
#include <string>

namespace aqlsim::hip {

int stream_priority(const LaunchPlan& plan, std::uint32_t priority, int least, int greatest) {
  if (plan.queues.empty()) return least;
  const auto [low, high] = std::minmax_element(
      plan.queues.begin(), plan.queues.end(),
      [](const PlanQueue& a, const PlanQueue& b) { return a.priority < b.priority; });
  if (high->priority == low->priority) return least;
  const double rank = static_cast<double>(priority - low->priority) /
                      static_cast<double>(high->priority - low->priority);
  return least + static_cast<int>(std::lround(rank * (greatest - least)));
}

bool restricts_cus(const std::vector<std::uint8_t>& cu_mask) {
  return std::find(cu_mask.begin(), cu_mask.end(), 0) != cu_mask.end();
}

void reject_cu_masks(const LaunchPlan& plan, std::string_view backend) {
  for (const PlanQueue& queue : plan.queues) {
    if (restricts_cus(queue.cu_mask)) {
      throw std::invalid_argument("queue '" + queue.name + "' has a CU mask, which the " +
                                  std::string(backend) +
                                  " executor cannot apply (its streams cannot be restricted to "
                                  "CUs/SMs): run the plan on the hip or hsa executor, or drop "
                                  "the mask");
    }
  }
}

std::vector<std::uint32_t> cu_mask_words(const std::vector<std::uint8_t>& cu_mask) {
  std::vector<std::uint32_t> words((cu_mask.size() + 31) / 32, 0);
  for (std::size_t cu = 0; cu < cu_mask.size(); ++cu) {
    if (cu_mask[cu] != 0) words[cu / 32] |= std::uint32_t{1} << (cu % 32);
  }
  return words;
}

std::uint32_t launch_lds_bytes(const PlannedDispatch& dispatch) {
  if (dispatch.persistent_workers_per_cu == 0) return dispatch.lds_bytes;
  return std::max<std::uint32_t>(dispatch.lds_bytes, sizeof(std::uint32_t));
}

std::size_t vgpr_bucket_index(std::uint32_t vgpr_bucket) {
  for (std::size_t i = 0; i < std::size(kVgprBuckets); ++i) {
    if (kVgprBuckets[i] == vgpr_bucket) return i;
  }
  throw std::invalid_argument("no spin kernel for " + std::to_string(vgpr_bucket) +
                              " VGPRs per work-item (buckets: 32, 64, 128, 256)");
}

}  // namespace aqlsim::hip
