#pragma once
// The process ids of the Chrome traces aqlsim writes, shared by their writers and the trace
// summary that reads them back.
#include <string_view>

namespace aqlsim {

// `aqlsim run --trace` (ChromeTraceWriter): hardware queue slots, user queues, then CU c is
// process kFirstCuPid + c.
inline constexpr int kSlotPid = 0;
inline constexpr int kQueuePid = 1;
inline constexpr int kFirstCuPid = 2;

// `aqlsim hip run --trace` (write_measured_trace): user queues, then every CU as a thread of
// one process, whose name begins with kMeasuredCuTitle (so a reader tells the two apart).
inline constexpr int kMeasuredQueuePid = 1;
inline constexpr int kMeasuredCuPid = 2;
inline constexpr std::string_view kMeasuredCuTitle = "compute units (";

}  // namespace aqlsim
