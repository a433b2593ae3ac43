#pragma once
// Random draws keyed by (seed, kernel, workgroup): every workgroup has its own stream, so the
// same workgroup gets the same base duration under every policy (common random numbers) and
// no draw depends on the order in which a policy happens to place work.
#include <cmath>
#include <cstdint>
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
  // The part of the seeding that a kernel's work-groups share: mixed once per kernel, it saves
  // two of the three mixing steps of each work-group's stream.
  struct KernelSeed {
    std::uint64_t value = 0;
  };
  static constexpr KernelSeed kernel_seed(std::uint64_t seed, std::uint64_t kernel_key) {
    return {mix64(mix64(seed) ^ kernel_key)};
  }

  RandomStream(std::uint64_t seed, std::uint64_t kernel_key, std::uint64_t workgroup)
      : RandomStream(kernel_seed(seed, kernel_key), workgroup) {}
  RandomStream(KernelSeed kernel, std::uint64_t workgroup)
      : state_(mix64(kernel.value ^ workgroup)) {}

  std::uint64_t next_u64() {
    state_ += 0x9E3779B97F4A7C15ull;
    return mix64(state_);
  }
  // Uniform in the open interval (0, 1).
  double next_unit() { return (static_cast<double>(next_u64() >> 11) + 0.5) * 0x1.0p-53; }
  // The standard normal quantile, by Acklam's rational approximation (relative error below
  // 1.15e-9): a normal draw is this at one uniform draw, the CDF inverted explicitly so that
  // results do not depend on the standard library's distributions. The central 95% needs no
  // transcendental function, which keeps a draw cheap.
  static double inverse_normal_cdf(double p) {
    constexpr double a[] = {-3.969683028665376e+01, 2.209460984245205e+02,  -2.759285104469687e+02,
                            1.383577518672690e+02,  -3.066479806614716e+01, 2.506628277459239e+00};
    constexpr double b[] = {-5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02,
                            6.680131188771972e+01, -1.328068155288572e+01};
    constexpr double c[] = {-7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00,
                            -2.549732539343734e+00, 4.374664141464968e+00,  2.938163982698783e+00};
    constexpr double d[] = {7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00,
                            3.754408661907416e+00};
    constexpr double low = 0.02425;
    if (p < low || p > 1.0 - low) {
      const double q = std::sqrt(-2.0 * std::log(p < low ? p : 1.0 - p));
      const double x = (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
                       ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1.0);
      return p < low ? x : -x;
    }
    const double q = p - 0.5;
    const double r = q * q;
    return (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q /
           (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1.0);
  }

 private:
  std::uint64_t state_;
};

}  // namespace aqlsim
