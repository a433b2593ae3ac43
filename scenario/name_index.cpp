#include "scenario/name_index.hpp"

#include <bit>
#include <cstring>
#include <functional>
#include <limits>
#include <stdexcept>

namespace aqlsim {
namespace {

std::size_t slots_for(std::size_t names) {
  return std::bit_ceil(std::max<std::size_t>(8, 2 * names));
}

}  // namespace

NameIndex::NameIndex(std::size_t expected) : slots_(slots_for(expected)) {}

std::size_t NameIndex::probe(std::uint64_t hash, std::string_view name) const {
  const std::size_t mask = slots_.size() - 1;
  for (std::size_t i = hash & mask;; i = (i + 1) & mask) {
    const Slot& slot = slots_[i];
    if (slot.number == kEmpty) return i;
    if (slot.hash == hash && slot.length == name.size() &&
        std::memcmp(slot.name(), name.data(), name.size()) == 0) {
      return i;
    }
  }
}

std::pair<std::uint32_t, bool> NameIndex::add(std::string_view name) {
  if (size_ >= kEmpty || name.size() > std::numeric_limits<std::uint32_t>::max())
    throw std::length_error("a name index holds fewer than 2^32 names of under 4 GiB each");
  const std::uint64_t hash = std::hash<std::string_view>{}(name);
  std::size_t i = probe(hash, name);
  if (slots_[i].number != kEmpty) return {slots_[i].number, false};
  if (2 * (size_ + 1) > slots_.size()) {
    grow();
    i = probe(hash, name);
  }
  const auto number = static_cast<std::uint32_t>(size_++);
  Slot& slot = slots_[i];
  slot.hash = hash;
  slot.length = static_cast<std::uint32_t>(name.size());
  slot.number = number;
  if (name.size() <= kShort) {
    std::memcpy(slot.chars, name.data(), name.size());
  } else {
    slot.data = name.data();
  }
  return {number, true};
}

std::optional<std::uint32_t> NameIndex::find(std::string_view name) const {
  const Slot& slot = slots_[probe(std::hash<std::string_view>{}(name), name)];
  if (slot.number == kEmpty) return std::nullopt;
  return slot.number;
}

void NameIndex::grow() {
  std::vector<Slot> old(2 * slots_.size());
  old.swap(slots_);
  const std::size_t mask = slots_.size() - 1;
  for (const Slot& slot : old) {
    if (slot.number == kEmpty) continue;
    std::size_t i = slot.hash & mask;
    while (slots_[i].number != kEmpty)
      i = (i + 1) & mask;
    slots_[i] = slot;
  }
}

}  // namespace aqlsim
