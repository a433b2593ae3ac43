// The `queues:` and `signals:` sections: user queues, the packets they receive, named signals.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <charconv>

#include "config/limits.hpp"
#include "hsa_model/aql_packet.hpp"
#include "hsa_model/user_queue.hpp"
#include "scenario/scenario_reader.hpp"

namespace aqlsim {
namespace {

constexpr std::string_view kPacketKinds = "dispatch, barrier_and, barrier_or or raw_type";

std::vector<std::string> read_names(const YamlNode& list) {
  list.expect_sequence("a list of packet or signal names");
  std::vector<std::string> names;
  for (const YamlNode& item : list.elements())
    names.push_back(item.as_identifier());
  if (names.size() > kBarrierDependencies) {
    list.fail(fmt::format("a barrier packet has at most {} dependencies, found {}",
                          kBarrierDependencies, names.size()));
  }
  return names;
}

// Which of the mutually exclusive packet keys the entry uses.
std::string_view packet_kind_key(const YamlNode& node) {
  std::string_view found;
  for (std::string_view key : {"dispatch", "barrier_and", "barrier_or", "raw_type"}) {
    if (!node.has(key)) continue;
    if (!found.empty())
      node.fail(
          fmt::format("a packet has one of {}, not both '{}' and '{}'", kPacketKinds, found, key));
    found = key;
  }
  if (found.empty()) node.fail(fmt::format("a packet needs one of {}", kPacketKinds));
  return found;
}

// Keys only a dispatch packet may carry.
constexpr std::array<std::string_view, 3> kDispatchKeys{"workgroups", "workgroup_size",
                                                        "lds_bytes"};

PacketSpec read_packet(const YamlNode& node, double clock_mhz) {
  node.expect_map("a packet (a map with dispatch, barrier_and, barrier_or or raw_type)");
  // Every key a packet of any kind may have first, so that a misspelt kind gets a suggestion.
  node.allow_keys({"name", "at", "barrier", "completion_signal", "priority", "dispatch",
                   "barrier_and", "barrier_or", "raw_type", "workgroups", "workgroup_size",
                   "lds_bytes"});
  const std::string_view kind = packet_kind_key(node);
  for (const std::string_view key : kDispatchKeys) {
    if (kind != "dispatch" && node.has(key)) {
      node.require(key).fail(fmt::format("'{}' applies only to dispatch packets", key));
    }
  }

  PacketSpec p;
  p.where = node.location();
  if (auto name = node.get("name")) p.name = name->as_identifier();
  p.at = node.duration_or("at", 0, clock_mhz);
  p.barrier = node.bool_or("barrier", false);
  if (auto signal = node.get("completion_signal")) p.completion_signal = signal->as_identifier();
  if (auto priority = node.get("priority")) {
    p.priority = static_cast<std::uint32_t>(priority->as_int(0, INT32_MAX));
  }
  if (kind == "dispatch") {
    p.kind = PacketSpec::Kind::dispatch;
    p.kernel = node.require("dispatch").as_identifier();
    if (auto n = node.get("workgroups")) p.workgroups = n->as_int(1, UINT32_MAX);
    if (auto n = node.get("workgroup_size")) p.workgroup_size = n->as_int(1, 65535);
    if (auto n = node.get("lds_bytes")) p.lds_bytes = n->as_int(0, INT32_MAX);
  } else if (kind == "raw_type") {
    p.kind = PacketSpec::Kind::raw;
    p.raw_type = static_cast<std::uint8_t>(node.require("raw_type").as_int(0, 255));
  } else {
    p.kind = kind == "barrier_and" ? PacketSpec::Kind::barrier_and : PacketSpec::Kind::barrier_or;
    p.depends_on = read_names(node.require(kind));
    // HSA counts a missing dependency as satisfied for barrier-AND, as unsatisfied for OR.
    if (p.kind == PacketSpec::Kind::barrier_or && p.depends_on.empty()) {
      node.require(kind).fail(
          "a barrier_or over no signal never completes: it would block its queue for ever");
    }
  }
  return p;
}

// `cu_mask: [0, 1, "4-7"]`: CU indices and inclusive ranges, as hsa_amd_queue_cu_set_mask's
// bits; at least one CU, each one that exists.
std::vector<std::uint8_t> read_cu_mask(const YamlNode& node, std::uint32_t cu_count) {
  node.expect_sequence("a list of CU indices or ranges such as \"0-7\"");
  std::vector<std::uint8_t> mask(cu_count, 0);
  const auto enable = [&](const YamlNode& at, std::int64_t first, std::int64_t last) {
    if (last >= cu_count) {
      at.fail(fmt::format("CU {} does not exist: the device has CUs 0 to {}", last, cu_count - 1));
    }
    for (std::int64_t c = first; c <= last; ++c)
      mask[static_cast<std::size_t>(c)] = 1;
  };
  for (const YamlNode& item : node.elements()) {
    const std::string text = item.as_string();
    const auto dash = text.find('-');
    if (dash == std::string::npos) {
      const std::int64_t cu = item.as_int(0, INT32_MAX);
      enable(item, cu, cu);
      continue;
    }
    std::int64_t first = 0;
    std::int64_t last = 0;
    const char* end = text.data() + text.size();
    const auto a = std::from_chars(text.data(), text.data() + dash, first);
    const auto b = std::from_chars(text.data() + dash + 1, end, last);
    if (a.ec != std::errc{} || a.ptr != text.data() + dash || b.ec != std::errc{} || b.ptr != end)
      item.fail(fmt::format("expected a CU index or a range such as 0-7, found '{}'", text));
    if (first > last)
      item.fail(fmt::format("'{}': a range goes from the lower CU to the higher", text));
    enable(item, first, last);
  }
  if (std::find(mask.begin(), mask.end(), 1) == mask.end()) node.fail("the CU mask selects no CU");
  return mask;
}

QueueSpec read_queue(const YamlNode& node, std::size_t position, const DeviceSpec& device) {
  const double clock_mhz = device.clock_mhz;
  node.expect_map("a queue (a map with name, size, priority, cu_mask and packets)");
  node.allow_keys({"name", "size", "priority", "cu_mask", "packets"});
  QueueSpec q;
  q.where = node.location();
  q.name = node.get("name") ? node.require("name").as_identifier() : fmt::format("q{}", position);
  q.size = static_cast<std::uint32_t>(node.int_or("size", q.size, 1, limits::kMaxQueuePackets));
  if (!is_power_of_two(q.size)) {
    node.require("size").fail(fmt::format("a queue size must be a power of two, found {}", q.size));
  }
  q.priority = static_cast<std::uint32_t>(node.int_or("priority", q.priority, 0, INT32_MAX));
  if (auto mask = node.get("cu_mask")) q.cu_mask = read_cu_mask(*mask, device.compute_units);
  if (auto packets = node.get("packets")) {
    packets->expect_sequence("a list of packets");
    for (const YamlNode& item : packets->elements()) {
      PacketSpec p = read_packet(item, clock_mhz);
      if (p.name.empty()) p.name = fmt::format("{}.{}", q.name, q.packets.size());
      q.packets.push_back(std::move(p));
    }
  }
  return q;
}

// Counted before any queue is built: an alias repeats a whole list in a few bytes of the file.
void check_packets_listed(const std::vector<YamlNode>& queues) {
  std::size_t listed = 0;
  for (const YamlNode& queue : queues) {
    const std::optional<YamlNode> packets = queue.is_map() ? queue.get("packets") : std::nullopt;
    if (!packets) continue;
    listed += packets->raw().size();  // 0 unless a sequence, which read_queue checks
    // At the queue: an alias's place is its anchor's, which every alias shares.
    if (listed > limits::kMaxListedPackets) {
      queue.fail(
          fmt::format("a workload's queues list at most {} packets in all (the limit; "
                      "an alias counts each time it is used)",
                      limits::kMaxListedPackets));
    }
  }
}

}  // namespace

void read_queues(const YamlNode& list, Scenario& scenario) {
  list.expect_sequence("a list of queues");
  const std::vector<YamlNode> queues = list.elements();
  check_packets_listed(queues);
  for (const YamlNode& item : queues)
    scenario.queues.push_back(read_queue(item, scenario.queues.size(), scenario.device));
}

void read_signals(const YamlNode& list, Scenario& scenario) {
  list.expect_sequence("a list of signals");
  for (const YamlNode& item : list.elements()) {
    item.expect_map("a signal (a map with name and initial)");
    item.allow_keys({"name", "initial"});
    scenario.signals.push_back(SignalSpec{
        .name = item.require("name").as_identifier(),
        .initial =
            item.int_or("initial", 1, -limits::kMaxSignalMagnitude, limits::kMaxSignalMagnitude),
        .where = item.location(),
    });
  }
}

}  // namespace aqlsim
