#pragma once
// `aqlsim hip calibrate` for the CPU executor: the figures measured by running small plans on
// the executor itself.
#include "hip_backend/executor.hpp"

namespace aqlsim::hip::cpu {

Calibration calibrate(Executor& executor, const ExecutorOptions& options);

}  // namespace aqlsim::hip::cpu
