#pragma once
// Names numbered in the order they were added, found by their hash in one flat table. A large
// task graph's workload has millions of packet names, each looked up by every barrier that
// waits for it: std::unordered_map follows a bucket, a node and then the key's characters (three
// cache misses), where a slot here holds the hash and the name itself when it is short (one
// miss), or a view of it (two). The characters of a long name must outlive the index.
#include <cstdint>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

namespace aqlsim {

class NameIndex {
 public:
  // Room for `expected` names before the table grows.
  explicit NameIndex(std::size_t expected = 0);

  // The name's number, and whether it was added now (numbered size() before the call) rather
  // than found.
  std::pair<std::uint32_t, bool> add(std::string_view name);
  std::optional<std::uint32_t> find(std::string_view name) const;
  std::size_t size() const { return size_; }

 private:
  static constexpr std::uint32_t kEmpty = UINT32_MAX;
  static constexpr std::size_t kShort = 16;  // names this long or shorter are kept in the slot
  struct Slot {
    std::uint64_t hash = 0;
    std::uint32_t length = 0;
    std::uint32_t number = kEmpty;
    union {
      char chars[kShort];  // a short name
      const char* data;    // a long one, viewed
    };
    const char* name() const { return length <= kShort ? chars : data; }
  };
  // The slot holding `name`, or the empty slot where it would go (linear probing; the table is
  // at most half full, so one is always found).
  std::size_t probe(std::uint64_t hash, std::string_view name) const;
  void grow();

  std::vector<Slot> slots_;  // a power of two of them
  std::size_t size_ = 0;
};

}  // namespace aqlsim
