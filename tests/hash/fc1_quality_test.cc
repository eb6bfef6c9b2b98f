// The spread of fc1: for 100,000 generated job names, a bare H is uniform over
// every field's range and two fields of one seed are independent (chi-square at
// significance 0.001; the statistics are printed).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <sstream>

#include "fuzzycron/tools.h"

namespace fuzzycron {
namespace {

// Wilson-Hilferty approximation of the chi-square quantile; z = 3.09 for p = 0.001.
double chi2_critical(double df, double z = 3.0902) {
  const double a = 2.0 / (9.0 * df);
  return df * std::pow(1.0 - a + z * std::sqrt(a), 3.0);
}

double chi2(const std::vector<long>& counts, double expected) {
  double s = 0;
  for (long c : counts) s += (double(c) - expected) * (double(c) - expected) / expected;
  return s;
}

TEST(Fc1Quality, BareHIsUniformAndFieldsAreIndependent) {
  constexpr int kNames = 100000;
  // second minute hour day-of-month month day-of-week: a bare H over each range.
  const int lo[] = {0, 0, 0, 1, 1, 0}, size[] = {60, 60, 24, 28, 12, 7};
  const char* names[] = {"second", "minute", "hour", "day-of-month", "month", "day-of-week"};
  std::vector<std::vector<long>> counts(6);
  for (int f = 0; f < 6; ++f) counts[f].assign(static_cast<std::size_t>(size[f]), 0);
  std::vector<long> joint(60 * 24, 0);  // minute x hour
  ParseOptions o;
  for (int i = 0; i < kNames; ++i) {
    o.seed = Seed({"job-" + std::to_string(i)});
    std::stringstream fields(resolve("H H H H H H", o));
    int v[6];
    for (int f = 0; f < 6; ++f) {
      fields >> v[f];
      ASSERT_GE(v[f], lo[f]);
      ASSERT_LT(v[f], lo[f] + size[f]);
      ++counts[f][static_cast<std::size_t>(v[f] - lo[f])];
    }
    ++joint[static_cast<std::size_t>(v[1] * 24 + v[2])];
  }
  for (int f = 0; f < 6; ++f) {
    const double stat = chi2(counts[f], double(kNames) / size[f]);
    const double crit = chi2_critical(size[f] - 1);
    std::printf("fc1 %-12s chi2 = %7.1f (df %2d, critical %.1f at p = 0.001)\n", names[f], stat, size[f] - 1, crit);
    EXPECT_LT(stat, crit) << names[f];
  }
  // Independence of minute and hour: expected counts from the product of the margins.
  double stat = 0;
  for (int m = 0; m < 60; ++m)
    for (int h = 0; h < 24; ++h) {
      const double e = double(counts[1][m]) * double(counts[2][h]) / kNames;
      const double d = double(joint[static_cast<std::size_t>(m * 24 + h)]) - e;
      stat += d * d / e;
    }
  const double crit = chi2_critical(59 * 23);
  std::printf("fc1 minute x hour independence chi2 = %.1f (df %d, critical %.1f at p = 0.001)\n", stat, 59 * 23, crit);
  EXPECT_LT(stat, crit);
}

}  // namespace
}  // namespace fuzzycron
