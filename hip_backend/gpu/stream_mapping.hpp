#pragma once
// How a LaunchPlan maps onto runtime streams (HIP or CUDA), without calling the runtime, so the
// mapping is tested without a GPU.
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "hip_backend/launch_plan.hpp"

namespace aqlsim::hip {

// The stream priority for a plan priority (higher: more urgent) among the plan's queues: the
// lowest plan priority gets the device's least priority, the highest its greatest, and those
// between are spread evenly (runtimes number priorities downwards: greatest < least).
int stream_priority(const LaunchPlan& plan, std::uint32_t priority, int least, int greatest);

// Whether a queue's CU mask restricts it (some CU disabled); an empty or all-ones mask does not.
bool restricts_cus(const std::vector<std::uint8_t>& cu_mask);

// Throws std::invalid_argument naming the first queue whose CU mask restricts it, for a backend
// whose streams cannot be restricted to CUs (CUDA).
void reject_cu_masks(const LaunchPlan& plan, std::string_view backend);

// The mask as hipExtStreamCreateWithCUMask takes it: bit i of word i/32 is CU i.
std::vector<std::uint32_t> cu_mask_words(const std::vector<std::uint8_t>& cu_mask);

// Dynamic LDS of a launch: the dispatch's own, and at least the word a persistent kernel's
// workers broadcast their task index through (spin_kernels.hip).
std::uint32_t launch_lds_bytes(const PlannedDispatch& dispatch);

// The position of a VGPR bucket in kVgprBuckets; throws std::invalid_argument for another count.
std::size_t vgpr_bucket_index(std::uint32_t vgpr_bucket);

}  // namespace aqlsim::hip
