#include "spoiler.hpp"

#include <algorithm>
#include <random>
#include <set>
#include <vector>

#include <gtest/gtest.h>

namespace twin_cookies {
namespace {

using Values = std::vector<std::int64_t>;

// Two disjoint non-empty groups of `cookies` with equal sums, by brute force over
// signed sums (3^k: small k only).
bool has_relation(const Values& cookies) {
  std::set<std::int64_t> sums = {0};
  for (std::int64_t cookie : cookies) {
    for (std::int64_t e : {-1, 1}) {
      if (sums.count(e * cookie) == 1) return true;  // cookie = a signed sum of the earlier ones
    }
    std::set<std::int64_t> next;
    for (std::int64_t s : sums) next.insert({s - cookie, s, s + cookie});
    sums = std::move(next);
  }
  return false;
}

// A relation among at most 4 of `cookies`: a = b, a + b = c, a + b = c + d, a = b + c + d...
bool has_small_relation(const Values& cookies) {
  std::set<std::int64_t> seen;  // |signed sums| of 1..3 earlier cookies
  for (std::size_t i = 0; i < cookies.size(); ++i) {
    if (seen.count(cookies[i]) == 1) return true;
    seen.insert(cookies[i]);
    for (std::size_t j = 0; j < i; ++j) {
      for (std::int64_t s : {cookies[i] + cookies[j], cookies[i] - cookies[j]}) {
        seen.insert(s < 0 ? -s : s);
        for (std::size_t l = 0; l < j; ++l) {
          for (std::int64_t t : {s + cookies[l], s - cookies[l]}) seen.insert(t < 0 ? -t : t);
        }
      }
    }
  }
  return false;
}

TEST(Spoiler, AvoidsTheObviousCookies) {
  Spoiler spoiler(1);
  // 5 is first, 1 the smallest, 9 the largest, 2 last: only 3 is none of them.
  EXPECT_EQ(spoiler.ranks(Values{5, 1, 3, 9, 2}), (std::vector<int>{1, 1, 0, 1, 1}));
  EXPECT_EQ(spoiler.choose(Values{5, 1, 3, 9, 2}), 2u);
}

TEST(Spoiler, PrefersCookiesThatKeepSumsDistinct) {
  Spoiler spoiler(1);
  ASSERT_EQ(spoiler.choose(Values{10, 1, 4, 100, 2}), 2u);  // 4: the only one not obvious
  ASSERT_EQ(spoiler.choose(Values{20, 3, 9, 101, 7}), 2u);  // 9
  // Delivered 4 and 9: 5 = 9 - 4 and 13 = 9 + 4 would create a relation.
  const Values next = {102, 5, 13, 50, 201};
  EXPECT_EQ(spoiler.ranks(next), (std::vector<int>{1, 3, 2, 0, 1}));
  EXPECT_EQ(spoiler.choose(next), 3u);
}

TEST(Spoiler, TakesARelationOnlyWhenForced) {
  Spoiler spoiler(4);
  spoiler.choose(Values{10});
  spoiler.choose(Values{20});
  // 30 = 10 + 20 creates a relation (and is first and largest); 11 is free (but last
  // and smallest): the free one wins.
  EXPECT_EQ(spoiler.ranks(Values{30, 11}), (std::vector<int>{3, 1}));
  EXPECT_EQ(spoiler.choose(Values{30, 11}), 1u);
  // Now 10, 20, 11: 30 = 10 + 20 and 21 = 10 + 11, no way out.
  EXPECT_EQ(spoiler.ranks(Values{30, 21}), (std::vector<int>{3, 3}));
}

// The second phase of the growing-sums solution: every offered cookie is a subset sum
// of the delivered ones, so whatever the spoiler picks creates a relation.
TEST(Spoiler, SubsetSumOrdersForceARelation) {
  Spoiler spoiler(2);
  for (std::int64_t cookie : {1, 2, 4}) spoiler.choose(Values{cookie});
  EXPECT_EQ(spoiler.ranks(Values{3, 5, 6, 7}), (std::vector<int>{3, 2, 2, 3}));
  const std::size_t chosen = spoiler.choose(Values{3, 5, 6, 7});
  EXPECT_TRUE(chosen == 1 || chosen == 2);
  EXPECT_EQ(spoiler.detector().size(), 4u);
}

TEST(Spoiler, SameSeedSameChoices) {
  const auto run = [](std::uint64_t seed) {
    Spoiler spoiler(seed);
    std::vector<std::size_t> choices;
    for (std::int64_t order = 0; order < 30; ++order) {
      Values values;
      for (std::int64_t i = 1; i <= 20; ++i) values.push_back(order * 20 + i);
      choices.push_back(spoiler.choose(values));
    }
    return choices;
  };
  EXPECT_EQ(run(8), run(8));
  EXPECT_NE(run(8), run(9));
}

// Dense orders, where a random courier finds relations fast: the spoiler keeps the
// delivered cookies free of every relation while it checks exactly (13 cookies), and
// of every relation among at most 4 cookies for all 101 orders.
TEST(Spoiler, KeepsRelationsAwayOnDenseOrders) {
  Spoiler spoiler(3);
  Values delivered;
  std::mt19937_64 engine(21);
  std::set<std::int64_t> used;
  for (int order = 0; order < 101; ++order) {
    Values values;
    while (values.size() < 200) {
      const auto value = static_cast<std::int64_t>(engine() % 200'000) + 1;
      if (used.insert(value).second) values.push_back(value);
    }
    delivered.push_back(values[spoiler.choose(values)]);
    if (delivered.size() <= RelationDetector::kExactCookies) {
      ASSERT_FALSE(has_relation(delivered)) << order;
    }
  }
  EXPECT_FALSE(has_small_relation(delivered));
  // A random courier on the same kind of orders finds a small relation.
  Values random_delivered;
  for (int order = 0; order < 101; ++order) {
    random_delivered.push_back(static_cast<std::int64_t>(engine() % 200'000) + 1);
  }
  EXPECT_TRUE(has_small_relation(random_delivered));
}

}  // namespace
}  // namespace twin_cookies
