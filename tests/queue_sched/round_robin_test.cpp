// The two round-robin mapping policies, called directly on hand-made snapshots.
#include <gtest/gtest.h>

#include "queue_sched/registry.hpp"
#include "queue_sched/rr_idle.hpp"
#include "queue_sched/rr_timeslice.hpp"

namespace aqlsim {
namespace {

struct Snapshot {
  std::vector<QueueStatus> queues;
  std::vector<SlotStatus> slots;

  Snapshot(std::size_t queue_count, std::vector<std::optional<QueueId>> mapped) {
    for (QueueId q = 0; q < queue_count; ++q)
      queues.push_back({.id = q, .priority = 1, .slot = std::nullopt});
    for (SlotIndex s = 0; s < mapped.size(); ++s) {
      slots.push_back({.queue = mapped[s], .switching = false, .idle = mapped[s].has_value()});
      if (mapped[s]) queues[*mapped[s]].slot = s;
    }
  }
  MappingView view() const { return {queues, slots, 0}; }
  SlotAssignment current() const {
    SlotAssignment a;
    for (const SlotStatus& s : slots)
      a.push_back(s.queue);
    return a;
  }
  void apply(const SlotAssignment& next) {
    for (QueueStatus& q : queues)
      q.slot.reset();
    for (SlotIndex s = 0; s < next.size(); ++s) {
      slots[s].queue = next[s];
      if (next[s]) queues[*next[s]].slot = s;
    }
  }
};

TEST(RrTimeslice, MovesTheWindowOnAndKeepsQueuesThatStayInIt) {
  RrTimeslice policy{PolicyParams{}};
  Snapshot snap(3, {0u, 1u});  // window {q0, q1}
  SlotAssignment next = snap.current();
  policy.on_quantum(snap.view(), next);  // window {q2, q0}: q0 keeps slot 0
  EXPECT_EQ(next, (SlotAssignment{0u, 2u}));
  snap.apply(next);
  next = snap.current();
  policy.on_quantum(snap.view(), next);  // window {q1, q2}: q2 keeps slot 1
  EXPECT_EQ(next, (SlotAssignment{1u, 2u}));
}

TEST(RrTimeslice, LeavesASwitchingSlotAlone) {
  RrTimeslice policy{PolicyParams{}};
  Snapshot snap(4, {0u, 1u});
  snap.slots[0].switching = true;
  SlotAssignment next = snap.current();
  policy.on_quantum(snap.view(), next);  // window {q2, q3}: only slot 1 may change
  EXPECT_EQ(next, (SlotAssignment{0u, 2u}));
}

TEST(RrIdle, SwapsAtMostTheConfiguredNumberOfIdleSlots) {
  const PolicyInfo* info = find_policy("rr-idle");
  ASSERT_NE(info, nullptr);
  RrIdle one{PolicyParams(info->params, {})};
  Snapshot snap(5, {0u, 1u});
  SlotAssignment next = snap.current();
  one.on_quantum(snap.view(), next);
  EXPECT_EQ(next, (SlotAssignment{2u, 1u}));  // next unmapped queue q2 into slot 0

  RrIdle two{PolicyParams(info->params, {{"swaps_per_quantum", 2}})};
  next = snap.current();
  two.on_quantum(snap.view(), next);
  EXPECT_EQ(next, (SlotAssignment{2u, 3u}));
}

TEST(RrIdle, PrefersAnEmptySlotAndSkipsBusyOnes) {
  const PolicyInfo* info = find_policy("rr-idle");
  RrIdle policy{PolicyParams(info->params, {{"swaps_per_quantum", 2}})};
  Snapshot snap(4, {0u, std::nullopt, 1u});
  snap.slots[0].idle = false;  // kernels in flight
  snap.slots[2].idle = false;
  SlotAssignment next = snap.current();
  policy.on_quantum(snap.view(), next);
  // q2 goes into the empty slot 1; no idle slot is left for q3.
  EXPECT_EQ(next, (SlotAssignment{0u, 2u, 1u}));
}

TEST(Registry, NamesEachPolicyOnceAndRejectsTheWrongKind) {
  EXPECT_NE(make_queue_mapping_policy("rr-idle", PolicyParams(find_policy("rr-idle")->params, {})),
            nullptr);
  EXPECT_EQ(make_thread_block_scheduler("fifo", PolicyParams{})->name(), "fifo");
  EXPECT_THROW(make_queue_mapping_policy("fifo", PolicyParams{}), std::invalid_argument);
  EXPECT_THROW(make_thread_block_scheduler("nope", PolicyParams{}), std::invalid_argument);
  std::set<std::string_view> names;
  for (const PolicyInfo& p : all_policies())
    EXPECT_TRUE(names.insert(p.name).second) << p.name;
}

// The registry lists each policy from its own traits: what it makes under a name calls itself
// by that name (`none` makes no kernel scheduler at all).
TEST(Registry, EveryPolicyIsMadeUnderItsOwnName) {
  for (const PolicyInfo& p : all_policies()) {
    const PolicyParams params(p.params, {});
    switch (p.kind) {
      case PolicyKind::queue_mapping:
        EXPECT_EQ(make_queue_mapping_policy(p.name, params)->name(), p.name);
        break;
      case PolicyKind::thread_block:
        EXPECT_EQ(make_thread_block_scheduler(p.name, params)->name(), p.name);
        break;
      case PolicyKind::kernel:
        if (const auto made = make_kernel_scheduler(p.name, params)) {
          EXPECT_EQ(made->name(), p.name);
        } else {
          EXPECT_EQ(p.name, "none");
        }
        break;
    }
  }
}

}  // namespace
}  // namespace aqlsim
