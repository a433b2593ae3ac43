#pragma once
// Random draws that give the same numbers with every standard library: std::mt19937_64 is
// specified bit for bit, but the std::uniform_*_distribution classes are not, so the bounded
// draws are done here.
#include <cstdint>
#include <random>

namespace aqlsim::taskgraph {

class SeededRandom {
 public:
  explicit SeededRandom(std::uint64_t seed) : engine_(seed) {}

  // Uniform in [0, n), n >= 1. Rejection sampling removes the modulo bias.
  std::uint64_t below(std::uint64_t n) {
    const std::uint64_t limit = UINT64_MAX - UINT64_MAX % n;  // a multiple of n
    std::uint64_t x = engine_();
    while (x >= limit)
      x = engine_();
    return x % n;
  }

  // Uniform in [0, 1), with 53 random bits.
  double unit() { return static_cast<double>(engine_() >> 11) * 0x1.0p-53; }

  // Uniform in [lo, hi).
  double between(double lo, double hi) { return lo + (hi - lo) * unit(); }

 private:
  std::mt19937_64 engine_;
};

}  // namespace aqlsim::taskgraph
