#pragma once
// Helpers for the bad-input tests: workloads written one line per string, and the position the
// InputError they throw must name.
#include <gtest/gtest.h>

#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "config/input_error.hpp"
#include "scenario/load_scenario.hpp"

namespace aqlsim::testing {

constexpr const char* kFile = "w.yaml";

// The lines of a workload file, joined: line N is the Nth string.
inline std::string lines(std::initializer_list<std::string_view> text) {
  std::string out;
  for (std::string_view line : text) {
    out += line;
    out += '\n';
  }
  return out;
}

// Loads `yaml` as w.yaml and returns the InputError it throws.
inline InputError load_error(const std::string& yaml,
                             const std::vector<std::string>& overrides = {}) {
  try {
    load_scenario_text(yaml, kFile, overrides);
  } catch (const InputError& e) {
    return e;
  }
  ADD_FAILURE() << "expected an InputError for:\n" << yaml;
  return InputError({}, "no error");
}

inline void expect_at(const InputError& e, const std::string& file, int line, int column) {
  EXPECT_EQ(e.where().file, file) << e.what();
  EXPECT_EQ(e.where().line, line) << e.what();
  EXPECT_EQ(e.where().column, column) << e.what();
}

inline void expect_at(const InputError& e, int line, int column) {
  expect_at(e, kFile, line, column);
}

}  // namespace aqlsim::testing
