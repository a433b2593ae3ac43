#include "report/run_result.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <unordered_map>

#include "config/input_error.hpp"
#include "config/json_excerpt.hpp"
#include "hsa_model/gpu.hpp"
#include "hsa_model/time.hpp"

namespace aqlsim::report {
namespace {

using Json = nlohmann::ordered_json;

// Line and column (1-based, columns in bytes) of byte offset `byte` of `text`.
std::pair<int, int> line_column(const std::string& text, std::size_t byte) {
  byte = std::min(byte, text.size());
  int line = 1;
  std::size_t line_start = 0;
  for (std::size_t i = 0; i < byte; ++i) {
    if (text[i] == '\n') {
      ++line;
      line_start = i + 1;
    }
  }
  return {line, static_cast<int>(byte - line_start) + 1};
}

constexpr double kLargestTimeUs = static_cast<double>(kMaxSimTime) / kMicrosecond;

class Shape {
 public:
  explicit Shape(std::string name) : name_(std::move(name)) {}

  [[noreturn]] void fail(const std::string& path, const std::string& what) const {
    throw InputError({name_, 0, 0},
                     fmt::format("not a result file of `aqlsim run --json`: {} {}", path, what));
  }

  const Json& member(const Json& object, const std::string& path, const char* key) const {
    const auto it = object.find(key);
    if (it == object.end()) fail(path + key, "is missing");
    return *it;
  }
  std::string string(const Json& object, const std::string& path, const char* key) const {
    const Json& v = member(object, path, key);
    if (!v.is_string()) fail(path + key, "is not a string");
    return v.get<std::string>();
  }
  double number(const Json& object, const std::string& path, const char* key) const {
    const Json& v = member(object, path, key);
    if (!v.is_number()) fail(path + key, "is not a number");
    return v.get<double>();
  }
  // A time in microseconds, or a ratio: what no run can write (negative, past the largest
  // simulated time, 2^62 ps) is refused, rather than drawn (a kernel ending before 0 vanished
  // from the chart).
  double time(const Json& object, const std::string& path, const char* key) const {
    const double v = number(object, path, key);
    if (!(v >= 0 && v <= kLargestTimeUs))
      fail(path + key, fmt::format("is {}, not from 0 to {:g}", v, kLargestTimeUs));
    return v;
  }
  // A total over the hardware slots, which may pass the largest simulated time.
  double total(const Json& object, const std::string& path, const char* key) const {
    const double v = number(object, path, key);
    if (!(v >= 0)) fail(path + key, fmt::format("is {}, not 0 or more", v));
    return v;
  }
  double ratio(const Json& object, const std::string& path, const char* key) const {
    const double v = number(object, path, key);
    if (!(v >= 0 && v <= kLargestReportedFigure))
      fail(path + key, fmt::format("is {}, not from 0 to {:g}", v, kLargestReportedFigure));
    return v;
  }
  std::uint64_t count(const Json& object, const std::string& path, const char* key) const {
    const Json& v = member(object, path, key);
    if (!v.is_number_unsigned()) fail(path + key, "is not a non-negative integer");
    return v.get<std::uint64_t>();
  }
  const Json& object(const Json& parent, const std::string& path, const char* key) const {
    const Json& v = member(parent, path, key);
    if (!v.is_object()) fail(path + key, "is not an object");
    return v;
  }

 private:
  std::string name_;
};

}  // namespace

RunResult parse_run_result(const std::string& text, const std::string& name) {
  Json json;
  try {
    json = Json::parse(text);
  } catch (const Json::parse_error& e) {
    const auto [line, column] = line_column(text, e.byte > 0 ? e.byte - 1 : 0);
    const bool truncated = e.byte >= text.size();
    throw InputError({name, line, column},
                     truncated ? std::string("the JSON ends too soon (a truncated file?)")
                               : fmt::format("not valid JSON: {}", e.what()));
  } catch (const Json::out_of_range& e) {  // a number beyond a double: "number overflow ..."
    throw InputError({name, 0, 0}, fmt::format("not a result file: {}", without_exception_id(e)));
  }
  const Shape shape(name);
  if (!json.is_object()) shape.fail("the top level", "is not an object");
  RunResult r;
  r.source = shape.string(json, "", "source");
  r.device = shape.string(json, "", "device");
  r.seed = shape.count(json, "", "seed");
  for (const auto& [key, value] : shape.object(json, "", "policies").items()) {
    if (!value.is_string()) shape.fail("policies." + key, "is not a string");
    r.policies.emplace_back(key, value.get<std::string>());
  }
  r.status = shape.string(shape.object(json, "", "outcome"), "outcome.", "status");
  if (!run_status_named(r.status))
    shape.fail("outcome.status", fmt::format("'{}' is no run status", r.status));
  r.makespan_us = shape.time(json, "", "makespan_us");
  r.per_application = json.contains("applications");
  const Json& kernels = shape.member(json, "", "kernels");
  if (!kernels.is_array()) shape.fail("kernels", "is not an array");
  // A run lists each packet once: the trace check and the page match kernels by packet name.
  std::unordered_map<std::string, std::size_t> listed;
  for (std::size_t i = 0; i < kernels.size(); ++i) {
    const Json& k = kernels[i];
    const std::string path = fmt::format("kernels[{}].", i);
    if (!k.is_object()) shape.fail(path.substr(0, path.size() - 1), "is not an object");
    KernelResultRow row;
    row.name = shape.string(k, path, "name");
    if (const auto [first, added] = listed.emplace(row.name, i); !added) {
      shape.fail(path + "name",
                 fmt::format("'{}' is listed already, as kernels[{}]", row.name, first->second));
    }
    row.kernel = shape.string(k, path, "kernel");
    row.queue = shape.string(k, path, "queue");
    row.workgroups = shape.count(k, path, "workgroups");
    row.arrival_us = shape.time(k, path, "arrival_us");
    row.launch_us = shape.time(k, path, "launch_us");
    row.start_us = shape.time(k, path, "start_us");
    row.end_us = shape.time(k, path, "end_us");
    // Only times from one clock are compared: a measured run (`aqlsim hip run`) takes arrival
    // and launch from the host, start and end from the device.
    if (!(row.arrival_us <= row.launch_us && row.start_us <= row.end_us)) {
      shape.fail(path.substr(0, path.size() - 1),
                 "has its times out of order (arrival_us <= launch_us, start_us <= end_us)");
    }
    row.alone_us = shape.time(k, path, "alone_us");
    row.ntt = shape.ratio(k, path, "ntt");
    r.kernels.push_back(std::move(row));
  }
  const Json& metrics = shape.object(json, "", "metrics");
  r.stp = shape.ratio(metrics, "metrics.", "stp");
  r.antt = shape.ratio(metrics, "metrics.", "antt");
  r.fairness = shape.ratio(metrics, "metrics.", "fairness");
  r.dntt = shape.ratio(metrics, "metrics.", "dntt");
  const Json& hw = shape.object(json, "", "hw");
  r.map_count = shape.count(hw, "hw.", "map_count");
  r.unmap_count = shape.count(hw, "hw.", "unmap_count");
  r.slot_idle_us = shape.total(hw, "hw.", "slot_idle_us");
  const Json& slot_time = shape.object(hw, "hw.", "slot_time_us");
  for (const auto& [key, value] : slot_time.items())
    r.slot_time_us.emplace_back(key, shape.total(slot_time, "hw.slot_time_us.", key.c_str()));
  const Json& simulation = shape.object(json, "", "simulation");
  r.events = shape.count(simulation, "simulation.", "events");
  r.workgroups = shape.count(simulation, "simulation.", "workgroups");
  if (simulation.contains("end_us")) r.end_us = shape.time(simulation, "simulation.", "end_us");
  return r;
}

}  // namespace aqlsim::report
