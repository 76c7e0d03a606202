#include "metric_score.hpp"

#include <cmath>

#include <gtest/gtest.h>

namespace interactor {
namespace {

TEST(MetricScore, FullAtOrBelowTheFullMarkNothingAtOrAboveTheZeroMark) {
  EXPECT_DOUBLE_EQ(metric_score(300000, 300000, 1e9, 100), 100);
  EXPECT_DOUBLE_EQ(metric_score(1000, 300000, 1e9, 100), 100);
  EXPECT_DOUBLE_EQ(metric_score(1e9, 300000, 1e9, 100), 0);
  EXPECT_DOUBLE_EQ(metric_score(5e9, 300000, 1e9, 100), 0);
  EXPECT_DOUBLE_EQ(metric_score(0, 300000, 1e9, 100), 100);
}

TEST(MetricScore, LogarithmicInBetween) {
  // The geometric mean of the marks is half the score.
  EXPECT_NEAR(metric_score(std::sqrt(300000.0 * 1e9), 300000, 1e9, 100), 50, 1e-9);
  EXPECT_NEAR(metric_score(1e6, 300000, 1e9, 40), 40 * std::log(1e3) / std::log(1e9 / 300000), 1e-9);
}

}  // namespace
}  // namespace interactor
