// Checks that a workload asks nothing of the front end its semantics cannot do: gem5's packet
// processor aborts on a barrier-OR packet (hsa_packet_processor.cc:410 calls fatal), so under
// `semantics: gem5` one is an input error rather than a run that gem5 could not have made.
#include <fmt/format.h>

#include "scenario/scenario_reader.hpp"

namespace aqlsim {

void check_front_end(const Scenario& scenario) {
  if (!scenario.device.front_end.gem5()) return;
  for (const QueueSpec& q : scenario.queues) {
    for (const PacketSpec& p : q.packets) {
      if (p.kind != PacketSpec::Kind::barrier_or) continue;
      throw InputError(p.where,
                       fmt::format("packet '{}' is a barrier-OR, which gem5 does not support (its "
                                   "packet processor calls fatal on one); under "
                                   "device.front_end.semantics: gem5 use barrier_and, or choose "
                                   "semantics hsa",
                                   p.name));
    }
  }
}

}  // namespace aqlsim
