#pragma once
// A user queue's packet processor on a host thread.
#include <cstdint>

#include "hip_backend/cpu/persistent_kernels.hpp"
#include "hip_backend/cpu/run_state.hpp"
#include "hip_backend/cpu/worker_pool.hpp"

namespace aqlsim::hip::cpu {

// Processes queue `queue`'s packets in order: each waits for its submission time, then (barrier
// bit) for every earlier packet of the queue to complete. A barrier packet holds the queue until
// it is satisfied; a dispatch is handed to the device and the walk goes on at once, so
// dispatches without the barrier bit run concurrently.
void walk_queue(RunState& state, WorkerPool& pool, PersistentKernels& persistent,
                std::uint32_t queue);

}  // namespace aqlsim::hip::cpu
