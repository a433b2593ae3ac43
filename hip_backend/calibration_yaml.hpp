#pragma once
// The device file `aqlsim hip calibrate` writes: the measured figures in the keys of a device
// preset, each with a comment saying how it was measured, so the file can be included or
// merged into a workload's device section.
#include <string>

#include "hip_backend/executor.hpp"

namespace aqlsim::hip {

std::string calibration_yaml(const Calibration& c, const std::string& executor);

}  // namespace aqlsim::hip
