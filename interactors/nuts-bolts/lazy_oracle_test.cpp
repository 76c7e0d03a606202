#include "lazy_oracle.hpp"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <numeric>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "forced_matching.hpp"
#include "query_limit.hpp"

namespace nuts_bolts {
namespace {

std::size_t as_index(int index) { return static_cast<std::size_t>(index); }

bool is_permutation_of_1_to_n(std::vector<int> values) {
  std::sort(values.begin(), values.end());
  for (std::size_t k = 0; k < values.size(); ++k) {
    if (values[k] != static_cast<int>(k) + 1) return false;
  }
  return true;
}

// A quicksort matching against `oracle`: pivot(nuts of the group) picks the pivot nut,
// which is compared with every bolt of the group in index order; the other nuts are
// compared with its bolt in order, so groups keep their nuts in ascending order. Stops
// after `stop_after` queries. Returns the queries made; `replies` gets every reply.
std::int64_t quicksort(SizeOracle& oracle, const std::function<int(const std::vector<int>&)>& pivot,
                       std::vector<Reply>& replies, std::int64_t stop_after) {
  const int n = oracle.n();
  std::vector<int> all(as_index(n));
  std::iota(all.begin(), all.end(), 0);
  std::vector<std::pair<std::vector<int>, std::vector<int>>> tasks{{all, all}};
  const auto ask = [&](int nut, int bolt) {
    replies.push_back({nut, bolt, oracle.compare(nut, bolt)});
    return replies.back().order;
  };
  while (!tasks.empty() && static_cast<std::int64_t>(replies.size()) < stop_after) {
    auto [nuts, bolts] = tasks.back();
    tasks.pop_back();
    if (nuts.size() <= 1) continue;
    const int p = pivot(nuts);
    std::vector<int> small_nuts, small_bolts, large_nuts, large_bolts;
    int match = -1;
    for (int bolt : bolts) {
      const std::strong_ordering order = ask(p, bolt);
      if (order == 0) match = bolt;
      else (order < 0 ? large_bolts : small_bolts).push_back(bolt);
    }
    for (int nut : nuts) {
      if (nut != p) (ask(nut, match) < 0 ? small_nuts : large_nuts).push_back(nut);
    }
    tasks.emplace_back(small_nuts, small_bolts);
    tasks.emplace_back(large_nuts, large_bolts);
  }
  return static_cast<std::int64_t>(replies.size());
}

TEST(LazyOracle, PredictableNuts) {
  const std::vector<int> five{2, 4, 6, 8, 9};
  EXPECT_TRUE(is_predictable(five, 2));   // lowest
  EXPECT_FALSE(is_predictable(five, 4));
  EXPECT_TRUE(is_predictable(five, 6));   // middle
  EXPECT_FALSE(is_predictable(five, 8));
  EXPECT_TRUE(is_predictable(five, 9));   // highest
  EXPECT_FALSE(is_predictable(five, 5));  // not in the group
  const std::vector<int> six{0, 1, 2, 3, 4, 5};
  for (int nut : {0, 2, 3, 5}) EXPECT_TRUE(is_predictable(six, nut)) << nut;  // both middles
  for (int nut : {1, 4}) EXPECT_FALSE(is_predictable(six, nut)) << nut;
  EXPECT_TRUE(is_predictable(std::vector<int>{7}, 7));
}

TEST(LazyOracle, RepliesFitTheCommittedSizes) {
  std::mt19937_64 engine(1);
  for (SplitRule rule : {SplitRule::punish, SplitRule::worst}) {
    for (int round = 0; round < 50; ++round) {
      const int n = 2 + static_cast<int>(engine() % 60);
      LazyOracle oracle(n, engine(), rule);
      std::vector<Reply> replies;
      for (int k = 0; k < 3 * n; ++k) {
        const int nut = static_cast<int>(engine() % as_index(n));
        const int bolt = static_cast<int>(engine() % as_index(n));
        replies.push_back({nut, bolt, oracle.compare(nut, bolt)});
        // Asked again, the same reply.
        EXPECT_EQ(oracle.compare(nut, bolt), replies.back().order);
      }
      const Sizes sizes = oracle.commit({});
      EXPECT_TRUE(is_permutation_of_1_to_n(sizes.nuts));
      EXPECT_TRUE(is_permutation_of_1_to_n(sizes.bolts));
      EXPECT_TRUE(fits(sizes, replies));
      EXPECT_EQ(oracle.commit({}), sizes);  // committed once
    }
  }
}

// Without punishments, punish draws sizes as a uniformly random permutation would: the
// size of nut 2 of 5 (not predictable) after its first query, over many seeds.
TEST(LazyOracle, UnpunishedSplitsAreUniform) {
  constexpr int kRuns = 20000;
  std::vector<int> count(6, 0);
  for (int seed = 0; seed < kRuns; ++seed) {
    LazyOracle oracle(5, static_cast<std::uint64_t>(seed), SplitRule::punish);
    oracle.compare(1, 0);
    ++count[as_index(oracle.commit({}).nuts[1])];
    EXPECT_EQ(oracle.punished(), 0);
  }
  for (int size = 1; size <= 5; ++size) {
    EXPECT_NEAR(count[as_index(size)], kRuns / 5, kRuns / 50) << "size " << size;
  }
}

TEST(LazyOracle, PredictableNutsGetAnEnd) {
  for (int nut : {0, 499, 500, 999}) {
    std::vector<int> seen;
    for (std::uint64_t seed = 0; seed < 20; ++seed) {
      LazyOracle oracle(1000, seed, SplitRule::punish);
      oracle.compare(nut, 0);
      EXPECT_EQ(oracle.punished(), 1);
      seen.push_back(oracle.commit({}).nuts[as_index(nut)]);
    }
    for (int size : seen) EXPECT_TRUE(size == 1 || size == 1000) << "nut " << nut << " size " << size;
    EXPECT_NE(std::count(seen.begin(), seen.end(), 1), 0) << "a coin decides the end";
    EXPECT_NE(std::count(seen.begin(), seen.end(), 1000), 0) << "a coin decides the end";
  }
}

TEST(LazyOracle, PunishMakesIndexPivotsQuadraticAndSparesRandomOnes) {
  const int n = 1000;
  const std::int64_t limit = query_limit(n);
  const std::vector<std::pair<const char*, std::function<int(const std::vector<int>&)>>> fixed_rules{
      {"first", [](const std::vector<int>& nuts) { return nuts.front(); }},
      {"last", [](const std::vector<int>& nuts) { return nuts.back(); }},
      {"middle", [](const std::vector<int>& nuts) { return nuts[nuts.size() / 2]; }},
      {"lower middle", [](const std::vector<int>& nuts) { return nuts[(nuts.size() - 1) / 2]; }},
  };
  for (const auto& [name, rule] : fixed_rules) {
    LazyOracle oracle(n, 5, SplitRule::punish);
    std::vector<Reply> replies;
    EXPECT_GT(quicksort(oracle, rule, replies, limit + 1), limit) << name;
  }
  std::mt19937_64 engine(6);
  std::int64_t worst = 0;
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    LazyOracle oracle(n, seed, SplitRule::punish);
    std::vector<Reply> replies;
    worst = std::max(worst, quicksort(
                                oracle, [&](const std::vector<int>& nuts) { return nuts[engine() % nuts.size()]; },
                                replies, limit + 1));
  }
  EXPECT_LT(worst, limit * 8 / 10);
}

TEST(LazyOracle, TheWorstAdversaryDefeatsEveryPivotRule) {
  const int n = 100;
  const std::int64_t limit = query_limit(n);
  std::mt19937_64 engine(7);
  for (int round = 0; round < 5; ++round) {
    LazyOracle oracle(n, engine(), SplitRule::worst);
    std::vector<Reply> replies;
    EXPECT_GT(quicksort(
                  oracle, [&](const std::vector<int>& nuts) { return nuts[engine() % nuts.size()]; }, replies,
                  limit + 1),
              limit);
    // No '=' inside a group of two or more: every '=' is a group of one.
    const Sizes sizes = oracle.commit({});
    EXPECT_TRUE(fits(sizes, replies));
  }
}

TEST(LazyOracle, CommitDisagreesWithAnAnswerWhereTheRepliesLeaveAChoice) {
  for (SplitRule rule : {SplitRule::punish, SplitRule::worst}) {
    for (std::uint64_t seed = 0; seed < 50; ++seed) {
      LazyOracle oracle(6, seed, rule);
      oracle.compare(2, 3);  // one split; some group of two or more is left
      const std::vector<int> first = matching_of(LazyOracle(oracle).commit({}));
      // Whatever the answer, the committed sizes pair some group differently when they can.
      const Sizes sizes = oracle.commit(first);
      EXPECT_NE(matching_of(sizes), first) << "seed " << seed;
    }
  }
}

}  // namespace
}  // namespace nuts_bolts
