#pragma once
// A small comparison that has every part of `compare`'s output: a description, two workloads,
// a baseline, a sweep, and the per-application table (arrival orders measure applications).
// 2 orders x 2 policies x 2 seeds = 8 runs. The tests of shards and of MPI run it in pieces and
// expect the bytes that one process with --jobs 1 writes.
#include <optional>
#include <string>

#include "tests/support/cli_fixture.hpp"

namespace aqlsim::testing {

class SweepFixture : public CliFixture {
 protected:
  // The experiment file, written once into the test's directory.
  std::string experiment() {
    if (experiment_.empty()) {
      write("kernels.yaml", kKernels);
      experiment_ = write("sweep.yaml", kSweep);
    }
    return experiment_;
  }

  // `compare` of the experiment in one process with --jobs 1 (once per test): its output, and
  // its CSV in serial.csv.
  const Result& serial() {
    if (!serial_) {
      serial_ =
          aqlsim("compare " + quote(experiment()) + " --jobs 1 --csv " + quote(path("serial.csv")));
    }
    return *serial_;
  }

  // Expects `run` to have succeeded, printing what `serial` printed, and `csv` to hold the
  // bytes of serial.csv.
  void expect_serial_output(const Result& run, const std::string& csv) {
    ASSERT_EQ(serial().status, 0) << serial().err;
    EXPECT_EQ(run.status, 0) << run.err;
    EXPECT_EQ(run.out, serial().out);
    EXPECT_EQ(read_file(path(csv)), read_file(path("serial.csv")));
  }

 private:
  // Small kernels, so that a comparison takes a fraction of a second in any build.
  static constexpr const char* kKernels = R"(kernels:
  - {name: ka, workgroup_size: 256, workgroups: 40, vgprs: 32, wg_time: 10us, rsd: 0.1}
  - {name: kb, workgroup_size: 256, workgroups: 60, vgprs: 32, wg_time: 8us, rsd: 0.1}
  - {name: kc, workgroup_size: 128, workgroups: 30, vgprs: 64, wg_time: 12us, rsd: 0.1}
)";
  static constexpr const char* kSweep = R"(experiment:
  description: "shards and ranks: two arrival orders, two policies, two seeds"
  arrival_orders:
    device: titanx
    kernels: kernels.yaml
    applications:
      - {name: a, kernels: [ka]}
      - {name: bc, kernels: [kb, kc]}
      - {name: c, kernels: [kc]}
    spacing: 5us
    orders: 2
  policies: [kernel-sjf, kernel-rr]
  baseline: kernel-sjf
  set: [device.preemption.mechanism=context-save]
  sweep: {seed: [1, 2]}
)";
  std::string experiment_;
  std::optional<Result> serial_;
};

}  // namespace aqlsim::testing
