/* The kernel arguments of the spin kernels (kernels/spin_kernels.hip), shared by the device
 * code and every host executor (HIP, HSA, CUDA), which write them into a kernarg segment.
 * Plain C layout: the HSA executor writes it byte for byte. */
#ifndef AQLSIM_HIP_SPIN_ARGS_H
#define AQLSIM_HIP_SPIN_ARGS_H
#include <stdint.h>

/* The kernel symbols: aqlsim_spin_v<bucket> and aqlsim_persistent_v<bucket>, for bucket in
 * 32, 64, 128, 256 VGPRs per work-item. */

/* One record per work-group (task): device clock at start and end, and the CU/SM id. */
typedef struct aqlsim_wg_record {
  uint64_t start;
  uint64_t end;
  uint64_t cu;
} aqlsim_wg_record;

/* An ordinary dispatch: work-group i spins for durations[i] device clock ticks. */
typedef struct aqlsim_spin_args {
  const uint64_t* durations;
  aqlsim_wg_record* records;
} aqlsim_spin_args;

/* A persistent kernel: each work-group is a worker that takes task indices from *next_task
 * until `tasks` are taken or *evict is non-zero (checked between tasks), as in Lopez-Albelda et
 * al. listing 1; a relaunch with the same counter carries on where the last launch stopped. */
typedef struct aqlsim_persistent_args {
  const uint64_t* durations;
  aqlsim_wg_record* records;
  uint32_t* next_task;
  const volatile uint32_t* evict;
  uint32_t tasks;
  uint32_t padding;
} aqlsim_persistent_args;

#endif
