// The README's example of the HSA-style C++ API, run here as it is printed there: the test
// compares the lines between its markers with the README's code block, so neither can change
// without the other.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>

#include "hsa_model/host_api.hpp"
#include "queue_sched/registry.hpp"
#include "scenario/device_presets.hpp"
#include "tests/hsa_model/host_api_fixture.hpp"
#include "tests/support/microseconds.hpp"

namespace aqlsim {
namespace {

std::string read(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The text after the first line holding `begin` up to the next line holding `end`, each line
// without its first `indent` characters.
std::string between(const std::string& text, const std::string& begin, const std::string& end,
                    std::size_t indent) {
  std::istringstream lines(text);
  std::string line;
  std::string out;
  bool inside = false;
  while (std::getline(lines, line)) {
    if (inside && line.find(end) != std::string::npos) return out;
    if (inside) out += line.substr(std::min(indent, line.size())) + "\n";
    if (!inside && line.find(begin) != std::string::npos) inside = true;
  }
  return "";
}

TEST(ReadmeApi, TheExampleRunsAsPrinted) {
  const DeviceSpec device = *find_device_preset("cdna");
  KernelProfile profile = testing::host_api_kernel("k", 10 * testing::us);
  profile.workgroup_size = 256;
  // clang-format off
  // README begins
  hsa::Runtime rt(device, make_queue_mapping_policy("priority-static", {}),
                  make_thread_block_scheduler("fifo-backfill", {}));
  const std::uint64_t kernel = rt.register_kernel(profile);     // kernel_object for packets
  hsa::Queue& q = rt.queue_create(64, /*priority=*/5);          // Puthoor et al.'s extra argument
  const hsa_signal_t done = rt.signal_create(1);
  const std::uint64_t index = q.add_write_index(1);             // reserve
  q.write(index, make_dispatch_packet({.kernel_object = kernel, .workgroup_size = 256,
                                       .workgroups = 64, .completion_signal = done}));
  q.ring_doorbell(index);
  rt.signal_wait(done, HSA_SIGNAL_CONDITION_LT, 1);            // runs simulated time
  q.set_priority(7);                                            // as hsa_amd_queue_set_priority
  const std::uint32_t cus_0_to_7 = 0xff;
  q.cu_set_mask(32, std::span(&cus_0_to_7, 1));                 // as hsa_amd_queue_cu_set_mask
  // README ends
  // clang-format on

  const std::string source =
      std::string(AQLSIM_SOURCE_DIR) + "/tests/hsa_model/readme_api_test.cpp";
  const std::string readme = std::string(AQLSIM_SOURCE_DIR) + "/README.md";
  const std::string block = between(
      read(readme).substr(read(readme).find("## The HSA-style C++ API")), "```cpp", "```", 0);
  ASSERT_FALSE(block.empty());
  EXPECT_EQ(between(read(source), "// README begins", "// README ends", 2), block);

  // 64 work-groups of 10 us fit on the 120 CUs at once: processed [0, 4.4], run [4.4, 14.4].
  EXPECT_EQ(rt.signal_load(done), 0);
  EXPECT_EQ(rt.now(), 14'400'000);
  EXPECT_EQ(q.priority(), 7U);
  const std::vector<std::uint8_t>& mask = rt.gpu().queue(q.id()).cu_mask();
  EXPECT_EQ(std::count(mask.begin(), mask.end(), 1), 8);
  EXPECT_TRUE(std::all_of(mask.begin(), mask.begin() + 8, [](std::uint8_t on) { return on == 1; }));
}

}  // namespace
}  // namespace aqlsim
