#pragma once
// Catching the InputError that a piece of code under test must throw.
#include <gtest/gtest.h>

#include "config/input_error.hpp"

namespace aqlsim::testing {

// Runs `action` and returns the InputError it throws (fails the test if none).
template <class F>
InputError error_of(F action) {
  try {
    action();
  } catch (const InputError& e) {
    return e;
  }
  ADD_FAILURE() << "no InputError thrown";
  return InputError({}, "");
}

}  // namespace aqlsim::testing
