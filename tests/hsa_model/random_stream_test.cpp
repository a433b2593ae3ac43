// Keyed random streams and the work-group duration sampler.
#include "hsa_model/random_stream.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "hsa_model/duration_cache.hpp"
#include "hsa_model/workgroup_duration.hpp"

namespace aqlsim {
namespace {

TEST(RandomStream, TheSameKeyGivesTheSameDrawsAndAnotherKeyOthers) {
  RandomStream a(1, 42, 7);
  RandomStream b(1, 42, 7);
  RandomStream other_workgroup(1, 42, 8);
  RandomStream other_seed(2, 42, 7);
  const std::uint64_t first = a.next_u64();
  EXPECT_EQ(first, b.next_u64());
  EXPECT_NE(first, other_workgroup.next_u64());
  EXPECT_NE(first, other_seed.next_u64());
}

TEST(RandomStream, AKernelSeedGivesTheStreamsOfItsKernel) {
  // The draws are those of the original seeding, mix64(mix64(mix64(seed) ^ kernel) ^ wg).
  RandomStream keyed(1, 42, 7);
  RandomStream seeded(RandomStream::kernel_seed(1, 42), 7);
  std::uint64_t state = mix64(mix64(mix64(1) ^ 42) ^ 7);
  state += 0x9E3779B97F4A7C15ull;
  const std::uint64_t expected = mix64(state);
  EXPECT_EQ(keyed.next_u64(), expected);
  EXPECT_EQ(seeded.next_u64(), expected);
}

TEST(RandomStream, InverseNormalCdfMatchesTabulatedQuantiles) {
  // Standard normal quantiles from statistical tables.
  EXPECT_NEAR(RandomStream::inverse_normal_cdf(0.5), 0.0, 1e-12);
  EXPECT_NEAR(RandomStream::inverse_normal_cdf(0.975), 1.959963985, 1e-8);
  EXPECT_NEAR(RandomStream::inverse_normal_cdf(0.025), -1.959963985, 1e-8);
  EXPECT_NEAR(RandomStream::inverse_normal_cdf(0.841344746), 1.0, 1e-8);
  EXPECT_NEAR(RandomStream::inverse_normal_cdf(0.001), -3.090232306, 1e-8);  // lower tail
  EXPECT_NEAR(RandomStream::inverse_normal_cdf(0.9999), 3.719016485, 1e-7);  // upper tail
}

TEST(DurationSampler, TheSpreadHasMeanOneAndTheRequestedRelativeDeviation) {
  const DurationParams params{
      .mean = 1'000'000, .reference_residency = 0, .rsd = 0.3, .contention = 0};
  const DurationSampler sampler(params, 1.0);
  double sum = 0;
  double squares = 0;
  constexpr int n = 200'000;
  for (int i = 0; i < n; ++i) {
    RandomStream stream(7, 99, static_cast<std::uint64_t>(i));
    const double t = static_cast<double>(sampler.sample(1.0, stream));
    sum += t;
    squares += t * t;
  }
  const double mean = sum / n;
  const double sd = std::sqrt(squares / n - mean * mean);
  // Standard error of the mean: 0.3 / sqrt(2e5) = 0.07%; allow 0.5%.
  EXPECT_NEAR(mean / 1e6, 1.0, 0.005);
  EXPECT_NEAR(sd / mean, 0.3, 0.01);
}

TEST(DurationSampler, MeanGrowsWithLoadAndIsExactAtTheReference) {
  const DurationParams params{
      .mean = 10'000'000, .reference_residency = 0, .rsd = 0, .contention = 0.5};
  const DurationSampler sampler(params, 4.0);  // 10 us at load 4
  RandomStream unused(1, 1, 1);
  EXPECT_EQ(sampler.sample(4.0, unused), 10'000'000);
  // mean(L) = 10 us * (1 + 0.5 (L-1)) / 2.5: 4 us at L = 1, 6 us at L = 2.
  EXPECT_EQ(sampler.sample(1.0, unused), 4'000'000);
  EXPECT_EQ(sampler.sample(2.0, unused), 6'000'000);
  EXPECT_DOUBLE_EQ(sampler.mean_at(6.0), 14e6);
}

// Drawn ahead in batches, in order, past a batch boundary, at the end of a grid shorter than a
// batch, and for an earlier index (returned work): always exactly the work-group's own draw.
TEST(DurationCache, GivesEachWorkgroupTheFactorOfItsOwnStream) {
  const DurationParams params{.mean = 1'000'000, .reference_residency = 0, .rsd = 0.2};
  const DurationSampler sampler(params, 1.0);
  const RandomStream::KernelSeed seed = RandomStream::kernel_seed(5, 42);
  const auto own = [&](std::uint64_t index) {
    RandomStream stream(seed, index);
    return sampler.spread(stream);
  };
  constexpr std::uint64_t kTotal = 70;
  DurationCache cache(4, 40);
  for (const std::uint64_t index : {0, 1, 2, 31, 32, 33, 5, 34, 69, 68, 40, 3}) {
    EXPECT_EQ(cache.spread(sampler, seed, index, kTotal), own(index)) << "work-group " << index;
  }
  EXPECT_NE(own(0), own(1));
}

TEST(DurationCache, GivesTheSamplersMeanAtEachLoad) {
  const DurationParams params{
      .mean = 10'000'000, .reference_residency = 0, .rsd = 0, .contention = 0.3};
  const DurationSampler sampler(params, 3.0);
  DurationCache cache(4, 40);  // 4 waves per work-group, at most 40 on a CU
  for (const std::uint32_t waves : {4u, 8u, 9u, 40u, 8u, 0u}) {
    EXPECT_EQ(cache.mean_at_waves(sampler, waves), sampler.mean_at(waves / 4.0)) << waves;
  }
}

}  // namespace
}  // namespace aqlsim
