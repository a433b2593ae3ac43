#pragma once
// Random draws keyed by (seed, kernel, workgroup): every workgroup has its own stream, so the
// same workgroup gets the same base duration under every policy (common random numbers) and
// no draw depends on the order in which a policy happens to place work.
#include <cmath>
#include <cstdint>
#include <numbers>
#include <string_view>

namespace aqlsim {

// SplitMix64 finaliser: a cheap, well-mixed 64-bit hash step.
constexpr std::uint64_t mix64(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

// FNV-1a: a stable hash of a name (std::hash is not stable across library versions).
constexpr std::uint64_t stable_hash(std::string_view text) {
  std::uint64_t h = 0xCBF29CE484222325ull;
  for (const char c : text) {
    h ^= static_cast<unsigned char>(c);
    h *= 0x100000001B3ull;
  }
  return h;
}

class RandomStream {
 public:
  RandomStream(std::uint64_t seed, std::uint64_t kernel_key, std::uint64_t workgroup)
      : state_(mix64(mix64(mix64(seed) ^ kernel_key) ^ workgroup)) {}

  std::uint64_t next_u64() {
    state_ += 0x9E3779B97F4A7C15ull;
    return mix64(state_);
  }
  // Uniform in the open interval (0, 1).
  double next_unit() { return (static_cast<double>(next_u64() >> 11) + 0.5) * 0x1.0p-53; }
  // Standard normal by the Box-Muller transform (explicit, so results do not depend on the
  // standard library's distribution implementation).
  double next_normal() {
    const double u1 = next_unit();
    const double u2 = next_unit();
    return std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * std::numbers::pi * u2);
  }

 private:
  std::uint64_t state_;
};

}  // namespace aqlsim
