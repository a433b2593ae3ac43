// What was built into this aqlsim for the GPU executors: the embedded AMD code objects hold every
// spin kernel at its VGPR bucket with only dynamic LDS, and each executor, built or not, says why
// it cannot run when there is no device.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <unistd.h>
#include <yaml-cpp/yaml.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>

#include "hip_backend/executor.hpp"
#include "hip_backend/gpu/code_objects.hpp"
#include "hip_backend/kernels/spin_args.h"

namespace aqlsim::hip {
namespace {

using ::testing::HasSubstr;

bool hip_built() {
  return !amd_code_object_archs().empty();
}

// What making `backend`'s executor throws (a test failure when it throws nothing).
std::optional<BackendUnavailable> unavailable(std::string_view backend) {
  try {
    make_executor(backend, {});
  } catch (const BackendUnavailable& e) {
    return e;
  }
  ADD_FAILURE() << "expected BackendUnavailable from the " << backend << " executor";
  return std::nullopt;
}

// The AMDGPU metadata note of a code object, as llvm-readelf prints it (YAML).
YAML::Node kernel_metadata(std::span<const std::uint8_t> code, const std::string& arch) {
#ifdef AQLSIM_LLVM_READELF
  const auto path = std::filesystem::temp_directory_path() /
                    ("aqlsim_spin_" + arch + "_" + std::to_string(::getpid()) + ".co");
  std::ofstream(path, std::ios::binary)
      .write(reinterpret_cast<const char*>(code.data()), static_cast<std::streamsize>(code.size()));
  const std::string command = std::string(AQLSIM_LLVM_READELF) + " --notes " + path.string();
  std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), pclose);
  std::string text;
  char buffer[4096];
  while (pipe && fgets(buffer, sizeof buffer, pipe.get()))
    text += buffer;
  pipe.reset();
  std::filesystem::remove(path);
  const std::size_t yaml = text.find("---");
  if (yaml == std::string::npos) return {};
  return YAML::Load(text.substr(yaml))["amdhsa.kernels"];
#else
  (void)code;
  (void)arch;
  return {};
#endif
}

TEST(HipBuild, CodeObjectsHoldEveryKernelAtItsBucketWithOnlyDynamicLds) {
  if (!hip_built()) GTEST_SKIP() << "HIP is not built into this aqlsim";
#ifndef AQLSIM_LLVM_READELF
  GTEST_SKIP() << "llvm-readelf not found at configure time";
#else
  // A test binary carried to another machine (a GPU host) may not find it there.
  if (!std::filesystem::exists(AQLSIM_LLVM_READELF)) {
    GTEST_SKIP() << AQLSIM_LLVM_READELF << " is not on this machine";
  }
#endif
  for (const std::string& arch : amd_code_object_archs()) {
    SCOPED_TRACE(arch);
    const auto code = amd_code_object(arch);
    ASSERT_FALSE(code.empty());
    const YAML::Node kernels = kernel_metadata(code, arch);
    ASSERT_TRUE(kernels.IsSequence());
    std::map<std::string, YAML::Node> by_name;
    for (const YAML::Node& k : kernels)
      by_name[k[".name"].as<std::string>()] = k;
    EXPECT_EQ(by_name.size(), 2 * std::size(kVgprBuckets) + 1);
    ASSERT_EQ(by_name.count("aqlsim_clock_probe"), 1u);
    EXPECT_EQ(by_name["aqlsim_clock_probe"][".kernarg_segment_size"].as<std::size_t>(),
              sizeof(aqlsim_probe_args));
    for (std::uint32_t bucket : kVgprBuckets) {
      for (const char* kind : {"spin", "persistent"}) {
        const std::string name = "aqlsim_" + std::string(kind) + "_v" + std::to_string(bucket);
        SCOPED_TRACE(name);
        ASSERT_EQ(by_name.count(name), 1u);
        const YAML::Node& k = by_name[name];
        EXPECT_EQ(k[".vgpr_count"].as<std::uint32_t>(), bucket);
        EXPECT_EQ(k[".group_segment_fixed_size"].as<std::uint32_t>(), 0u);
        // The kernarg segment is exactly the argument struct the executors write.
        EXPECT_EQ(k[".kernarg_segment_size"].as<std::size_t>(),
                  std::string(kind) == "spin" ? sizeof(aqlsim_spin_args)
                                              : sizeof(aqlsim_persistent_args));
      }
    }
  }
}

TEST(HipBuild, CodeObjectsAreFoundByTargetIdAndNotForOtherTargets) {
  if (!hip_built()) GTEST_SKIP() << "HIP is not built into this aqlsim";
  for (const std::string& arch : amd_code_object_archs()) {
    EXPECT_EQ(amd_code_object(arch + ":sramecc+:xnack-").data(), amd_code_object(arch).data());
  }
  EXPECT_TRUE(amd_code_object("gfx000").empty());
}

TEST(HipBuild, WithoutHipTheProbeAndTheFactorySayHowToGetIt) {
  if (hip_built()) GTEST_SKIP() << "HIP is built into this aqlsim";
  EXPECT_TRUE(amd_code_object("gfx90a").empty());
  const BackendInfo info = probe_hip();
  EXPECT_FALSE(info.built);
  EXPECT_FALSE(info.usable);
  EXPECT_THAT(info.reason, HasSubstr("scripts/setup.sh --hip"));
  EXPECT_THAT(info.reason, HasSubstr("-DAQLSIM_HIP=ON"));
  const auto e = unavailable("hip");
  ASSERT_TRUE(e);
  EXPECT_EQ(e->backend(), "hip");
  EXPECT_THAT(e->hint(), HasSubstr("-DAQLSIM_HIP=ON"));
}

TEST(HipBuild, WithoutADeviceTheExecutorIsUnavailableWithTheRuntimesError) {
  if (!hip_built()) GTEST_SKIP() << "HIP is not built into this aqlsim";
  const BackendInfo info = probe_hip();
  EXPECT_TRUE(info.built);
  EXPECT_THAT(info.runtime, HasSubstr("HIP runtime"));
  if (info.usable) GTEST_SKIP() << "a HIP device is present";
  EXPECT_TRUE(info.devices.empty());
  EXPECT_THAT(info.reason, HasSubstr("100 hipErrorNoDevice"));
  const auto e = unavailable("hip");
  ASSERT_TRUE(e);
  EXPECT_EQ(e->backend(), "hip");
  EXPECT_EQ(e->code(), 100);
  EXPECT_EQ(e->code_name(), "hipErrorNoDevice");
  EXPECT_THAT(e->hint(), HasSubstr("/dev/kfd"));
  EXPECT_THAT(e->hint(), HasSubstr("render"));
}

TEST(CudaBuild, WithoutCudaTheProbeAndTheFactorySayHowToGetIt) {
  const BackendInfo info = probe_cuda();
  if (info.built) GTEST_SKIP() << "CUDA is built into this aqlsim";
  EXPECT_FALSE(info.usable);
  EXPECT_THAT(info.reason, HasSubstr("-DAQLSIM_CUDA=ON"));
  const auto e = unavailable("cuda");
  ASSERT_TRUE(e);
  EXPECT_THAT(e->hint(), HasSubstr("-DAQLSIM_CUDA=ON"));
}

TEST(CudaBuild, WithoutADriverOrDeviceTheExecutorIsUnavailableWithTheRuntimesError) {
  const BackendInfo info = probe_cuda();
  if (!info.built) GTEST_SKIP() << "CUDA is not built into this aqlsim";
  EXPECT_THAT(info.runtime, HasSubstr("CUDA runtime"));
  if (info.usable) GTEST_SKIP() << "a CUDA device is present";
  const auto e = unavailable("cuda");
  ASSERT_TRUE(e);
  EXPECT_EQ(e->backend(), "cuda");
  // No driver (this project's build machine: 35) or a driver without a GPU (100).
  const std::map<int, std::string> expected = {{35, "cudaErrorInsufficientDriver"},
                                               {100, "cudaErrorNoDevice"}};
  ASSERT_EQ(expected.count(e->code()), 1u) << e->code() << " " << e->code_name();
  EXPECT_EQ(e->code_name(), expected.at(e->code()));
  EXPECT_THAT(info.reason, HasSubstr(std::to_string(e->code()) + " " + e->code_name()));
  EXPECT_THAT(e->hint(), HasSubstr("nvidia-smi"));
}

}  // namespace
}  // namespace aqlsim::hip
