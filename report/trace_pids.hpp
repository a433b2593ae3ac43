#pragma once
// The process and thread ids of the Chrome traces aqlsim writes, shared by their writers and
// the trace summary that reads them back. Perfetto takes a tid of 0 for "no thread" and files
// the event under the thread whose tid is the pid (so lane 0 of CU 0, pid 3, would share lane
// 3's track), and its process 0 is the system's idle process: ids start at 1.
#include <cstdint>
#include <string_view>

#include "hsa_model/time.hpp"

namespace aqlsim {

// `aqlsim run --trace` (ChromeTraceWriter): hardware queue slots, user queues, then CU c is
// process kFirstCuPid + c, with a thread per work-group lane. `aqlsim hip run --trace`
// (write_measured_trace) has the same user queues and CUs and no slots; its user queues'
// process is named kMeasuredQueueTitle and the executor, so a reader tells the two apart.
inline constexpr int kSlotPid = 1;
inline constexpr int kQueuePid = 2;
inline constexpr int kFirstCuPid = 3;
inline constexpr std::string_view kSlotTitle = "Hardware queue slots";  // process kSlotPid's name

inline constexpr std::string_view kMeasuredQueueTitle = "user queues (";

// The thread of slot, queue, lane or (measured) CU `index` within its process, and back.
constexpr std::uint64_t trace_tid(std::uint64_t index) {
  return index + 1;
}
constexpr std::uint64_t index_of_tid(std::uint64_t tid) {
  return tid - 1;
}

// A slice's edges on the whole-nanosecond grid. Perfetto reads `ts` and `dur` into whole
// nanoseconds each on its own, so slices written to the picosecond, one ending where the next
// begins on a lane, could come out overlapping by a nanosecond, and it drops such a slice.
// Rounded edges read back exactly, and touching slices still touch.
constexpr Tick on_ns_grid(Tick t) {
  return (t + kNanosecond / 2) / kNanosecond * kNanosecond;
}

}  // namespace aqlsim
