#include "experiment/shard_file.hpp"

#include <fmt/format.h>

#include <charconv>
#include <map>
#include <optional>

#include "config/input_file.hpp"
#include "config/limits.hpp"
#include "experiment/run_record.hpp"

namespace aqlsim {
namespace {

constexpr std::string_view kMagic = "#aqlsim-shard v1";

// FNV-1a, 64 bits: the same on every machine (std::hash is not), which is all it needs to be.
class Fingerprint {
 public:
  void add(std::string_view text) {
    add_bytes(std::to_string(text.size()) + ":");
    add_bytes(text);
  }
  void add(std::uint64_t value) { add(std::to_string(value)); }
  void add(const std::vector<std::string>& texts) {
    add(texts.size());
    for (const std::string& text : texts)
      add(text);
  }
  std::string hex() const { return fmt::format("{:016x}", hash_); }

 private:
  void add_bytes(std::string_view bytes) {
    for (const char c : bytes)
      hash_ = (hash_ ^ static_cast<unsigned char>(c)) * 0x100000001b3;
  }
  std::uint64_t hash_ = 0xcbf29ce484222325;
};

// `text` with every occurrence of `part` taken out (none when `part` is empty).
std::string without(std::string text, std::string_view part) {
  if (part.empty()) return text;
  for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at))
    text.erase(at, part.size());
  return text;
}

std::optional<std::size_t> read_count(std::string_view digits) {
  std::size_t value = 0;
  const char* end = digits.data() + digits.size();
  const auto [stop, error] = std::from_chars(digits.data(), end, value);
  if (digits.empty() || error != std::errc{} || stop != end) return std::nullopt;
  return value;
}

// The first line: kMagic, then key=value fields separated by spaces.
ShardHeader read_header_line(std::string_view line, const std::string& path) {
  if (!line.starts_with(kMagic) || !(line.size() == kMagic.size() || line[kMagic.size()] == ' ')) {
    throw InputError({path, 1, 1}, fmt::format("not a shard file of `aqlsim compare --shard` (its "
                                               "first line must start with '{}')",
                                               kMagic));
  }
  std::map<std::string, std::pair<std::string_view, int>, std::less<>> fields;  // value, column
  int column = static_cast<int>(kMagic.size()) + 1;
  for (std::string_view rest = line.substr(kMagic.size()); !rest.empty();) {
    const std::size_t end = rest.find(' ');
    const std::string_view field = rest.substr(0, end);
    const std::size_t eq = field.find('=');
    if (!field.empty() && eq != std::string_view::npos) {
      const std::string key(field.substr(0, eq));
      if (!fields.try_emplace(key, field.substr(eq + 1), column + static_cast<int>(eq) + 1).second)
        throw InputError({path, 1, column}, fmt::format("the shard header gives {}= twice", key));
    }
    column += static_cast<int>(field.size()) + 1;
    rest.remove_prefix(end == std::string_view::npos ? rest.size() : end + 1);
  }
  const auto value = [&](const char* key) {
    const auto it = fields.find(key);
    if (it == fields.end())
      throw InputError({path, 1, 1}, fmt::format("the shard header has no {}=", key));
    return std::pair{it->second.first, SourceLocation{path, 1, it->second.second}};
  };
  ShardHeader h;
  const auto [experiment, experiment_at] = value("experiment");
  h.experiment = std::string(experiment);
  const auto [shard, shard_at] = value("shard");
  h.shard = parse_shard(shard, shard_at);
  const auto [runs, runs_at] = value("runs");
  const std::optional<std::size_t> count = read_count(runs);
  if (!count) throw InputError(runs_at, fmt::format("expected a count of runs, found '{}'", runs));
  h.runs = *count;
  const auto [baseline, baseline_at] = value("baseline");
  h.baseline = decode_text(baseline, baseline_at);
  const auto [description, description_at] = value("description");
  h.description = decode_text(description, description_at);
  return h;
}

// The second line: the record titles, from which the swept keys are read.
std::vector<std::string> read_titles(std::string_view line, const std::string& path) {
  std::vector<std::string> titles;
  for (std::size_t begin = 0; begin <= line.size();) {
    const std::size_t end = std::min(line.find(',', begin), line.size());
    titles.push_back(decode_text(line.substr(begin, end - begin), {path, 2, 1}));
    begin = end + 1;
  }
  // run, workload, the keys, then the eleven titles from `policy` on.
  const std::vector<std::string> keys =
      titles.size() >= 13 ? std::vector(titles.begin() + 2, titles.end() - 11) : titles;
  if (run_record_header(keys) != line) {
    throw InputError({path, 2, 1}, fmt::format("expected the run titles of a shard, {}",
                                               run_record_header({"KEY..."})));
  }
  return keys;
}

}  // namespace

Slice parse_shard(std::string_view text, const SourceLocation& where) {
  const std::size_t slash = text.find('/');
  const std::optional<std::size_t> index = read_count(text.substr(0, slash));
  const std::optional<std::size_t> count =
      slash == std::string_view::npos ? std::nullopt : read_count(text.substr(slash + 1));
  if (!index || !count || *index >= *count) {
    throw InputError(where, fmt::format("expected I/N, shard I of N counted from 0 (0 <= I < N), "
                                        "found '{}'",
                                        text));
  }
  if (*count > limits::kMaxShards) {
    throw InputError(
        where, fmt::format("a split into at most {} shards, found '{}'", limits::kMaxShards, text));
  }
  return {*index, *count};
}

std::string experiment_fingerprint(const ExperimentSpec& spec, const CompareOptions& options,
                                   const std::vector<std::string>& read_files) {
  Fingerprint f;
  f.add(kMagic);
  f.add(spec.description);
  f.add(spec.baseline);
  f.add(std::uint64_t{spec.measure_alone});
  f.add(spec.policies);
  f.add(spec.sweeps.size());
  for (const Sweep& s : spec.sweeps) {
    f.add(s.key);
    f.add(s.values);
  }
  f.add(spec.overrides);
  f.add(spec.workloads.size());
  for (const WorkloadSource& w : spec.workloads) {
    f.add(w.name);
    f.add(without(w.text, w.library_yaml));
    // A pair's percentage arrival is resolved per run, not written in its text.
    f.add(w.second_arrival ? fmt::format("{:a}", w.second_arrival->fraction) : std::string());
  }
  // By their text only: a checkout elsewhere reads the same files under other paths.
  f.add(read_files.size());
  for (const std::string& file : read_files)
    f.add(read_input_file(file));
  f.add(std::uint64_t{options.seed.has_value()});
  f.add(options.seed.value_or(0));
  f.add(static_cast<std::uint64_t>(options.limits.max_sim_time));
  f.add(options.limits.max_events);
  // Not the memory limit: by default a share of the machine's memory, it would keep shards made
  // on machines of different sizes apart, and what a run that reaches it has done is the
  // machine's, whatever the limit.
  return f.hex();
}

ShardHeader shard_header(const ExperimentSpec& spec, const CompareOptions& options,
                         const std::vector<std::string>& read_files, Slice shard) {
  ShardHeader h{.experiment = experiment_fingerprint(spec, options, read_files),
                .shard = shard,
                .runs = count_runs(spec),
                .description = spec.description,
                .baseline = spec.baseline,
                .sweep_keys = {}};
  for (const Sweep& s : spec.sweeps)
    h.sweep_keys.push_back(s.key);
  return h;
}

void write_shard(std::ostream& out, const ShardHeader& h, const std::vector<RunSummary>& runs) {
  out << fmt::format("{} shard={}/{} runs={} experiment={} baseline={} description={}\n", kMagic,
                     h.shard.index, h.shard.count, h.runs, h.experiment, encode_text(h.baseline),
                     encode_text(h.description))
      << run_record_header(h.sweep_keys) << '\n';
  for (const RunSummary& r : runs)
    out << encode_run(r) << '\n';
}

ShardFile read_shard(const std::string& path) {
  const std::string text = read_input_file(path);
  const std::vector<std::string_view> lines = record_lines(text);
  // compare ends every line: a last one without its newline may be cut anywhere, even in a way
  // that still reads (an application's NTT cut short).
  if (!text.empty() && text.back() != '\n') {
    throw InputError({path, static_cast<int>(lines.size()), 0},
                     "the last line has no newline (a truncated file?)");
  }
  ShardFile file{path, read_header_line(lines.empty() ? "" : lines[0], path), {}};
  ShardHeader& h = file.header;
  if (lines.size() < 2) throw InputError({path, 1, 0}, "the shard ends after its first line");
  h.sweep_keys = read_titles(lines[1], path);
  const std::size_t expected = h.shard.size(h.runs);
  for (std::size_t l = 2; l < lines.size(); ++l) {
    const SourceLocation where{path, static_cast<int>(l + 1), 0};
    RunSummary run = decode_run(lines[l], h.sweep_keys.size(), where);
    const std::size_t want = h.shard.index + h.shard.count * file.runs.size();
    if (file.runs.size() == expected) {
      throw InputError({path, where.line, 1},
                       fmt::format("run {} after the last run of shard {}/{}", run.run,
                                   h.shard.index, h.shard.count));
    }
    if (run.run != want) {
      throw InputError({path, where.line, 1},
                       fmt::format("expected run {}, found run {} (shard I/N holds runs I, I+N, "
                                   "I+2N, ... in order)",
                                   want, run.run));
    }
    file.runs.push_back(std::move(run));
  }
  if (file.runs.size() != expected) {
    throw InputError({path, static_cast<int>(lines.size()), 0},
                     fmt::format("the shard ends after {} of its {} runs (an unfinished or "
                                 "truncated file?)",
                                 file.runs.size(), expected));
  }
  return file;
}

}  // namespace aqlsim
