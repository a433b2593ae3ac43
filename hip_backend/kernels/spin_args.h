/* The kernel arguments of the spin kernels (kernels/spin_kernels.hip), shared by the device
 * code and every host executor (HIP, HSA, CUDA), which write them into a kernarg segment.
 * Plain C layout: the HSA executor writes it byte for byte. */
#ifndef AQLSIM_HIP_SPIN_ARGS_H
#define AQLSIM_HIP_SPIN_ARGS_H
#include <stdint.h>

/* The kernel symbols: aqlsim_spin_v<bucket> and aqlsim_persistent_v<bucket>, for bucket in
 * 32, 64, 128, 256 VGPRs per work-item, and aqlsim_clock_probe. */

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

/* The clock probe (one work-item), which ties the device clock to the host's. Both words are in
 * host memory, 0 at launch: the probe sets *reading to 1 once running, waits for the host to set
 * *go, and then writes the device clock to *reading. The host's times around that round trip
 * bound the reading; a host that gives up sets *go, so the probe never waits for ever. */
typedef struct aqlsim_probe_args {
  volatile uint32_t* go;
  volatile uint64_t* reading;
} aqlsim_probe_args;

#endif
