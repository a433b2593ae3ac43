// libFuzzer target: bytes as a JSON Lines task graph (taskgraph/load_jsonl.hpp), then everything
// the graph tools compute from a graph that loaded. InputError is the expected answer to bad input;
// any other exception, a crash or a sanitizer report is a bug.
#include "fuzz/graph_checks.hpp"
#include "taskgraph/load_jsonl.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return aqlsim::fuzz::fuzz_graph_loader(data, size, aqlsim::taskgraph::load_graph_jsonl_text,
                                         "fuzz.jsonl");
}
