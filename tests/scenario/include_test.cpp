// `- include: file` in the kernels list pulls in a kernel library, relative to the includer.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "scenario/load_scenario.hpp"
#include "taskgraph/graph_section.hpp"

namespace aqlsim {
namespace {

namespace fs = std::filesystem;

void write(const fs::path& path, const std::string& text) {
  fs::create_directories(path.parent_path());
  std::ofstream(path) << text;
}

class Include : public ::testing::Test {
 protected:
  // One directory per test: ctest runs the tests of this file in parallel processes.
  fs::path dir = fs::path(::testing::TempDir()) /
                 ("aqlsim_include_" +
                  std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
  void TearDown() override { fs::remove_all(dir); }
};

// `persistent: true` makes the included kernels persistent with as many workers per CU as fit:
// on the cdna preset (4 SIMDs x 10 wave slots, 256 VGPRs per lane) 256 work-items = 4 waves;
// 32 VGPRs: 8 waves per SIMD, 8 work-groups per CU; 128 VGPRs: 2 waves per SIMD, 2 per CU. The
// workload's own kernel stays ordinary.
TEST_F(Include, APersistentIncludeGivesEachKernelItsOccupancyInWorkers) {
  write(dir / "k.yaml",
        "kernels:\n  - {name: a, workgroup_size: 256, vgprs: 32, wg_time: 1us}\n"
        "  - {name: b, workgroup_size: 256, vgprs: 128, wg_time: 1us}\n");
  write(dir / "w.yaml",
        "device: cdna\nkernels:\n  - {include: k.yaml, persistent: true}\n"
        "  - {name: c, wg_time: 3us}\nqueues: [{packets: [{dispatch: c}]}]\n");
  const Scenario s = load_scenario((dir / "w.yaml").string());
  ASSERT_EQ(s.kernels.size(), 3u);
  EXPECT_EQ(s.kernels[0].persistent_workers_per_cu, 8u);
  EXPECT_EQ(s.kernels[1].persistent_workers_per_cu, 2u);
  EXPECT_EQ(s.kernels[2].persistent_workers_per_cu, 0u);
}

// A library kernel given its own `persistent:` map keeps its worker count under `persistent:
// true` (it was replaced by the occupancy, 8 here, silently); its overhead was kept either way.
TEST_F(Include, APersistentIncludeKeepsALibraryKernelsOwnWorkers) {
  write(dir / "k.yaml",
        "kernels:\n  - {name: a, workgroup_size: 256, vgprs: 32, wg_time: 1us,\n"
        "     persistent: {workers_per_cu: 2, overhead: 1.5}}\n");
  write(dir / "w.yaml",
        "device: cdna\nkernels:\n  - {include: k.yaml, persistent: true}\n"
        "queues: [{packets: [{dispatch: a}]}]\n");
  const Scenario s = load_scenario((dir / "w.yaml").string());
  ASSERT_EQ(s.kernels.size(), 1u);
  EXPECT_EQ(s.kernels[0].persistent_workers_per_cu, 2u);
  EXPECT_EQ(s.kernels[0].persistent_overhead, 1.5);
}

TEST_F(Include, KernelsComeFromTheLibraryBesideTheWorkload) {
  write(dir / "lib/k.yaml", "kernels:\n  - {name: a, wg_time: 1us}\n  - {name: b, wg_time: 2us}\n");
  write(dir / "w.yaml",
        "kernels:\n  - include: lib/k.yaml\n  - {name: c, wg_time: 3us}\n"
        "queues: [{packets: [{dispatch: b}]}]\n");
  const Scenario s = load_scenario((dir / "w.yaml").string());
  ASSERT_EQ(s.kernels.size(), 3u);
  EXPECT_EQ(s.kernels[0].name, "a");
  EXPECT_EQ(s.kernels[1].duration.mean, 2 * kMicrosecond);
  EXPECT_EQ(s.kernels[2].name, "c");
}

// Scenario::input_files, which no output may replace: the workload, then each file it includes
// (a library's own include too) and the graph it imports, in the order read, each path resolved
// against the file that names it. A workload read from text lists only what it reads.
TEST_F(Include, TheScenarioListsEveryFileItRead) {
  write(dir / "lib/inner.yaml", "kernels:\n  - {name: b, wg_time: 1us}\n");
  write(dir / "lib/k.yaml", "kernels:\n  - {name: a, wg_time: 1us}\n  - include: inner.yaml\n");
  write(dir / "g.yaml", "tasks: [{id: t, kernel: b}]\n");
  const std::string workload = "kernels: [{include: lib/k.yaml}]\ngraph: {import: g.yaml}\n";
  write(dir / "w.yaml", workload);
  const std::string w = (dir / "w.yaml").string();
  const std::vector<std::string> read = {
      (dir / "lib/k.yaml").string(), (dir / "lib/inner.yaml").string(), (dir / "g.yaml").string()};
  const Scenario s = taskgraph::load_workload(w);
  ASSERT_EQ(s.input_files.size(), 4u);
  EXPECT_EQ(s.input_files[0], w);
  EXPECT_EQ(std::vector<std::string>(s.input_files.begin() + 1, s.input_files.end()), read);
  EXPECT_EQ(taskgraph::load_workload_text(workload, w).input_files, read);
  // Without includes or imports, the workload alone.
  write(dir / "plain.yaml",
        "kernels: [{name: k, wg_time: 1us}]\nqueues: [{packets: [{dispatch: k}]}]\n");
  EXPECT_EQ(load_scenario((dir / "plain.yaml").string()).input_files,
            std::vector<std::string>{(dir / "plain.yaml").string()});
}

TEST_F(Include, ErrorsPointIntoTheIncludedFile) {
  write(dir / "k.yaml", "kernels:\n  - {name: a, wg_time: 1us, oops: 1}\n");
  write(dir / "w.yaml", "kernels: [{include: k.yaml}]\nqueues: [{packets: [{dispatch: a}]}]\n");
  try {
    load_scenario((dir / "w.yaml").string());
    FAIL() << "expected an InputError";
  } catch (const InputError& e) {
    EXPECT_EQ(e.where().file, (dir / "k.yaml").string());
    EXPECT_EQ(e.where().line, 2);
    EXPECT_THAT(e.detail(), ::testing::HasSubstr("unknown key 'oops'"));
  }
}

TEST_F(Include, AMissingOrSelfIncludingFileIsAnError) {
  write(dir / "w.yaml", "kernels: [{include: none.yaml}]\nqueues: [{packets: []}]\n");
  EXPECT_THROW(load_scenario((dir / "w.yaml").string()), InputError);
  write(dir / "loop.yaml", "kernels: [{include: loop.yaml}]\n");
  write(dir / "w2.yaml", "kernels: [{include: loop.yaml}]\nqueues: [{packets: []}]\n");
  try {
    load_scenario((dir / "w2.yaml").string());
    FAIL() << "expected an InputError";
  } catch (const InputError& e) {
    EXPECT_THAT(e.detail(), ::testing::HasSubstr("nest more than 8 deep"));
  }
}

}  // namespace
}  // namespace aqlsim
