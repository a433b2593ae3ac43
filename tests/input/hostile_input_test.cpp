// Hostile input ends in a clear error (issue 13, the input side): each test runs the real
// `aqlsim` on a class of bad input and checks exit status 2 and a message that names the file,
// line and column (or the option) and says what is wrong (the fixture: hostile_fixture.hpp).
#include <fmt/format.h>
#include <sys/stat.h>

#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tests/input/hostile_fixture.hpp"

namespace {

using namespace aqlsim::testing;

// ---- 1. Invalid UTF-8 ------------------------------------------------------------------------

TEST_F(Hostile, InvalidUtf8IsRefusedAtItsFirstByteInEveryKindOfInput) {
  // The reproducer: validate said ok and run --json died in the JSON writer.
  file("w.yaml", kKernel + "queues: [{packets: [{name: \"p\xFF\", dispatch: k}]}]\n");
  expect_rejected({"validate", "w.yaml"}, {"w.yaml:2:30: invalid UTF-8 (byte 0xFF)"});
  expect_rejected({"run", "w.yaml", "--json", "o.json"},
                  {"w.yaml:2:30: invalid UTF-8 (byte 0xFF)"});
  // After a multi-byte character the column counts characters (µ is two bytes).
  file("mu.yaml", "description: \"\xC2\xB5\xC0\x80\"\n" + kKernel + kQueue);
  expect_rejected({"validate", "mu.yaml"}, {"mu.yaml:1:16: invalid UTF-8 (byte 0xC0)"});
  // An included kernel library.
  file("lib.yaml", "kernels:\n  - {name: k, wg_time: 1us, rsd: 0}  # \xED\xA0\x80\n");
  file("inc.yaml", "kernels: [{include: lib.yaml}]\n" + kQueue);
  expect_rejected({"validate", "inc.yaml"},
                  {"lib.yaml:2:40: invalid UTF-8 (byte 0xED)", "included from inc.yaml:1:21"});
  // An experiment file.
  file("ok.yaml", kKernel + kQueue);
  file("exp.yaml", "experiment:\n  workload: ok.yaml\n  description: \"\xF4\x90\x80\x80\"\n");
  expect_rejected({"compare", "exp.yaml"}, {"exp.yaml:3:17: invalid UTF-8 (byte 0xF4)"});
  // DOT, STG and YAML graphs.
  file("g.dot", "digraph G { \"a\xFF\" -> b }\n");
  expect_rejected({"graph", "stats", "g.dot"}, {"g.dot:1:15: invalid UTF-8"});
  file("g.stg", "1\n0 0 0\n1 5 1 0\n2 0 1 1 # \xE2\x82\n");
  expect_rejected({"graph", "stats", "g.stg"}, {"g.stg:4:11: invalid UTF-8 (byte 0xE2)"});
  file("g.yaml", "tasks: [{id: \"a\xF8\"}]\n");
  expect_rejected({"graph", "stats", "g.yaml"}, {"g.yaml:1:16: invalid UTF-8 (byte 0xF8)"});
  // A graph imported by a workload.
  file("gi.yaml", kKernel + "graph: {import: g.dot, default_kernel: k}\n");
  expect_rejected({"validate", "gi.yaml"},
                  {"g.dot:1:15: invalid UTF-8", "imported from gi.yaml:2:17"});
  // --set values and graph gen parameters are named as given, the bad byte escaped.
  expect_rejected({"validate", "ok.yaml", "--set", "description=x\xFF"},
                  {"--set description=x\\xFF: invalid UTF-8 (byte 0xFF at offset 13)"});
  expect_rejected({"graph", "gen", "chain", "n=2", "kernel=k\xC1\xBF"},
                  {"kernel=k\\xC1\\xBF: invalid UTF-8"});
  // So are a sweep (once named --set: its values are applied as settings) and policy names
  // (once echoed raw).
  expect_rejected({"compare", "ok.yaml", "--sweep", "kernels.0.wg_time=5us,\xFF"},
                  {"--sweep kernels.0.wg_time=5us,\\xFF: invalid UTF-8 (byte 0xFF at offset 22)"});
  for (const char* command : {"run", "validate", "accuracy"}) {
    expect_rejected({command, "ok.yaml", "--policy", "f\xFF"},
                    {"--policy f\\xFF: invalid UTF-8 (byte 0xFF at offset 1)"});
  }
  expect_rejected({"compare", "ok.yaml", "--policies", "fifo,\xFF"},
                  {"--policies fifo,\\xFF: invalid UTF-8 (byte 0xFF at offset 5)"});
  expect_rejected({"compare", "ok.yaml", "--policies", "fifo", "--baseline", "\xFF"},
                  {"--baseline \\xFF: invalid UTF-8 (byte 0xFF at offset 0)"});
}

// ---- 2. Durations and signal values --------------------------------------------------------

TEST_F(Hostile, DurationsAboveAMillionSecondsAreRefusedWhereverTheyAreRead) {
  const std::string limit = "longer than the limit of 1000000s (1e18 ps)";
  // The reproducer: map + unmap latency wrapped around and the run hung.
  file("latency.yaml",
       "device: {front_end: {hw_queues: 1, map_latency: 5000000s, unmap_latency: 5000000s}}\n" +
           kKernel + "queues: [{packets: [{dispatch: k}]}, {packets: [{dispatch: k}]}]\n");
  expect_rejected({"run", "latency.yaml"},
                  {"latency.yaml:1:49: the duration '5000000s' is", limit});
  struct Row {
    std::string yaml;
    std::string where;
  };
  const std::vector<Row> rows{
      {"kernels: [{name: k, wg_time: 1000001s}]\n" + kQueue, "w.yaml:1:30"},
      {kKernel + "queues: [{packets: [{dispatch: k, at: 1e400ms}]}]\n", "w.yaml:2:39"},
      {kKernel + "queues: [{packets: [{dispatch: k, at: 1000000.001s}]}]\n", "w.yaml:2:39"},
      {"device: {clock_mhz: 1, front_end: {quantum: 2000000000000cy}}\n" + kKernel + kQueue,
       "w.yaml:1:45"},
      {"device: {preemption: {pending_read: 1e7s}}\n" + kKernel + kQueue, "w.yaml:1:37"},
  };
  for (const Row& row : rows) {
    file("w.yaml", row.yaml);
    expect_rejected({"validate", "w.yaml"}, {row.where + ": the duration", limit});
  }
  // The limit itself is legal.
  file("max.yaml", kKernel + "queues: [{packets: [{dispatch: k, at: 1000000s}]}]\n");
  EXPECT_EQ(aqlsim({"validate", "max.yaml"}).status, 0);
}

TEST_F(Hostile, SignalValuesStayWithinTwoToTheFiftyThird) {
  for (const char* value : {"-9223372036854775808", "9007199254740993", "1e3"}) {
    file("w.yaml", kKernel + "signals: [{name: s, initial: " + value + "}]\n" + kQueue);
    expect_rejected({"run", "w.yaml"}, {"w.yaml:2:30: expected an integer"});
  }
  file("w.yaml", kKernel + "signals: [{name: s, initial: -9007199254740992}]\n" + kQueue);
  EXPECT_EQ(aqlsim({"validate", "w.yaml"}).status, 0);
  // Each packet completing the signal subtracts 1: two from -2^53 + 1 would pass -2^53 (once
  // accepted, and the value past -2^53 went into the JSON); one is the limit.
  const std::string completing = "queues: [{packets: [{dispatch: k, completion_signal: s}";
  file("w.yaml", kKernel + "signals: [{name: s, initial: -9007199254740991}]\n" + completing +
                     ", {dispatch: k, completion_signal: s}]}]\n");
  expect_rejected({"validate", "w.yaml"},
                  {"w.yaml:2:11: signal 's' starts at -9007199254740991 and is the completion "
                   "signal of 2 packets, so it would reach -9007199254740993"});
  file("w.yaml",
       kKernel + "signals: [{name: s, initial: -9007199254740991}]\n" + completing + "]}]\n");
  EXPECT_EQ(aqlsim({"validate", "w.yaml"}).status, 0);
}

// ---- 3. Sizes with documented limits ---------------------------------------------------------

TEST_F(Hostile, QueueRingsAreAtMostTheHsaMaximum) {
  file("w.yaml", kKernel + "queues: [{size: 262144, packets: [{dispatch: k}]}]\n");
  expect_rejected({"run", "w.yaml"}, {"w.yaml:2:17: expected an integer from 1 to 131072"});
  file("g.yaml",
       kKernel + "graph: {generate: {kind: chain, n: 2, kernel: k}, queue_size: 262144}\n");
  expect_rejected({"run", "g.yaml"}, {"g.yaml:2:63: expected an integer from 1 to 131072"});
  file("ok.yaml", kKernel + "queues: [{size: 131072, packets: [{dispatch: k}]}]\n");
  EXPECT_EQ(aqlsim({"validate", "ok.yaml"}).status, 0);
}

TEST_F(Hostile, GraphGeneratorsRefuseOversizedGraphsBeforeBuildingThem) {
  // The reproducer ran 20 s and took 1.7 GB: about 1.6e7 edges.
  const Outcome r = aqlsim({"graph", "gen", "layered", "n=100000", "density=1", "fat=0.5"});
  EXPECT_EQ(r.status, 2);
  EXPECT_THAT(r.err, HasSubstr("has about 1.59e+07 edges, more than the limit of 10000000"));
  EXPECT_LT(r.seconds, 5.0);
  expect_rejected({"graph", "gen", "chain", "n=1000001", "kernel=k"},
                  {"n=1000001: expected an integer from 1 to 1000000"});
  expect_rejected({"graph", "gen", "fork-join", "width=1000", "stages=1000", "kernel=k"},
                  {"more than 1000000 tasks (the limit)"});
  // A workload's generate section is checked the same way.
  file("w.yaml", kKernel +
                     "graph:\n  generate: {kind: layered, n: 1000000, fat: 0.5, density: 1, "
                     "kernel: k}\n");
  expect_rejected({"validate", "w.yaml"}, {"w.yaml:3:13: a layered graph of n=1000000"});
  // An imported STG announcing more tasks than the limit.
  file("big.stg", "1000001\n0 0 0\n");
  expect_rejected({"graph", "stats", "big.stg"},
                  {"big.stg:1:1: expected the number of tasks (an integer from 0 to 1000000)"});
}

TEST_F(Hostile, IncludesAreBoundedInFanOutAndInTotalLoads) {
  // Eight files, each including the next ten times: 10^7 loads within the nesting limit.
  for (int i = 1; i < 8; ++i) {
    std::string text = "kernels:\n";
    for (int j = 0; j < 10; ++j)
      text += "  - include: i" + std::to_string(i + 1) + ".yaml\n";
    file("i" + std::to_string(i) + ".yaml", text);
  }
  file("i8.yaml", "kernels: []\n");
  file("bomb.yaml", "kernels: [{include: i1.yaml}, {name: k, wg_time: 1us}]\n" + kQueue);
  expect_rejected({"validate", "bomb.yaml"},
                  {"a workload loads at most 256 included files in all (the limit)",
                   "included from bomb.yaml:1:21"});
  std::string fan = "kernels:\n";
  for (int j = 0; j < 65; ++j)
    fan += "  - include: i8.yaml\n";
  file("fan.yaml", fan + "  - {name: k, wg_time: 1us}\n" + kQueue);
  expect_rejected({"validate", "fan.yaml"},
                  {"fan.yaml:66:5: a kernels list has at most 64 includes (the limit)"});
}

// A YAML alias repeats a whole list in a few bytes: 2,501 queues aliasing one list of 4,000
// packets (a 40 KB file) would build 10,004,000 packets, 2.9 GB. They are counted before any is
// built, and the queue that passes the limit is named.
TEST_F(Hostile, PacketsRepeatedByAliasesAreCountedBeforeAnyIsBuilt) {
  std::string text = kKernel + "queues:\n  - packets: &p [";
  for (int i = 0; i < 4000; ++i)
    text += "{dispatch: k},";
  text += "]\n";
  for (int q = 1; q <= 2500; ++q)
    text += "  - {packets: *p}\n";
  file("aliases.yaml", text);
  // Queue 0 is on line 3, so queue 2500 on line 2503, its map at column 5 (an alias has its
  // anchor's place, line 3, which names no queue in particular).
  expect_rejected({"validate", "aliases.yaml"},
                  {"aliases.yaml:2503:5: a workload's queues list at most 10000000 packets in all",
                   "(at 'queues.2500')"});
}

// Boost's DOT reader recurses once per nested brace without a limit, runs one regular expression
// over every comment between two tokens, and stops at the first bad '<' of an HTML id, which the
// checks aqlsim runs before it must not walk again for every later '<'.
TEST_F(Hostile, DotFilesThatWouldBreakBoostsReaderAreRefused) {
  std::string nested = "digraph {";
  for (int i = 0; i < 20000; ++i)
    nested += "subgraph{";
  nested += std::string(20000, '}') + "}\n";
  expect_rejected({"graph", "stats", file("nested.dot", nested)},
                  {"nested.dot:1:9009: braces nested deeper than 1000 levels"});
  std::string comments = "digraph {\n";
  for (int i = 0; i < 40000; ++i)
    comments += "// c\n";
  expect_rejected({"graph", "stats", file("comments.dot", comments + "a }\n")},
                  {"comments.dot: Boost's DOT reader cannot read this file"});
  expect_rejected({"graph", "stats", file("html.dot", "digraph {a=" + std::string(300000, '<'))},
                  {"html.dot: malformed DOT graph: Invalid contents in HTML string"});
}

TEST_F(Hostile, AnInputFileLargerThanTheLimitIsRefusedUnread) {
  const std::string big = at("big.yaml");
  { std::ofstream(big) << "# "; }
  fs::resize_file(big, (std::uintmax_t{256} << 20) + 1);
  expect_rejected({"validate", "big.yaml"},
                  {"big.yaml: the file is larger than the limit of 256 MiB"});
  fs::create_directories(at("dir.yaml"));
  expect_rejected({"validate", "dir.yaml"}, {"dir.yaml: is a directory, not a file"});
}

// ---- 4. Every file is read once (a FIFO can be read only once) --------------------------------

// Writes `text` into the FIFO `path` once a reader has opened it (polling, never blocking), or
// gives up at the deadline.
void feed_fifo(const std::string& path, const std::string& text) {
  const auto deadline = std::chrono::steady_clock::now() + kLimit;
  while (std::chrono::steady_clock::now() < deadline) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_NONBLOCK);
    if (fd < 0) {  // ENXIO: no reader yet
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
      continue;
    }
    ::fcntl(fd, F_SETFL, 0);
    const ssize_t written = ::write(fd, text.data(), text.size());
    EXPECT_EQ(written, static_cast<ssize_t>(text.size()));
    ::close(fd);
    return;
  }
}

TEST_F(Hostile, EveryCommandReadsItsFileOnceSoAFifoWorks) {
  const std::string workload = kKernel + kQueue;
  const std::string graph_workload = kKernel + "graph: {tasks: [{id: a, kernel: k}]}\n";
  struct Row {
    std::vector<std::string> args;
    std::string name;
    std::string text;
  };
  const std::vector<Row> rows{
      {{"graph", "ranks", "fifo.yaml"}, "fifo.yaml", graph_workload},
      {{"graph", "stats", "fifo.dot"}, "fifo.dot", "digraph G { a -> b }\n"},
      {{"graph", "lower", "fifo.yaml"}, "fifo.yaml", graph_workload},
      {{"run", "-q", "fifo.yaml"}, "fifo.yaml", workload},
      {{"validate", "fifo.yaml"}, "fifo.yaml", workload},
      {{"compare", "fifo.yaml"}, "fifo.yaml", workload},
      {{"accuracy", "fifo.yaml"}, "fifo.yaml", workload},
  };
  for (const Row& row : rows) {
    fs::remove(at(row.name));
    ASSERT_EQ(::mkfifo(at(row.name).c_str(), 0600), 0);
    std::thread writer(feed_fifo, at(row.name), row.text);
    const Outcome r = aqlsim(row.args);
    writer.join();
    EXPECT_EQ(r.status, 0) << row.args[0] << " " << row.args[1] << ": " << r.err;
  }
}

// ---- 5. A barrier on a packet that signals a declared signal ---------------------------------

// One work-group alone runs wg_time (wg_time_residency: 1); a packet takes 1us to process.
// p is launched at 1us and ends at 11us, when s (its completion signal) reaches 0; the barrier,
// blocked since 2us, then completes, and c is launched one packet later: 12us to 22us. The
// times are those of the same workload with p signalling its own signal.
TEST_F(Hostile, ABarrierOnAPacketWithACompletionSignalWaitsForThatPacket) {
  const std::string head =
      "device: {front_end: {packet_latency: 1us}}\n"
      "kernels: [{name: k, wg_time: 10us, wg_time_residency: 1}]\n";
  const std::string queue =
      "queues: [{packets: [{name: p, dispatch: k, completion_signal: s}, {barrier_and: [p]}, "
      "{name: c, dispatch: k}]}]\n";
  file("w.yaml", head + "signals: [{name: s}]\n" + queue);
  const Outcome r = aqlsim({"run", "w.yaml", "--no-alone", "--json", "w.json"});
  ASSERT_EQ(r.status, 0) << r.err;
  const nlohmann::json json = nlohmann::json::parse(read_file(at("w.json")));
  std::map<std::string, std::pair<double, double>> times;
  for (const auto& k : json.at("kernels"))
    times[k.at("name")] = {k.at("start_us"), k.at("end_us")};
  EXPECT_DOUBLE_EQ(times.at("p").first, 1.0);
  EXPECT_DOUBLE_EQ(times.at("p").second, 11.0);
  EXPECT_DOUBLE_EQ(times.at("c").first, 12.0);
  EXPECT_DOUBLE_EQ(times.at("c").second, 22.0);
  // A signal that reaches 0 at another time than p's completion cannot stand for p.
  file("two.yaml", head + "signals: [{name: s, initial: 2}]\n" + queue);
  expect_rejected({"run", "two.yaml"},
                  {"two.yaml:4:67: barrier depends on packet 'p', whose completion_signal 's' "
                   "starts at 2, not 1"});
  file("shared.yaml",
       head + "signals: [{name: s}]\n" +
           "queues: [{packets: [{name: p, dispatch: k, completion_signal: s}, {barrier_and: [p]}, "
           "{name: q, dispatch: k, completion_signal: s}]}]\n");
  expect_rejected({"compare", "shared.yaml"}, {"shared.yaml:4:67: barrier depends on packet 'p'",
                                               "is also decremented by 1 other packet(s)"});
}

// ---- 6. Every error has a location ------------------------------------------------------------

TEST_F(Hostile, ErrorsNameTheFileLineAndColumnOrTheOptionTheyComeFrom) {
  file("ok.yaml", kKernel + kQueue);
  // An unknown kernel in a generated graph: at the generator's kernel key.
  file("gen.yaml", kKernel + "graph:\n  generate: {kind: chain, n: 3, kernel: nope}\n");
  expect_rejected({"validate", "gen.yaml"},
                  {"gen.yaml:3:41: task 't0': dispatch of unknown kernel 'nope'"});
  file("chol.yaml", kKernel + "graph: {generate: {kind: cholesky, tiles: 2}}\n");
  expect_rejected({"validate", "chol.yaml"}, {"chol.yaml:2:19: task 'potrf_0'", "'potrf'"});
  // A missing import: at the import key.
  file("imp.yaml", kKernel + "graph: {import: none.dot, default_kernel: k}\n");
  expect_rejected({"validate", "imp.yaml"},
                  {"imp.yaml:2:17: cannot import '", "none.dot': cannot open file"});
  // An error inside an included file names the includer.
  file("lib.yaml", "kernels: [{name: k, wg_time: soon}]\n");
  file("inc.yaml", "kernels: [{include: lib.yaml}]\n" + kQueue);
  expect_rejected({"validate", "inc.yaml"},
                  {"lib.yaml:1:30: expected a duration", "included from inc.yaml:1:21"});
  expect_rejected({"validate", "inc.yaml", "--set", "kernels.0.include=gone.yaml"},
                  {"--set kernels.0.include=gone.yaml: cannot include '", "gone.yaml'"});
  // --set: maps it creates and everything inside its value are the option's.
  expect_rejected({"validate", "ok.yaml", "--set", "device.front_end.bogus=1"},
                  {"--set device.front_end.bogus=1: unknown key 'bogus'"});
  expect_rejected({"validate", "ok.yaml", "--set", "queues.0.packets=[{dispatch: nope}]"},
                  {"--set queues.0.packets=[{dispatch: nope}]: dispatch of unknown kernel"});
  expect_rejected({"validate", "ok.yaml", "--set", "queues.0.packets=[{dispatch: k, at: x}]"},
                  {"--set queues.0.packets=[{dispatch: k, at: x}]: expected a duration"});
  // Experiments: unknown policies, baselines and bad set/sweep values at the experiment file.
  file("pol.yaml", "experiment:\n  workload: ok.yaml\n  policies: [srtf, fifo-backfil]\n");
  expect_rejected({"compare", "pol.yaml"},
                  {"pol.yaml:3:20: unknown policy 'fifo-backfil' (did you mean 'fifo-backfill'?)"});
  file("dup.yaml", "experiment:\n  workload: ok.yaml\n  policies: [srtf, srtf]\n");
  expect_rejected({"compare", "dup.yaml"}, {"dup.yaml:3:20: policy 'srtf' is listed twice"});
  file("base.yaml", "experiment:\n  workload: ok.yaml\n  policies: [srtf]\n  baseline: sjf\n");
  expect_rejected({"compare", "base.yaml"},
                  {"base.yaml:4:13: baseline 'sjf' is not one of the policies compared: srtf"});
  file("set.yaml", "experiment:\n  workload: ok.yaml\n  set: [kernels.0.wg_time=zz]\n");
  expect_rejected({"compare", "set.yaml"},
                  {"set.yaml:3:9: expected a duration", "setting 'kernels.0.wg_time=zz'"});
  file("sweep.yaml", "experiment:\n  workload: ok.yaml\n  sweep: {queues.0.size: [64, 1000]}\n");
  expect_rejected({"compare", "sweep.yaml"},
                  {"sweep.yaml:3:31: a queue size must be a power of two, found 1000"});
  file("miss.yaml", "experiment:\n  workloads: [ok.yaml, gone.yaml]\n");
  expect_rejected({"compare", "miss.yaml"},
                  {"miss.yaml:2:24: cannot read workload '", "gone.yaml': cannot open file"});
  // Given twice or given for nothing: a workload counted twice in the means, a value silently
  // replaced, an empty policy list silently meaning the workloads' own.
  file("twice.yaml", "experiment:\n  workload: ok.yaml\n  workloads: [ok.yaml]\n");
  expect_rejected({"compare", "twice.yaml"}, {"twice.yaml:3:15: workload '",
                                              "ok.yaml' is listed "
                                              "twice"});
  file("nopol.yaml", "experiment:\n  workload: ok.yaml\n  policies: []\n");
  expect_rejected({"compare", "nopol.yaml"}, {"nopol.yaml:3:13: lists no policy"});
  file("set2.yaml",
       "experiment:\n  workload: ok.yaml\n  set: [kernels.0.wg_time=5us, kernels.0.wg_time=7us]\n");
  expect_rejected({"compare", "set2.yaml"}, {"set2.yaml:3:32: 'kernels.0.wg_time' is set twice"});
  file("setswept.yaml",
       "experiment:\n  workload: ok.yaml\n  sweep: {kernels.0.wg_time: [1us, 2us]}\n"
       "  set: [kernels.0.wg_time=5us]\n");
  expect_rejected({"compare", "setswept.yaml"},
                  {"setswept.yaml:4:9: 'kernels.0.wg_time' is also swept"});
  file("setonly.yaml", "experiment:\n  workload: ok.yaml\n  set: [kernels.0.wg_time=5us]\n");
  expect_rejected({"compare", "setonly.yaml", "--sweep", "kernels.0.wg_time=1us,2us"},
                  {"--sweep kernels.0.wg_time=1us,2us: 'kernels.0.wg_time' is also set by the "
                   "experiment's `set`"});
}

// Files saved with old Mac line ends (a lone \r) have their lines counted as an editor counts
// them, in every format: each file's error is on its line 3 (yaml-cpp alone would read the
// whole YAML file as one line, and fail on it).
TEST_F(Hostile, ALoneCarriageReturnEndsALineInEveryKindOfInput) {
  file("cr.yaml", "kernels:\r  - {name: k, wg_time: 1us}\rqueues: [{packets: [{dispatch: k}]}]\r");
  EXPECT_EQ(aqlsim({"validate", "cr.yaml"}).status, 0);
  file("bad.yaml", "kernels:\r  - {name: k, wg_time: 1us}\rqueues: [{packets: [{dispatch: q}]}]\r");
  expect_rejected({"validate", "bad.yaml"}, {"bad.yaml:3:", "unknown kernel 'q'"});
  file("g.dot", "digraph {\r  a -> b\r  c [cost=5e3]\r}\r");
  expect_rejected({"graph", "stats", "g.dot"}, {"g.dot:3:11: '5e3' is not a DOT number"});
  file("g.stg", "2\r0 0 0\r1 5 1 0\r2 x 1 1\r3 0 1 2\r");
  expect_rejected({"graph", "stats", "g.stg"}, {"g.stg:4:3: expected the cost of task 2"});
  file("g.jsonl",
       "{\"id\":\"a\"}\r{\"id\":\"b\",\"after\":[\"a\"]}\r{\"id\":\"c\",\"after\":[\"z\"]}\r");
  expect_rejected({"graph", "stats", "g.jsonl"}, {"g.jsonl:3:", "'z'"});
  // \r\n stays one line end.
  file("crlf.stg", "2\r\n0 0 0\r\n1 5 1 0\r\n2 x 1 1\r\n3 0 1 2\r\n");
  expect_rejected({"graph", "stats", "crlf.stg"}, {"crlf.stg:4:3: expected the cost of task 2"});
}

// A UTF-8 byte-order mark (as Windows editors write) starts no text: yaml-cpp and the JSON
// reader skipped it, but the DOT, STG and CSV readers took it for part of the first token.
TEST_F(Hostile, AByteOrderMarkIsNotPartOfTheText) {
  const std::string bom = "\xEF\xBB\xBF";
  file("g.dot", bom + "digraph { a -> b }\n");
  EXPECT_EQ(aqlsim({"graph", "stats", "g.dot"}).status, 0);
  file("g.stg", bom + "1\n0 0 0\n1 5 1 0\n2 0 1 1\n");
  EXPECT_EQ(aqlsim({"graph", "stats", "g.stg"}).status, 0);
  // Places on the first line do not count it: `5e3` is at column 19.
  file("bad.dot", bom + "digraph { a [cost=5e3] }\n");
  expect_rejected({"graph", "stats", "bad.dot"}, {"bad.dot:1:19: '5e3' is not a DOT number"});
  file("w.yaml", bom + kKernel + kQueue);
  ASSERT_EQ(aqlsim({"compare", "w.yaml", "--no-alone", "--csv", "c.csv"}).status, 0);
  file("bom.csv", bom + read_file(at("c.csv")));
  EXPECT_EQ(aqlsim({"report", "bom.csv", "-o", "r.html"}).status, 0);
}

// ---- 7. Command-line strictness ---------------------------------------------------------------

TEST_F(Hostile, CommandLineNumbersAndPoliciesAreCheckedStrictly) {
  file("ok.yaml", kKernel + kQueue);
  for (const char* seed : {"-1", "99999999999999999999999", "", "1.5", " 7", "+3"}) {
    for (const char* command : {"run", "validate", "compare"}) {
      expect_rejected({command, "ok.yaml", "--seed", seed},
                      {"--seed: expected a seed from 0 to 9223372036854775807"});
    }
  }
  EXPECT_EQ(aqlsim({"validate", "ok.yaml", "--seed", "9223372036854775807"}).status, 0);
  expect_rejected({"run", "ok.yaml", "--policy", "srtf", "--policy", "sjf"},
                  {"--policy sjf: 'srtf' and 'sjf' are both thread-block policies"});
  expect_rejected({"validate", "ok.yaml", "--policy", "rr-idle", "--policy", "rr-ready"},
                  {"--policy rr-ready: 'rr-idle' and 'rr-ready' are both queue-mapping"});
  EXPECT_EQ(aqlsim({"validate", "ok.yaml", "--policy", "rr-ready", "--policy", "srtf"}).status, 0);
  expect_rejected({"accuracy", "ok.yaml", "--policy", "rr-idle"},
                  {"--policy rr-idle: 'rr-idle' is a queue-mapping policy; accuracy runs under a "
                   "thread-block policy"});
  expect_rejected({"accuracy", "ok.yaml", "--policy", "kernel-rr"}, {"is a kernel policy"});
  // An experiment's queue-mapping or kernel policy was ignored without a word.
  file("maps.yaml", "experiment:\n  workload: ok.yaml\n  policies: [fifo, priority-static]\n");
  const std::string note =
      "aqlsim: note: the experiment's queue-mapping policy 'priority-static' is not applied: "
      "accuracy runs under one thread-block policy (--policy, or the experiment's first) and the "
      "workload's others (--set scheduling.queue_mapping=priority-static applies it)\n";
  const Outcome maps = aqlsim({"accuracy", "maps.yaml"});
  EXPECT_EQ(maps.status, 0) << maps.err;
  EXPECT_EQ(maps.err, note);
  // --policy replaces the thread-block policy, not the note (which it dropped).
  const Outcome chosen = aqlsim({"accuracy", "maps.yaml", "--policy", "srtf"});
  EXPECT_EQ(chosen.status, 0) << chosen.err;
  EXPECT_EQ(chosen.err, note);
  // An empty baseline also means "not given": it was the default without a word.
  for (const char* command : {"compare", "report"}) {
    expect_rejected({command, "ok.yaml", "--baseline", ""},
                    {"--baseline: empty name: give a policy name, or leave the option out"});
  }
  expect_rejected({"compare", "ok.yaml", "--baseline", "nonexistent"},
                  {"--baseline nonexistent: baseline 'nonexistent' needs policies"});
  expect_rejected({"compare", "ok.yaml", "--policies", "srtf,sjf", "--baseline", "nonexistent"},
                  {"--baseline nonexistent: baseline 'nonexistent' is not one of the policies"});
  expect_rejected({"compare", "ok.yaml", "--policies", "srtf,bogus"},
                  {"--policies srtf,bogus: unknown policy 'bogus'"});
  expect_rejected({"compare", "ok.yaml", "--policies", "srtf,srtf"},
                  {"policy 'srtf' is listed twice"});
  // An empty name is a stray comma, not a name to drop: `srtf,` ran srtf alone.
  for (const char* policies : {"srtf,", ",srtf", "srtf,,sjf", ""}) {
    expect_rejected({"compare", "ok.yaml", "--policies", policies},
                    {fmt::format("--policies {}: a policy name is empty", policies)});
  }
  // No queue left by an option is the option's error, not the file's.
  expect_rejected({"run", "ok.yaml", "--set", "queues=[]"},
                  {"--set queues=[]: a workload needs at least one queue (or a graph)"});
  // A key set twice: the later value would silently win; a key set and swept: the sweep would.
  for (const char* command : {"run", "validate", "compare"}) {
    expect_rejected(
        {command, "ok.yaml", "--set", "kernels.0.wg_time=1us", "--set", "kernels.0.wg_time=2us"},
        {"--set kernels.0.wg_time: 'kernels.0.wg_time' is set twice"});
  }
  expect_rejected({"compare", "ok.yaml", "--set", "kernels.0.wg_time=1us", "--sweep",
                   "kernels.0.wg_time=2us,3us"},
                  {"--set kernels.0.wg_time=1us: 'kernels.0.wg_time' is also swept"});
  // Generator parameters: strict, each named as given.
  expect_rejected({"graph", "gen", "chain", "n=99999999999999999999", "kernel=k"},
                  {"n=99999999999999999999: expected an integer from 1 to 1000000"});
  expect_rejected({"graph", "gen", "chain", "n=0x-5", "kernel=k"},
                  {"n=0x-5: expected an integer, found '0x-5'"});
  expect_rejected({"graph", "gen", "chain", "n=2", "n=3", "kernel=k"},
                  {"n=3: parameter 'n' is given twice"});
  expect_rejected({"graph", "gen", "chain", "kind=layered", "n=3"},
                  {"kind=layered: the kind is the first argument ('chain'), not a parameter"});
  expect_rejected({"graph", "gen", "chain", "n", "kernel=k"}, {"n: expected key=value"});
  // An empty --cost is not the default (it was taken as not given).
  file("chain.yaml", "tasks: [{id: a}, {id: b, after: [a]}]\n");
  EXPECT_EQ(aqlsim({"graph", "ranks", "chain.yaml", "--cost", "unit"}).status, 0);
  expect_rejected({"graph", "ranks", "chain.yaml", "--cost", ""},
                  {"--cost : expected unit, estimated or explicit"});
  // round-robin:K reads K as every integer is read, 0x included.
  file("rr.yaml", kKernel + "graph: {tasks: [{id: a, kernel: k}], lowering: 'round-robin:0x2'}\n");
  EXPECT_EQ(aqlsim({"validate", "rr.yaml"}).status, 0) << aqlsim({"validate", "rr.yaml"}).err;
  expect_rejected({"graph", "gen", "chain", "n=[1, 2]", "kernel=k"},
                  {"n=[1, 2]: expected a single value"});
  expect_rejected({"graph", "gen", "layered", "n=10", "seed=-1", "kernel=k"},
                  {"seed=-1: expected an integer from 0"});
}

}  // namespace
