#pragma once
// The process and thread ids of the Chrome traces aqlsim writes, shared by their writers and
// the trace summary that reads them back. Perfetto takes a tid of 0 for "no thread" and files
// the event under the thread whose tid is the pid (so lane 0 of CU 0, pid 3, would share lane
// 3's track), and its process 0 is the system's idle process: ids start at 1.
#include <cstdint>
#include <string_view>

namespace aqlsim {

// `aqlsim run --trace` (ChromeTraceWriter): hardware queue slots, user queues, then CU c is
// process kFirstCuPid + c.
inline constexpr int kSlotPid = 1;
inline constexpr int kQueuePid = 2;
inline constexpr int kFirstCuPid = 3;
inline constexpr std::string_view kSlotTitle = "Hardware queue slots";  // process kSlotPid's name

// `aqlsim hip run --trace` (write_measured_trace): user queues, then every CU as a thread of
// one process, whose name begins with kMeasuredCuTitle (so a reader tells the two apart).
inline constexpr int kMeasuredQueuePid = kQueuePid;
inline constexpr int kMeasuredCuPid = kFirstCuPid;
inline constexpr std::string_view kMeasuredCuTitle = "compute units (";

// The thread of slot, queue, lane or (measured) CU `index` within its process, and back.
constexpr std::uint64_t trace_tid(std::uint64_t index) {
  return index + 1;
}
constexpr std::uint64_t index_of_tid(std::uint64_t tid) {
  return tid - 1;
}

}  // namespace aqlsim
