#pragma once
// A directory of the test's own, for the tests that run the real `aqlsim` program and read
// back the files it writes: made empty before each test, removed after one that passed (kept
// after a failure, to look at).
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>

namespace aqlsim::testing {

namespace fs = std::filesystem;

inline std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

class TestDirectory : public ::testing::Test {
 protected:
  // The directory is named `prefix`, the test's name and the process id.
  explicit TestDirectory(std::string prefix) : prefix_(std::move(prefix)) {}

  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = fs::path(::testing::TempDir()) /
           (prefix_ + info->name() + "_" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override {
    if (!HasFailure()) fs::remove_all(dir_);
  }

  fs::path dir_;

 private:
  std::string prefix_;
};

}  // namespace aqlsim::testing
