#pragma once
// The unit the hand-worked timelines of the model tests are written in.
#include "hsa_model/time.hpp"

namespace aqlsim::testing {

inline constexpr Tick us = kMicrosecond;

}  // namespace aqlsim::testing
