// The HTML report's aggregation (report/aggregate.hpp, report/trace_summary.hpp): time bins,
// dominant categories, runs and merged boxes, with values worked out by hand, and the bound on
// drawn elements for runs far too large to draw one box per item.
#include "report/aggregate.hpp"

#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "report/run_page.hpp"
#include "report/trace_pids.hpp"
#include "report/trace_summary.hpp"
#include "tests/support/count_of.hpp"

namespace {

using namespace aqlsim::report;

using aqlsim::kFirstCuPid;
using aqlsim::kSlotPid;
using aqlsim::trace_tid;
using aqlsim::testing::count_of;

TEST(BinnedTime, SplitsAnIntervalOverTheBinsItCrosses) {
  BinnedTime t(0, 10, 5, 2);  // bins of 2
  t.add(0, 0, 1, 5);          // 1 in [0,2), 2 in [2,4), 1 in [4,6)
  t.add(0, 1, 9, 30);         // clipped to [9,10): 1 in [8,10)
  t.add(2, 0, -4, 0.5, 3);    // row 2 created; 0.5 x 3 in [0,2)
  EXPECT_EQ(t.rows(), 3u);
  EXPECT_DOUBLE_EQ(t.at(0, 0, 0), 1);
  EXPECT_DOUBLE_EQ(t.at(0, 1, 0), 2);
  EXPECT_DOUBLE_EQ(t.at(0, 2, 0), 1);
  EXPECT_DOUBLE_EQ(t.at(0, 3, 0), 0);
  EXPECT_DOUBLE_EQ(t.at(0, 4, 1), 1);
  EXPECT_DOUBLE_EQ(t.at(1, 0, 0), 0);
  EXPECT_DOUBLE_EQ(t.at(2, 0, 0), 1.5);
  EXPECT_DOUBLE_EQ(t.total(0, 4), 1);
}

TEST(BinnedTime, CoarseningSumsConsecutiveBins) {
  BinnedTime t(0, 10, 5, 1);
  t.add(0, 0, 1, 5);
  const BinnedTime c = t.coarsened(2);  // bins [0,4), [4,8), [8,12)
  EXPECT_EQ(c.bins(), 3u);
  EXPECT_DOUBLE_EQ(c.bin_width(), 4);
  EXPECT_DOUBLE_EQ(c.at(0, 0, 0), 3);
  EXPECT_DOUBLE_EQ(c.at(0, 1, 0), 1);
  EXPECT_DOUBLE_EQ(c.at(0, 2, 0), 0);
}

TEST(BinnedTime, DominantCategoryNeedsHalfTheBinCovered) {
  BinnedTime t(0, 4, 2, 3);  // bins of 2
  t.add(0, 0, 0, 0.5);
  t.add(0, 2, 0.5, 1.25);  // bin 0: 0.5 + 0.75 covered = 1.25 of 2; category 2 most
  t.add(0, 1, 2, 2.5);     // bin 1: 0.5 of 2 covered: nothing drawn
  EXPECT_EQ(dominant(t, 0, 0), 2u);
  EXPECT_EQ(dominant(t, 0, 1), kNone);
}

TEST(DominantBins, KeepsTheQueueHeldLongestInEachBin) {
  DominantBins d(0, 6, 3);  // bins of 2
  d.add(0, 7, 0, 1.5);      // bin 0: queue 7 for 1.5
  d.add(0, 9, 1.5, 2);      //        queue 9 for 0.5
  d.add(0, 9, 2, 3.2);      // bin 1: queue 9 for 1.2 (>= half)
  d.add(1, 4, 4.5, 5);      // row 1, bin 2: 0.5 (< half)
  EXPECT_EQ(d.rows(), 2u);
  EXPECT_EQ(d.dominant(0, 0), 7u);
  EXPECT_EQ(d.dominant(0, 1), 9u);
  EXPECT_EQ(d.dominant(0, 2), kNone);
  EXPECT_EQ(d.dominant(1, 2), kNone);
  EXPECT_EQ(d.dominant(1, 2, 0.25), 4u);
  const DominantBins c = d.coarsened(2);  // bins [0,4), [4,8)
  EXPECT_EQ(c.dominant(0, 0), 7u);        // 1.5 beats 1.2
  EXPECT_EQ(c.dominant(1, 1, 0.1), 4u);
}

TEST(Runs, JoinEqualNeighboursAndSkipEmptyBins) {
  const auto r = runs({kNone, 1, 1, 2, kNone, 2});
  ASSERT_EQ(r.size(), 3u);
  EXPECT_EQ(r[0].first, 1u);
  EXPECT_EQ(r[0].end, 3u);
  EXPECT_EQ(r[0].category, 1u);
  EXPECT_EQ(r[1].first, 3u);
  EXPECT_EQ(r[1].end, 4u);
  EXPECT_EQ(r[2].first, 5u);
  EXPECT_EQ(r[2].category, 2u);
}

TEST(MergeBoxes, MergesOverlapsAndNearNeighboursOnlyWhenOverBudget) {
  const std::vector<std::vector<Interval>> rows = {
      {{5, 6, 0, 2}, {0, 1, 0, 0}, {1.05, 2, 1, 1}},  // unsorted on purpose
      {{0, 3, 1, 3}, {2, 4, 1, 4}}};
  // Within the budget only overlaps merge: 0-1 and 1.05-2 stay apart.
  const auto exact = merge_boxes(rows, 0.1);
  EXPECT_EQ(exact[0].size(), 3u);
  ASSERT_EQ(exact[1].size(), 1u);
  EXPECT_EQ(exact[1][0].count, 2u);
  // Over a budget of 3, neighbours less than 0.1 apart merge too.
  const auto boxes = merge_boxes(rows, 0.1, 3);
  ASSERT_EQ(boxes[0].size(), 2u);
  EXPECT_DOUBLE_EQ(boxes[0][0].begin, 0);
  EXPECT_DOUBLE_EQ(boxes[0][0].end, 2);
  EXPECT_EQ(boxes[0][0].count, 2u);
  EXPECT_EQ(boxes[0][0].category, kNone);  // categories 0 and 1 merged
  EXPECT_EQ(boxes[0][1].count, 1u);
  EXPECT_EQ(boxes[0][1].first_item, 2u);
  ASSERT_EQ(boxes[1].size(), 1u);
  EXPECT_EQ(boxes[1][0].category, 1u);
  EXPECT_DOUBLE_EQ(boxes[1][0].end, 4);
  // At most two boxes in all: the gap doubles until row 0 is one box (3 apart: gap 3.2).
  const auto two = merge_boxes(rows, 0.1, 2);
  EXPECT_EQ(two[0].size() + two[1].size(), 2u);
  EXPECT_EQ(two[0][0].count, 3u);
}

// 200,000 kernels on 4 queues, each 1 us with 0.5 us between: far under a pixel (the span,
// 300 ms, over 930 px is 323 us a pixel), so each queue is drawn as one box.
TEST(GanttChart, ManyKernelsAreDrawnAsOneBoxPerQueue) {
  RunResult run;
  run.makespan_us = 300'000;
  for (int i = 0; i < 200'000; ++i) {
    KernelResultRow k;
    k.name = "k";
    k.kernel = "kern";
    k.queue = "q" + std::to_string(i % 4);
    k.launch_us = 1.5 * i;
    k.end_us = k.launch_us + 1;
    run.kernels.push_back(k);
  }
  const std::string svg = gantt_chart(run, KernelSeries(run));
  EXPECT_EQ(count_of(svg, "data-series="), 4u);
  EXPECT_EQ(count_of(svg, "<rect"), 4u);
  EXPECT_NE(svg.find("50000 kernels from"), std::string::npos);
}

// A trace of 8 CUs x 4 lanes, each lane running 5,000 back-to-back 20 us work-groups (160,000
// slices over 100 ms): every bin averages exactly 32 resident work-groups, and the charts stay
// within the box budget.
TEST(TraceSummary, ManyWorkGroupsAreBinnedExactlyAndDrawnBounded) {
  std::ostringstream trace;
  trace << "{\"traceEvents\":[\n"
        << "{\"ph\":\"M\",\"pid\":" << kSlotPid
        << ",\"tid\":1,\"name\":\"process_name\",\"args\":{\"name\":"
           "\"Hardware queue slots\"}}";
  // Each row named before its first slice, as `aqlsim run --trace` names them.
  trace << ",\n{\"ph\":\"M\",\"pid\":" << kSlotPid << ",\"tid\":" << trace_tid(0)
        << ",\"name\":\"thread_name\"}";
  for (int cu = 0; cu < 8; ++cu) {
    for (int lane = 0; lane < 4; ++lane) {
      trace << ",\n{\"ph\":\"M\",\"pid\":" << kFirstCuPid + cu << ",\"tid\":" << trace_tid(lane)
            << ",\"name\":\"thread_name\"}";
      for (int i = 0; i < 5'000; ++i) {
        trace << ",\n{\"ph\":\"X\",\"pid\":" << kFirstCuPid + cu << ",\"tid\":" << trace_tid(lane)
              << ",\"name\":\"" << (i % 2 ? "a0" : "b0") << "\",\"ts\":" << 20 * i
              << ",\"dur\":20,\"args\":{\"workgroup\":" << i << "}}";
      }
    }
  }
  // Slot 0 alternates between two queues every 10 us, with a map each time.
  for (int i = 0; i < 10'000; ++i) {
    trace << ",\n{\"ph\":\"X\",\"pid\":" << kSlotPid << ",\"tid\":" << trace_tid(0)
          << ",\"name\":\"starved\",\"ts\":" << 10 * i << ",\"dur\":10,\"args\":{\"queue\":\""
          << (i % 2 ? "q1" : "q0") << "\"}}";
  }
  trace << "\n]}\n";
  std::istringstream in(trace.str());
  const auto series = [](const std::string& packet) -> std::size_t {
    return packet == "a0" ? 0 : 1;
  };
  const TraceSummary s = summarise_trace(in, "t.json", 0, 100'000, kMaxBins, 2, series);
  EXPECT_EQ(s.cus, 8u);
  EXPECT_EQ(s.slots, 1u);
  EXPECT_EQ(s.workgroup_slices, 160'000u);
  ASSERT_EQ(s.resident.bins(), 1000u);
  for (std::size_t b = 0; b < s.resident.bins(); ++b) {
    // Bins of 100 us: 5 work-groups a lane, alternately a0 and b0.
    ASSERT_NEAR(s.resident.total(0, b) / s.resident.bin_width(), 32, 1e-9) << b;
    ASSERT_NEAR(s.cu_resident.at(3, b, 0) / s.resident.bin_width(), 4, 1e-9) << b;
  }
  std::uint64_t maps = 0;
  for (const auto m : s.slot_maps[0])
    maps += m;
  EXPECT_EQ(maps, 10'000u);
  EXPECT_EQ(s.queues.size(), 2u);

  RunResult run;
  run.kernels = {{"a0", "ka", "q0", 1, 0, 0, 0, 100'000, 1, 1},
                 {"b0", "kb", "q1", 1, 0, 0, 0, 100'000, 1, 1}};
  const KernelSeries kernel_series(run);
  const std::string occupancy = occupancy_chart(s, kernel_series);
  EXPECT_EQ(count_of(occupancy, "data-series="), 2u);
  EXPECT_EQ(count_of(occupancy, "<path"), 2u);
  const std::string cus = cu_chart(s);
  EXPECT_EQ(count_of(cus, "data-series="), 8u);
  EXPECT_EQ(count_of(cus, "<path"), 8u);  // constant occupancy: one shade, one box per CU
  EXPECT_EQ(count_of(cus, "z"), 8u);
  // Slot 0 holds q0 and q1 for 10 us each: every 100 us bin is half and half, so the queue
  // lane is at most one box per bin; with the activity lane it fits in the budget.
  const std::string slots = slots_chart(s);
  EXPECT_EQ(count_of(slots, "data-series="), 1u);
  EXPECT_LE(count_of(slots, "<rect"), kMaxBoxes + 1);
  EXPECT_EQ(count_of(slots, "class=\"maps\""), 1u);
}

// Rows are kept for the slots and CUs a trace uses, whatever their numbers: a slice on slot
// 65535 (named, as the writer names every row) made the rows up to it, 9.5 GB of bins. The
// charts label each row with its number, in the order of the numbers.
TEST(TraceSummary, RowsAreThoseOfTheSlotsAndCusUsedInNumberOrder) {
  std::ostringstream trace;
  trace << "{\"traceEvents\":[\n"
        << "{\"ph\":\"M\",\"pid\":" << kSlotPid
        << ",\"tid\":1,\"name\":\"process_name\",\"args\":{\"name\":"
           "\"Hardware queue slots\"}}";
  for (const int slot : {65535, 3}) {
    trace << ",\n{\"ph\":\"M\",\"pid\":" << kSlotPid << ",\"tid\":" << trace_tid(slot)
          << ",\"name\":\"thread_name\"}"
          << ",\n{\"ph\":\"X\",\"pid\":" << kSlotPid << ",\"tid\":" << trace_tid(slot)
          << ",\"name\":\"starved\",\"ts\":0,\"dur\":10,\"args\":{\"queue\":\"q\"}}";
  }
  const int cu_pid = kFirstCuPid + 60000;
  trace << ",\n{\"ph\":\"M\",\"pid\":" << cu_pid << ",\"tid\":1,\"name\":\"thread_name\"}"
        << ",\n{\"ph\":\"X\",\"pid\":" << cu_pid
        << ",\"tid\":1,\"name\":\"a0\",\"ts\":0,\"dur\":10}\n]}\n";
  std::istringstream in(trace.str());
  const TraceSummary s =
      summarise_trace(in, "t.json", 0, 10, kMaxBins, 1, [](const std::string&) { return 0; });
  EXPECT_EQ(s.slot_ids, (std::vector<std::uint64_t>{65535, 3}));
  EXPECT_EQ(s.slot_activity.rows(), 2u);
  EXPECT_EQ(s.cu_ids, (std::vector<std::uint64_t>{60000}));
  EXPECT_EQ(s.cu_resident.rows(), 1u);
  const std::string slots = slots_chart(s);
  EXPECT_LT(slots.find(">slot 3<"), slots.find(">slot 65535<"));
  EXPECT_NE(cu_chart(s).find(">CU 60000<"), std::string::npos);
}

// 32 slots that change queue every 50 us over 100 ms: 1000 bins each would be 32,000 boxes in
// the queue lanes; the bins coarsen until the chart holds at most kMaxBoxes.
TEST(SlotsChart, CoarsensUntilTheBoxesFitTheBudget) {
  std::ostringstream trace;
  trace << "{\"traceEvents\":[{\"ph\":\"M\",\"pid\":" << kSlotPid
        << ",\"tid\":1,\"name\":\"process_name\",\"args\":{\"name\":"
           "\"Hardware queue slots\"}}";
  for (int slot = 0; slot < 32; ++slot) {
    trace << ",{\"ph\":\"M\",\"pid\":" << kSlotPid << ",\"tid\":" << trace_tid(slot)
          << ",\"name\":\"thread_name\"}";
    for (int i = 0; i < 2000; ++i) {
      trace << ",{\"ph\":\"X\",\"pid\":" << kSlotPid << ",\"tid\":" << trace_tid(slot)
            << ",\"name\":\"" << (i % 3 ? "processing" : "blocked") << "\",\"ts\":" << 50 * i
            << ",\"dur\":50,\"args\":{\"queue\":\"q" << (slot + i) % 300 << "\"}}";
    }
  }
  trace << "]}";
  std::istringstream in(trace.str());
  const TraceSummary s =
      summarise_trace(in, "t.json", 0, 100'000, kMaxBins, 1, [](const std::string&) { return 0; });
  EXPECT_EQ(s.slots, 32u);
  const std::string svg = slots_chart(s);
  EXPECT_EQ(count_of(svg, "data-series="), 32u);
  EXPECT_LE(count_of(svg, "<rect") - 32, kMaxBoxes);  // less the lane backgrounds
  EXPECT_GT(count_of(svg, "<rect") - 32, kMaxBoxes / 4);
}

}  // namespace
