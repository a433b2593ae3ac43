// Every kind of bad workload is an InputError naming the file, line and column of the offending
// text and saying what was expected. The workloads are written one line per string, so line N of
// the file is the Nth string; columns are counted by hand (1-based) in the comment above each
// expectation. Errors in a --set value name the option instead of the file.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "tests/input/load_error_support.hpp"

namespace aqlsim {
namespace {

using ::testing::EndsWith;
using testing::expect_at;
using ::testing::HasSubstr;
using testing::kFile;
using testing::lines;
using testing::load_error;
using ::testing::Not;
using ::testing::StartsWith;

// ---------------------------------------------------------------------------------------------
// Syntax and shape

TEST(LoadErrors, MalformedYamlGivesTheParsersPosition) {
  const InputError e = load_error(lines({
      "kernels:",
      "  - name: k",
      "   wg_time: 10us",  // indented one space less than `name`: breaks the block sequence
      "queues: []",
  }));
  // "   wg_time": the stray key starts at column 4 of line 3.
  expect_at(e, 3, 4);
  EXPECT_THAT(e.detail(), HasSubstr("end of sequence not found"));
  // what() carries the location prefix.
  EXPECT_THAT(e.what(), StartsWith("w.yaml:3:4: "));
}

TEST(LoadErrors, MissingRequiredSectionPointsAtTheDocument) {
  const InputError e = load_error(lines({
      "queues: [{name: q}]",
  }));
  // The root map starts at its first key.
  expect_at(e, 1, 1);
  EXPECT_EQ(e.detail(), "missing required key 'kernels'");
}

// A duration that rounds to 0 ps is not "not greater than 0" as written: the message says why.
TEST(LoadErrors, AWorkGroupTimeThatRoundsToZeroSaysSo) {
  for (const char* wg_time : {"0.4ps", "1e-400us"}) {
    const InputError e = load_error(lines({
        std::string("kernels: [{name: k, wg_time: ") + wg_time + "}]",
        "queues: []",
    }));
    // The value starts at column 30 of line 1.
    expect_at(e, 1, 30);
    EXPECT_THAT(e.detail(), HasSubstr("at least 0.5ps: durations are whole picoseconds, and this "
                                      "one rounds to 0"));
  }
}

// ---------------------------------------------------------------------------------------------
// Unknown keys

TEST(LoadErrors, UnknownTopLevelKeySuggestsTheNearestKey) {
  const InputError e = load_error(lines({
      "kernels:",
      "  - {name: k, wg_time: 10us}",
      "queue:",
      "  - {name: q}",
  }));
  expect_at(e, 3, 1);
  EXPECT_EQ(e.detail(),
            "unknown key 'queue' (did you mean 'queues'?); expected one of: description, device, "
            "kernels, signals, queues, scheduling, metrics_per, seed (at 'queue')");
  EXPECT_EQ(std::string(e.what()), "w.yaml:3:1: " + e.detail());
}

TEST(LoadErrors, UnknownDeviceKey) {
  const InputError e = load_error(lines({
      "device:",
      "  name: tiny",
      "  compute_unit: 2",
      "kernels: [{name: k, wg_time: 10us}]",
      "queues: [{name: q}]",
  }));
  // "  compute_unit": column 3.
  expect_at(e, 3, 3);
  EXPECT_THAT(e.detail(), StartsWith("unknown key 'compute_unit' (did you mean 'compute_units'?)"));
  EXPECT_THAT(e.detail(), HasSubstr("(at 'device.compute_unit')"));
}

TEST(LoadErrors, UnknownComputeUnitKey) {
  const InputError e = load_error(lines({
      "device:",
      "  cu: {simds: 2, wave_slots: 8}",
      "kernels: [{name: k, wg_time: 10us}]",
      "queues: [{name: q}]",
  }));
  // "  cu: {simds: 2, wave_slots": '{' is column 7, "simds: 2, " takes 10 more, so column 18.
  expect_at(e, 2, 18);
  EXPECT_THAT(e.detail(), StartsWith("unknown key 'wave_slots'"));
  EXPECT_THAT(e.detail(), HasSubstr("waves_per_simd"));  // listed among the expected keys
  EXPECT_THAT(e.detail(), HasSubstr("(at 'device.cu.wave_slots')"));
}

TEST(LoadErrors, UnknownKernelKey) {
  const InputError e = load_error(lines({
      "kernels:",
      "  - name: k",
      "    wg_time: 10us",
      "    vgpr: 16",
      "queues: [{name: q}]",
  }));
  expect_at(e, 4, 5);
  EXPECT_THAT(e.detail(), StartsWith("unknown key 'vgpr' (did you mean 'vgprs'?)"));
  EXPECT_THAT(e.detail(), HasSubstr("(at 'kernels.0.vgpr')"));
}

TEST(LoadErrors, UnknownQueueKey) {
  const InputError e = load_error(lines({
      "kernels:",
      "  - {name: k, wg_time: 10us}",
      "queues:",
      "  - name: q",
      "    prio: 2",
  }));
  expect_at(e, 5, 5);
  EXPECT_EQ(e.detail(),
            "unknown key 'prio' (did you mean 'priority'?); expected one of: name, size, priority, "
            "cu_mask, packets (at "
            "'queues.0.prio')");
}

TEST(LoadErrors, UnknownPacketKeySuggestsTheNearestKey) {
  const InputError e = load_error(lines({
      "kernels:",
      "  - {name: k, wg_time: 10us}",
      "queues:",
      "  - name: q",
      "    packets:",
      "      - {name: p0, dispatch: k, barier: true}",
  }));
  // '{' is column 9; "name: p0, " is 10 and "dispatch: k, " 13 more: "barier" at column 32+1.
  expect_at(e, 6, 33);
  EXPECT_THAT(e.detail(), StartsWith("unknown key 'barier' (did you mean 'barrier'?); expected "
                                     "one of: name, at, barrier, completion_signal, "));
  EXPECT_THAT(e.detail(), HasSubstr("(at 'queues.0.packets.0.barier')"));
}

// A misspelt kind key ("dispach") is an unknown key with a suggestion, at the key itself.
TEST(LoadErrors, MisspelledPacketKindIsReportedAsAnUnknownKey) {
  const InputError e = load_error(lines({
      "kernels:",
      "  - {name: k, wg_time: 10us}",
      "queues:",
      "  - name: q",
      "    packets:",
      "      - {name: p0, dispach: k}",
  }));
  // "      - {name: p0, dispach": '{' at 9, "name: p0, " is 10 more: column 20.
  expect_at(e, 6, 20);
  EXPECT_THAT(e.detail(), HasSubstr("unknown key 'dispach' (did you mean 'dispatch'?)"));
}

// yaml-cpp accepts a key written twice and keeps the first value; the reader rejects the second.
TEST(LoadErrors, KeyWrittenTwiceIsAnError) {
  const InputError e = load_error(lines({
      "kernels:",
      "  - {name: k, wg_time: 10us}",
      "queues:",
      "  - name: q",
      "    size: 4",
      "    size: 8",
  }));
  expect_at(e, 6, 5);
  EXPECT_THAT(e.detail(), HasSubstr("'size'"));
}

// ---------------------------------------------------------------------------------------------
// Values of the wrong type or out of range

TEST(LoadErrors, StringWhereAnIntegerIsExpected) {
  const InputError e = load_error(lines({
      "kernels:",
      "  - name: k",
      "    workgroups: many",
      "    wg_time: 10us",
      "queues: [{name: q}]",
  }));
  // "    workgroups: many": 4 spaces, 10 letters, ": " -> the value starts at column 17.
  expect_at(e, 3, 17);
  EXPECT_EQ(e.detail(), "expected an integer, found 'many' (at 'kernels.0.workgroups')");
}

TEST(LoadErrors, BoolThatIsNotTrueOrFalse) {
  const InputError e = load_error(lines({
      "kernels:",
      "  - {name: k, wg_time: 10us}",
      "queues:",
      "  - name: q",
      "    packets:",
      "      - {dispatch: k, barrier: maybe}",
  }));
  // '{' at 9, "dispatch: k, " is 13, "barrier: " 9 more: the value at column 32.
  expect_at(e, 6, 32);
  EXPECT_EQ(e.detail(),
            "expected true or false (or yes/no, on/off), found 'maybe' (at "
            "'queues.0.packets.0.barrier')");
}

TEST(LoadErrors, DurationWithoutAUnit) {
  const InputError e = load_error(lines({
      "kernels:",
      "  - name: k",
      "    wg_time: 20",
      "queues: [{name: q}]",
  }));
  // "    wg_time: 20": the value at column 14.
  expect_at(e, 3, 14);
  EXPECT_THAT(e.detail(), StartsWith("expected a duration with a unit, e.g. 4.4us"));
  EXPECT_THAT(e.detail(), HasSubstr("found '20' (at 'kernels.0.wg_time')"));
}

TEST(LoadErrors, NegativeQueueSize) {
  const InputError e = load_error(lines({
      "kernels:",
      "  - {name: k, wg_time: 10us}",
      "queues:",
      "  - name: q",
      "    size: -4",
  }));
  // "    size: -4": the value at column 11.
  expect_at(e, 5, 11);
  EXPECT_EQ(e.detail(), "expected an integer from 1 to 131072, found -4 (at 'queues.0.size')");
}

TEST(LoadErrors, QueueSizeThatIsNotAPowerOfTwo) {
  const InputError e = load_error(lines({
      "kernels:",
      "  - {name: k, wg_time: 10us}",
      "queues:",
      "  - name: q",
      "    size: 48",
  }));
  expect_at(e, 5, 11);
  EXPECT_EQ(e.detail(), "a queue size must be a power of two, found 48 (at 'queues.0.size')");
}

// A key with no value (`size:`) is a null node that yaml-cpp marks at the next token; the
// reader reports it at its key, on line 5, not at `packets:` on line 6.
TEST(LoadErrors, KeyWithoutAValueIsReportedOnItsOwnLine) {
  const InputError e = load_error(lines({
      "kernels:",
      "  - {name: k, wg_time: 10us}",
      "queues:",
      "  - name: q",
      "    size:",
      "    packets: [{dispatch: k}]",
  }));
  EXPECT_EQ(e.where().line, 5) << e.what();
  EXPECT_THAT(e.detail(), HasSubstr("(at 'queues.0.size')"));
}

// ---------------------------------------------------------------------------------------------
// Packets

TEST(LoadErrors, PacketWithTwoKinds) {
  const InputError e = load_error(lines({
      "kernels:",
      "  - {name: k, wg_time: 10us}",
      "queues:",
      "  - name: q",
      "    packets:",
      "      - {name: p0, dispatch: k}",
      "      - {name: p1, dispatch: k, barrier_and: [p0]}",
  }));
  // The packet's flow map opens at column 9.
  expect_at(e, 7, 9);
  EXPECT_EQ(e.detail(),
            "a packet has one of dispatch, barrier_and, barrier_or or raw_type, not both "
            "'dispatch' and 'barrier_and' (at 'queues.0.packets.1')");
}

TEST(LoadErrors, PacketWithNoKind) {
  const InputError e = load_error(lines({
      "kernels:",
      "  - {name: k, wg_time: 10us}",
      "queues:",
      "  - name: q",
      "    packets:",
      "      - {name: p0, at: 5us}",
  }));
  expect_at(e, 6, 9);
  EXPECT_EQ(e.detail(),
            "a packet needs one of dispatch, barrier_and, barrier_or or raw_type (at "
            "'queues.0.packets.0')");
}

TEST(LoadErrors, MoreThanFiveBarrierDependencies) {
  const InputError e = load_error(lines({
      "kernels:",
      "  - {name: k, wg_time: 10us}",
      "queues:",
      "  - name: q",
      "    packets:",
      "      - {name: w, barrier_and: [a, b, c, d, e, f]}",
  }));
  // '{' at 9, "name: w, " is 9, "barrier_and: " 13 more: the list opens at column 31+1.
  expect_at(e, 6, 32);
  EXPECT_EQ(e.detail(),
            "a barrier packet has at most 5 dependencies, found 6 (at "
            "'queues.0.packets.0.barrier_and')");
}

TEST(LoadErrors, FiveBarrierDependenciesAreAllowed) {
  EXPECT_NO_THROW(load_scenario_text(lines({
                                         "signals: [{name: a}, {name: b}, {name: c}, {name: d}]",
                                         "kernels:",
                                         "  - {name: k, wg_time: 10us}",
                                         "queues:",
                                         "  - name: q",
                                         "    packets:",
                                         "      - {name: e, dispatch: k}",
                                         "      - {name: w, barrier_or: [a, b, c, d, e]}",
                                     }),
                                     kFile));
}

TEST(LoadErrors, DispatchOfAnUnknownKernelSuggestsTheNearestKernel) {
  const InputError e = load_error(lines({
      "kernels:",
      "  - {name: producer, wg_time: 10us}",
      "queues:",
      "  - name: q",
      "    packets:",
      "      - {name: p0, dispatch: produce}",
  }));
  expect_at(e, 6, 9);
  EXPECT_EQ(e.detail(), "dispatch of unknown kernel 'produce' (did you mean 'producer'?)");
}

// A queue processes its packets in order: a barrier-AND on itself or on a later packet of its
// queue, or a barrier-OR on nothing else, can never complete. A barrier-OR with another way out
// (the earlier p0) is fine: the error is then queue r's.
TEST(LoadErrors, ABarrierThatWaitsBehindItselfInItsQueue) {
  const auto workload = [](const std::string& barrier) {
    return lines({
        "kernels:",
        "  - {name: k, wg_time: 10us}",
        "queues:",
        "  - name: q",
        "    packets:",
        "      - {name: p0, dispatch: k}",
        "      - {name: w, " + barrier + "}",
        "      - {name: p2, dispatch: k}",
        "  - {name: r, packets: [{name: r0, barrier_and: [r1]}, {name: r1, dispatch: k}]}",
    });
  };
  const InputError later = load_error(workload("barrier_and: [p0, p2]"));
  expect_at(later, 7, 9);
  EXPECT_EQ(later.detail(),
            "barrier 'w' waits for packet 'p2', which its queue 'q' processes only after the "
            "barrier has completed: it would block the queue for ever");
  const InputError itself = load_error(workload("barrier_or: [w, p2]"));
  EXPECT_EQ(itself.detail(),
            "barrier 'w' waits for itself, which its queue 'q' processes only after the barrier "
            "has completed: it would block the queue for ever");
  const InputError other_queue = load_error(workload("barrier_or: [p0, p2]"));
  EXPECT_EQ(other_queue.detail(),
            "barrier 'r0' waits for packet 'r1', which its queue 'r' processes only after the "
            "barrier has completed: it would block the queue for ever");
  // hsa.h: no dependency is one satisfied for AND, never for OR (a barrier_or: [] completed).
  const InputError none = load_error(workload("barrier_or: []"));
  expect_at(none, 7, 31);
  EXPECT_EQ(none.detail(),
            "a barrier_or over no signal never completes: it would block its queue for ever (at "
            "'queues.0.packets.1.barrier_or')");
}

// `description` is free text, but one value: a list, even a self-referring alias, was accepted.
TEST(LoadErrors, ADescriptionIsOneValue) {
  const InputError e = load_error(lines({
      "description: &a [*a]",
      "kernels:",
      "  - {name: k, wg_time: 10us}",
      "queues: [{name: q, packets: [{dispatch: k}]}]",
  }));
  expect_at(e, 1, 14);
  EXPECT_EQ(e.detail(), "expected a single value, found a list (at 'description')");
}

TEST(LoadErrors, BarrierOnAnUnknownPacket) {
  const InputError e = load_error(lines({
      "kernels:",
      "  - {name: k, wg_time: 10us}",
      "queues:",
      "  - name: q",
      "    packets:",
      "      - {name: p0, dispatch: k}",
      "      - {name: w, barrier_and: [p1]}",
  }));
  // The error points at the barrier packet.
  expect_at(e, 7, 9);
  EXPECT_EQ(e.detail(), "barrier depends on unknown packet or signal 'p1' (did you mean 'p0'?)");
}

TEST(LoadErrors, CompletionSignalThatIsNotDeclared) {
  const InputError e = load_error(lines({
      "kernels:",
      "  - {name: k, wg_time: 10us}",
      "signals:",
      "  - {name: done}",
      "queues:",
      "  - name: q",
      "    packets:",
      "      - {name: p0, dispatch: k, completion_signal: don}",
  }));
  expect_at(e, 8, 9);
  EXPECT_EQ(e.detail(), "completion_signal 'don' is not a declared signal");
}

// ---------------------------------------------------------------------------------------------
// Names

TEST(LoadErrors, KernelDefinedTwice) {
  const InputError e = load_error(lines({
      "kernels:",
      "  - {name: k, wg_time: 10us}",
      "  - {name: k, wg_time: 20us}",
      "queues: [{name: q}]",
  }));
  // "  - {name: k": the second kernel's name at column 12; the first kernel's map at 2:5.
  expect_at(e, 3, 12);
  EXPECT_EQ(e.detail(), "kernel 'k' is defined twice (first at w.yaml:2:5) (at 'kernels.1.name')");
}

// An experiment given where a workload is read, or a misspelt `experiment:`, says what the file
// is taken for; a misspelt `include` in a kernels list is suggested (the item is read as a
// kernel, whose keys did not name it).
TEST(LoadErrors, AnExperimentOrAMisspeltIncludeIsNamed) {
  InputError e = load_error(lines({"experimnt:", "  workload: w.yaml"}));
  expect_at(e, 1, 1);
  EXPECT_EQ(e.detail(),
            "'experimnt' is not a workload key: a file with `experiment:` is an experiment, for "
            "`compare` and `accuracy` (did you mean 'experiment'?) (at 'experimnt')");
  e = load_error(lines({"kernels:", "  - includ: lib.yaml", "queues: [{name: q}]"}));
  expect_at(e, 2, 5);
  EXPECT_THAT(e.detail(), ::testing::StartsWith("unknown key 'includ' (did you mean 'include'?)"));
}

TEST(LoadErrors, QueueDefinedTwice) {
  const InputError e = load_error(lines({
      "kernels:",
      "  - {name: k, wg_time: 10us}",
      "queues:",
      "  - name: q",
      "    packets: [{dispatch: k}]",
      "  - name: q",
  }));
  // The second queue's map starts at its first key.
  expect_at(e, 6, 5);
  EXPECT_EQ(e.detail(), "queue 'q' is defined twice");
}

TEST(LoadErrors, PacketNamedLikeASignal) {
  const InputError e = load_error(lines({
      "kernels:",
      "  - {name: k, wg_time: 10us}",
      "signals:",
      "  - {name: ready}",
      "queues:",
      "  - name: q",
      "    packets:",
      "      - {name: ready, dispatch: k}",
  }));
  expect_at(e, 8, 9);
  EXPECT_EQ(e.detail(),
            "the name 'ready' is used twice (packet and signal names share one namespace)");
}

}  // namespace
}  // namespace aqlsim
