#include "taskgraph/load_stg.hpp"

#include <fmt/format.h>

#include <charconv>
#include <cmath>
#include <cstdint>
#include <optional>
#include <sstream>
#include <utility>
#include <vector>

#include "config/input_file.hpp"
#include "config/limits.hpp"
#include "config/parse_real.hpp"
#include "config/utf8.hpp"

namespace aqlsim::taskgraph {
namespace {

// Far more than any STG file holds (the largest have 5000 tasks): bounds the task count and
// ids a corrupt file can announce (TaskGraph enforces the task and edge limits as it is built).
constexpr auto kMaxStgTasks = static_cast<std::int64_t>(limits::kMaxGraphTasks);

struct Token {
  std::string text;
  int line;
  int column;
};

// The whitespace-separated words of the non-comment lines, with their positions.
std::vector<Token> tokenize(const std::string& text) {
  std::vector<Token> tokens;
  std::istringstream lines(text);
  std::string line;
  for (int number = 1; std::getline(lines, line); ++number) {
    const auto first = line.find_first_not_of(" \t\r");
    if (first == std::string::npos || line[first] == '#') continue;
    for (auto begin = first; begin != std::string::npos;) {
      const auto end = line.find_first_of(" \t\r", begin);
      tokens.push_back({line.substr(begin, end - begin), number, static_cast<int>(begin) + 1});
      begin = line.find_first_not_of(" \t\r", end);
    }
  }
  return tokens;
}

// Hands out the numbers of the file one by one, reporting errors where they occur.
class NumberReader {
 public:
  NumberReader(std::vector<Token> tokens, std::string name)
      : tokens_(std::move(tokens)), name_(std::move(name)) {}

  std::int64_t integer(std::string_view what, std::int64_t min, std::int64_t max) {
    const Token& token = next(what);
    std::int64_t value = 0;
    const auto [end, ec] =
        std::from_chars(token.text.data(), token.text.data() + token.text.size(), value);
    if (ec != std::errc{} || end != token.text.data() + token.text.size() || value < min ||
        value > max) {
      fail(token, fmt::format("expected {} (an integer from {} to {}), found '{}'", what, min, max,
                              token.text));
    }
    return value;
  }

  double cost(std::string_view what) {
    const Token& token = next(what);
    // Beyond a double's range, a cost is inf (over the limit, which TaskGraph reports) or 0.
    const std::optional<double> value = parse_real(token.text);
    if (!value || *value < 0)
      fail(token, fmt::format("expected {} (a number >= 0), found '{}'", what, token.text));
    return *value;
  }

  // Only blank lines and comments may follow the exit task: a task count that is too small
  // would otherwise cut the graph short without a word.
  void expect_end(std::int64_t exit_id) const {
    if (position_ == tokens_.size()) return;
    fail(tokens_[position_],
         fmt::format("found '{}' after the exit task {} (only blank lines and # comments may "
                     "follow it; is the task count too small?)",
                     tokens_[position_].text, exit_id));
  }

  // Where the last number read came from.
  SourceLocation location() const {
    if (position_ == 0) return {name_, 0, 0};
    const Token& last = tokens_[position_ - 1];
    return {name_, last.line, last.column};
  }

 private:
  const Token& next(std::string_view what) {
    if (position_ == tokens_.size()) {
      throw InputError(location(), fmt::format("file ends where {} was expected", what));
    }
    return tokens_[position_++];
  }

  [[noreturn]] void fail(const Token& token, const std::string& message) const {
    throw InputError({name_, token.line, token.column}, message);
  }

  std::vector<Token> tokens_;
  std::size_t position_ = 0;
  std::string name_;
};

struct StgTask {
  double cost = 0;
  std::vector<std::int64_t> predecessors;
  SourceLocation where;  // the task's id
};

// What reading the predecessor lists keeps for the checks that dropping the dummy tasks needs
// (an edge to a dropped task is never made, so TaskGraph checks none of its edges).
struct PredecessorChecks {
  std::vector<std::int64_t> listed_by;  // by task: the last task that listed it, -1 for none
  // The first task to list the exit task as its predecessor, and where it does.
  std::optional<std::pair<std::int64_t, SourceLocation>> after_exit;
};

StgTask read_stg_task(NumberReader& in, std::int64_t id, std::int64_t last_id,
                      PredecessorChecks& checks) {
  const std::string name = fmt::format("the id of task {}", id);
  in.integer(name, id, id);  // ids must run 0, 1, ..., n+1
  StgTask task;
  task.where = in.location();
  task.cost = in.cost(fmt::format("the cost of task {}", id));
  const auto count = in.integer(fmt::format("the predecessor count of task {}", id), 0, last_id);
  for (std::int64_t k = 0; k < count; ++k) {
    const std::int64_t pred = in.integer(fmt::format("a predecessor of task {}", id), 0, last_id);
    auto& listed_by = checks.listed_by[static_cast<std::size_t>(pred)];
    if (listed_by == id) {
      throw InputError(in.location(),
                       fmt::format("predecessor {} of task {} is given twice", pred, id));
    }
    listed_by = id;
    // A zero-cost entry or exit task is dropped with its edges, which is right only where STG
    // puts it: the entry before every task, the exit after every task. Otherwise dropping it
    // would drop a dependency, or a cycle through it, without a word.
    if (id == 0 && task.cost == 0) {
      throw InputError(in.location(),
                       "the entry task 0 has a predecessor, but as a zero-cost dummy it is "
                       "dropped: it must come before every task (give it a cost to keep it as a "
                       "task)");
    }
    if (pred == last_id && !checks.after_exit) checks.after_exit = {{id, in.location()}};
    task.predecessors.push_back(pred);
  }
  return task;
}

bool is_dropped_dummy(const std::vector<StgTask>& tasks, std::size_t id) {
  return (id == 0 || id + 1 == tasks.size()) && tasks[id].cost == 0;
}

std::vector<StgTask> read_tasks(NumberReader& in) {
  const std::int64_t n = in.integer("the number of tasks", 0, kMaxStgTasks);
  PredecessorChecks checks{.listed_by = std::vector<std::int64_t>(n + 2, -1), .after_exit = {}};
  std::vector<StgTask> tasks;
  for (std::int64_t id = 0; id <= n + 1; ++id)
    tasks.push_back(read_stg_task(in, id, n + 1, checks));
  in.expect_end(n + 1);
  if (checks.after_exit && is_dropped_dummy(tasks, tasks.size() - 1)) {
    const auto& [id, where] = *checks.after_exit;
    throw InputError(where, fmt::format("task {} follows the exit task {}, but as a zero-cost "
                                        "dummy it is dropped: it must come after every task (give "
                                        "it a cost to keep it as a task)",
                                        id, n + 1));
  }
  return tasks;
}

TaskGraph build_graph(const std::vector<StgTask>& tasks) {
  TaskGraph graph;
  std::vector<std::optional<TaskId>> task_id(tasks.size());
  for (std::size_t id = 0; id < tasks.size(); ++id) {
    if (is_dropped_dummy(tasks, id)) continue;
    task_id[id] = graph.add_task(
        TaskProps{.id = fmt::format("t{}", id), .cost = tasks[id].cost, .where = tasks[id].where});
  }
  for (std::size_t id = 0; id < tasks.size(); ++id) {
    for (const std::int64_t pred : tasks[id].predecessors) {
      if (task_id[id] && task_id[pred]) graph.add_edge(*task_id[pred], *task_id[id]);
    }
  }
  return graph;
}

}  // namespace

TaskGraph load_graph_stg_text(const std::string& text, const std::string& name) {
  check_text(text, name);
  NumberReader in(tokenize(text), name);
  TaskGraph graph = build_graph(read_tasks(in));
  graph.check_acyclic();
  return graph;
}

TaskGraph load_graph_stg(const std::string& path) {
  return load_graph_stg_text(read_input_file(path), path);
}

}  // namespace aqlsim::taskgraph
