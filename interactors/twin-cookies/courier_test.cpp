#include "courier.hpp"

#include <array>
#include <vector>

#include <gtest/gtest.h>

namespace twin_cookies {
namespace {

const std::vector<std::int64_t> kOrder = {40, 10, 70, 20, 30};

std::size_t choice(Strategy strategy, const std::vector<std::int64_t>& order, std::uint64_t seed = 1) {
  return make_courier(strategy, seed)->choose(order);
}

TEST(Courier, SimpleStrategies) {
  EXPECT_EQ(choice(Strategy::min, kOrder), 1u);
  EXPECT_EQ(choice(Strategy::max, kOrder), 2u);
  EXPECT_EQ(choice(Strategy::first, kOrder), 0u);
  EXPECT_EQ(choice(Strategy::last, kOrder), 4u);
  for (Strategy strategy : {Strategy::random, Strategy::min, Strategy::max, Strategy::first, Strategy::last,
                            Strategy::spoiler}) {
    EXPECT_EQ(choice(strategy, {13}), 0u) << strategy_name(strategy);  // n = 1: no choice
  }
}

TEST(Courier, SeedIsIgnoredByTheDeterministicOnes) {
  for (Strategy strategy : {Strategy::min, Strategy::max, Strategy::first, Strategy::last}) {
    EXPECT_EQ(choice(strategy, kOrder, 1), choice(strategy, kOrder, 12345)) << strategy_name(strategy);
  }
}

// The random courier is reproducible, depends on the seed, and is uniform.
TEST(Courier, RandomIsSeededAndUniform) {
  const auto run = [](std::uint64_t seed) {
    std::unique_ptr<Courier> courier = make_courier(Strategy::random, seed);
    std::vector<std::size_t> choices;
    for (int i = 0; i < 50; ++i) choices.push_back(courier->choose(kOrder));
    return choices;
  };
  EXPECT_EQ(run(3), run(3));
  EXPECT_NE(run(3), run(4));
  std::unique_ptr<Courier> courier = make_courier(Strategy::random, 77);
  std::array<int, 5> counts{};
  for (int i = 0; i < 50000; ++i) ++counts[courier->choose(kOrder)];
  for (int count : counts) EXPECT_NEAR(count, 10000, 500);
}

// The statement's second sample: `random 9` delivers 7, 2, 5 for its three orders.
TEST(Courier, SampleTwoIsReproduced) {
  std::unique_ptr<Courier> courier = make_courier(Strategy::random, 9);
  EXPECT_EQ(courier->choose(std::vector<std::int64_t>{3, 7}), 1u);
  EXPECT_EQ(courier->choose(std::vector<std::int64_t>{2, 8}), 0u);
  EXPECT_EQ(courier->choose(std::vector<std::int64_t>{1, 5}), 1u);
}

TEST(Courier, Names) {
  for (Strategy strategy : {Strategy::random, Strategy::min, Strategy::max, Strategy::first, Strategy::last,
                            Strategy::spoiler}) {
    EXPECT_EQ(strategy_from_name(strategy_name(strategy)), strategy);
  }
  EXPECT_EQ(strategy_from_name("adaptive"), std::nullopt);
  EXPECT_EQ(strategy_from_name("Random"), std::nullopt);
  EXPECT_EQ(strategy_names(), "random, min, max, first, last, spoiler");
}

}  // namespace
}  // namespace twin_cookies
