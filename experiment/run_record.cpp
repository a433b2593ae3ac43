#include "experiment/run_record.hpp"

#include <fmt/format.h>

#include <charconv>
#include <cmath>
#include <iterator>
#include <limits>
#include <type_traits>

#include "hsa_model/time.hpp"
#include "queue_sched/registry.hpp"

namespace aqlsim {
namespace {

// The columns after the swept keys.
constexpr std::string_view kTail[] = {"policy",    "status",      "makespan_us", "stp",
                                      "antt",      "fairness",    "dntt",        "slot_idle_us",
                                      "map_count", "unmap_count", "applications"};
constexpr std::size_t kTailSize = std::size(kTail);

struct Field {
  std::string_view text;
  int column;  // 1-based; every byte of a record is ASCII, so bytes are characters
};

std::vector<Field> split(std::string_view text, char separator, int first_column) {
  std::vector<Field> out;
  for (int column = first_column;;) {
    const std::size_t end = text.find(separator);
    out.push_back({text.substr(0, end), column});
    if (end == std::string_view::npos) return out;
    column += static_cast<int>(end) + 1;
    text.remove_prefix(end + 1);
  }
}

SourceLocation at(const SourceLocation& where, const Field& field) {
  return {where.file, where.line, field.column};
}

// A total over the hardware slots (slot_idle_us) may pass kLargestReportedFigure.
constexpr double kLargestTotal = std::numeric_limits<double>::max();

// Every number of a run is a count, a time in microseconds or a ratio, at most `largest`:
// from_chars also reads nan, inf and negative doubles, which no run writes.
template <typename Number>
Number parse_number(const Field& f, const SourceLocation& where, std::string_view what,
                    double largest = kLargestReportedFigure) {
  Number value{};
  const char* end = f.text.data() + f.text.size();
  const auto [stop, error] = std::from_chars(f.text.data(), end, value);
  bool valid = !f.text.empty() && error == std::errc{} && stop == end;
  if constexpr (std::is_floating_point_v<Number>) valid = valid && value >= 0 && value <= largest;
  if (!valid) {
    throw InputError(
        at(where, f),
        fmt::format("expected a number from 0 to {:g} for {}, found '{}'", largest, what, f.text));
  }
  return value;
}

// A run's policy is a registered one, or QUEUE-MAPPING+THREAD-BLOCK[+KERNEL] (a workload's own
// policies when the experiment lists none: own_policies_label).
std::string parse_policy(const Field& f, const SourceLocation& where) {
  std::string policy = decode_text(f.text, at(where, f));
  const std::vector<std::string_view> parts = split_policies_label(policy);
  // One registered name, or the workload's own: a policy of each kind in that order.
  constexpr PolicyKind kOwn[] = {PolicyKind::queue_mapping, PolicyKind::thread_block,
                                 PolicyKind::kernel};
  bool known = parts.size() <= std::size(kOwn);
  for (std::size_t i = 0; known && i < parts.size(); ++i) {
    const PolicyInfo* p = find_policy(parts[i]);
    known = p && (parts.size() == 1 || p->kind == kOwn[i]);
  }
  if (!known) {
    throw InputError(at(where, f),
                     fmt::format("unknown policy '{}' (`aqlsim policies` lists them)", policy));
  }
  return policy;
}

RunStatus parse_status(const Field& f, const SourceLocation& where) {
  if (const auto status = run_status_named(f.text)) return *status;
  throw InputError(at(where, f), fmt::format("unknown run status '{}'", f.text));
}

std::string encode_applications(const std::vector<std::pair<std::string, double>>& apps) {
  std::string out;
  for (const auto& [name, ntt] : apps)
    out += fmt::format("{}{}={}", out.empty() ? "" : ";", encode_text(name), ntt);
  return out;
}

std::vector<std::pair<std::string, double>> decode_applications(const Field& f,
                                                                const SourceLocation& where) {
  std::vector<std::pair<std::string, double>> out;
  if (f.text.empty()) return out;
  for (const Field& app : split(f.text, ';', f.column)) {
    const std::vector<Field> parts = split(app.text, '=', app.column);
    if (parts.size() != 2)
      throw InputError(at(where, app), "expected application=NTT in the applications column");
    out.emplace_back(decode_text(parts[0].text, at(where, parts[0])),
                     parse_number<double>(parts[1], where, "an application's NTT"));
  }
  return out;
}

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

std::string encode_text(std::string_view text) {
  std::string out;
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    const bool plain = byte > 0x20 && byte < 0x7f && c != '%' && c != ',' && c != ';' && c != '=';
    out += plain ? std::string(1, c) : fmt::format("%{:02X}", byte);
  }
  return out;
}

std::string decode_text(std::string_view text, const SourceLocation& where) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '%') {
      out += text[i];
      continue;
    }
    const int high = i + 2 < text.size() ? hex_digit(text[i + 1]) : -1;
    const int low = high >= 0 ? hex_digit(text[i + 2]) : -1;
    if (low < 0) {
      throw InputError({where.file, where.line, where.column + static_cast<int>(i)},
                       "expected %XX (two upper-case hexadecimal digits) after '%'");
    }
    out += static_cast<char>(high * 16 + low);
    i += 2;
  }
  return out;
}

std::vector<std::string_view> record_lines(std::string_view text) {
  std::vector<std::string_view> lines;
  while (!text.empty()) {
    const std::size_t nl = text.find('\n');
    std::string_view line = text.substr(0, nl);
    if (line.ends_with('\r')) line.remove_suffix(1);
    lines.push_back(line);
    if (nl == std::string_view::npos) break;
    text.remove_prefix(nl + 1);
  }
  return lines;
}

std::string run_record_header(const std::vector<std::string>& sweep_keys) {
  std::string out = "run,workload";
  for (const std::string& key : sweep_keys)
    out += "," + encode_text(key);
  for (const std::string_view title : kTail)
    out += fmt::format(",{}", title);
  return out;
}

std::string encode_run(const RunSummary& r) {
  std::string out = fmt::format("{},{}", r.run, encode_text(r.workload));
  for (const std::string& value : r.point)
    out += "," + encode_text(value);
  const Metrics& m = r.metrics;
  out += fmt::format(",{},{},{},{},{},{},{},{},{},{},{}", encode_text(r.policy),
                     run_status_name(r.status), r.makespan_us, m.stp, m.antt, m.fairness, m.dntt,
                     r.slot_idle_us, r.map_count, r.unmap_count,
                     encode_applications(r.application_ntt));
  return out;
}

RunSummary decode_run(std::string_view line, std::size_t sweep_keys, const SourceLocation& where) {
  const std::vector<Field> f = split(line, ',', 1);
  if (f.size() != 2 + sweep_keys + kTailSize) {
    throw InputError({where.file, where.line, 1},
                     fmt::format("{} fields where a run has {} (a truncated line?)", f.size(),
                                 2 + sweep_keys + kTailSize));
  }
  const auto text = [&](std::size_t i) { return decode_text(f[i].text, at(where, f[i])); };
  const auto number = [&](std::size_t i, double largest = kLargestReportedFigure) {
    return parse_number<double>(f[i], where, kTail[i - 2 - sweep_keys], largest);
  };
  RunSummary r;
  r.run = parse_number<std::size_t>(f[0], where, "the run");
  r.workload = text(1);
  for (std::size_t k = 0; k < sweep_keys; ++k)
    r.point.push_back(text(2 + k));
  const std::size_t t = 2 + sweep_keys;  // the first column of kTail
  r.policy = parse_policy(f[t], where);
  r.status = parse_status(f[t + 1], where);
  r.makespan_us = number(t + 2);
  r.metrics = {number(t + 3), number(t + 4), number(t + 5), number(t + 6)};
  r.slot_idle_us = number(t + 7, kLargestTotal);
  r.map_count = parse_number<std::uint64_t>(f[t + 8], where, "map_count");
  r.unmap_count = parse_number<std::uint64_t>(f[t + 9], where, "unmap_count");
  r.application_ntt = decode_applications(f[t + 10], where);
  return r;
}

}  // namespace aqlsim
