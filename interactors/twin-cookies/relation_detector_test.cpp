#include "relation_detector.hpp"

#include <algorithm>
#include <random>
#include <set>
#include <vector>

#include <gtest/gtest.h>

namespace twin_cookies {
namespace {

// Every signed sum e_1 d_1 + ... + e_k d_k, e_i in {-1, 0, 1}, by brute force.
// Sorted and without duplicates.
std::vector<std::int64_t> brute_signed_sums(const std::vector<std::int64_t>& cookies) {
  std::vector<std::int64_t> sums = {0};
  for (std::int64_t cookie : cookies) {
    std::vector<std::int64_t> next;
    next.reserve(sums.size() * 3);
    for (std::int64_t s : sums) next.insert(next.end(), {s - cookie, s, s + cookie});
    std::sort(next.begin(), next.end());
    next.erase(std::unique(next.begin(), next.end()), next.end());
    sums = std::move(next);
  }
  return sums;
}

bool contains(const std::vector<std::int64_t>& sorted, std::int64_t value) {
  return std::binary_search(sorted.begin(), sorted.end(), value);
}

TEST(RelationDetector, StatementSample) {
  // Sample 1 delivers 13, 7, 31, 12, 5, 3: the fifth cookie already gives 12 = 7 + 5.
  RelationDetector detector;
  for (std::int64_t cookie : {13, 7, 31, 12}) {
    EXPECT_FALSE(detector.creates_relation(cookie)) << cookie;
    detector.add(cookie);
  }
  EXPECT_TRUE(detector.creates_relation(5));   // 12 - 7
  EXPECT_TRUE(detector.creates_relation(63));  // all four
  EXPECT_FALSE(detector.creates_relation(64));
  EXPECT_FALSE(detector.creates_relation(3));
  detector.add(5);
  EXPECT_TRUE(detector.creates_relation(3));  // the sample's answer: 7 + 13 = 12 + 5 + 3
  EXPECT_TRUE(detector.exact());
}

TEST(RelationDetector, PowersOfTwoLeaveOnlyLargerValuesFree) {
  RelationDetector detector;
  for (std::int64_t cookie = 1; cookie <= 1024; cookie *= 2) detector.add(cookie);
  for (std::int64_t c = 1; c <= 2047; ++c) ASSERT_TRUE(detector.creates_relation(c)) << c;
  EXPECT_FALSE(detector.creates_relation(2048));
}

// Up to 13 cookies the answer is exact: it agrees with the brute force everywhere.
TEST(RelationDetector, ExactUpTo13Cookies) {
  std::mt19937_64 engine(5);
  for (int round = 0; round < 20; ++round) {
    RelationDetector detector;
    std::vector<std::int64_t> cookies;
    const std::int64_t range = round < 10 ? 60 : 5000;
    const std::size_t count = round < 10 ? 8 : 13;
    while (cookies.size() < count) {
      const auto cookie = static_cast<std::int64_t>(engine() % static_cast<std::uint64_t>(range)) + 1;
      if (std::find(cookies.begin(), cookies.end(), cookie) != cookies.end()) continue;
      cookies.push_back(cookie);
      detector.add(cookie);
    }
    ASSERT_TRUE(detector.exact());
    const std::vector<std::int64_t> truth = brute_signed_sums(cookies);
    std::vector<std::int64_t> candidates;
    for (std::int64_t c = 1; c <= 3 * range; ++c) candidates.push_back(c);
    std::vector<char> creates;
    detector.check(candidates, creates);
    for (std::size_t i = 0; i < candidates.size(); ++i) {
      const bool expected = contains(truth, candidates[i]);
      ASSERT_EQ(detector.creates_relation(candidates[i]), expected) << candidates[i] << " round " << round;
      ASSERT_EQ(creates[i] != 0, expected) << candidates[i];
    }
  }
}

// Beyond 13 cookies (here 14): never a false alarm (a reported relation exists), and every
// relation of the new cookie with at most 3 others, or within the first 13, is found.
TEST(RelationDetector, HeuristicBeyond13IsSoundAndCatchesSmallRelations) {
  std::mt19937_64 engine(11);
  RelationDetector detector;
  std::vector<std::int64_t> cookies;
  while (cookies.size() < 14) {
    const auto cookie = static_cast<std::int64_t>(engine() % 1'000'000) + 1;
    if (std::find(cookies.begin(), cookies.end(), cookie) != cookies.end()) continue;
    cookies.push_back(cookie);
    detector.add(cookie);
  }
  EXPECT_FALSE(detector.exact());
  const std::vector<std::int64_t> truth = brute_signed_sums(cookies);
  const std::vector<std::int64_t> first13(cookies.begin(), cookies.begin() + 13);
  const std::vector<std::int64_t> truth13 = brute_signed_sums(first13);
  std::set<std::int64_t> small;  // |sum| of 1..3 cookies with signs
  for (std::size_t i = 0; i < cookies.size(); ++i) {
    small.insert(cookies[i]);
    for (std::size_t j = i + 1; j < cookies.size(); ++j) {
      for (std::int64_t s : {cookies[i] + cookies[j], cookies[i] - cookies[j]}) {
        small.insert(s < 0 ? -s : s);
        for (std::size_t l = j + 1; l < cookies.size(); ++l) {
          for (std::int64_t t : {s + cookies[l], s - cookies[l]}) small.insert(t < 0 ? -t : t);
        }
      }
    }
  }
  std::size_t found = 0;
  for (std::int64_t c = 1; c <= 3'000'000; c += 7) {
    const bool reported = detector.creates_relation(c);
    if (reported) {
      ASSERT_TRUE(contains(truth, c)) << c;
      ++found;
    }
    ASSERT_EQ(reported, small.count(c) == 1 || contains(truth13, c)) << c;
  }
  EXPECT_GT(found, 0u);
}

TEST(RelationDetector, RejectsNonPositiveCookies) {
  RelationDetector detector;
  EXPECT_THROW(detector.add(0), std::invalid_argument);
}

}  // namespace
}  // namespace twin_cookies
