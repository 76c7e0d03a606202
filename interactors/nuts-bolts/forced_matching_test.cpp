#include "forced_matching.hpp"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <ctime>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "random_sizes.hpp"

namespace nuts_bolts {
namespace {

std::size_t at(int index) { return static_cast<std::size_t>(index); }

std::vector<int> identity(int n) {
  std::vector<int> values(at(n));
  std::iota(values.begin(), values.end(), 0);
  return values;
}

Sizes identity_sizes(int n) {
  std::vector<int> sizes(at(n));
  std::iota(sizes.begin(), sizes.end(), 1);
  return {sizes, sizes};
}

Reply reply_of(const Sizes& sizes, int nut, int bolt) {
  return {nut, bolt, sizes.nuts[at(nut)] <=> sizes.bolts[at(bolt)]};
}

// No budget; the searches of the blocks as in the interactor, or only one of them.
ForcingOptions options_with(std::int64_t budget, int matching_search_pairs, bool size_search) {
  ForcingOptions options;
  options.budget = budget;
  options.matching_search_pairs = matching_search_pairs;
  options.size_search = size_search;
  return options;
}
const ForcingOptions kUnlimited = options_with(std::int64_t{1} << 50, ForcingOptions{}.matching_search_pairs, true);
const ForcingOptions kOnlyBySizes = options_with(std::int64_t{1} << 50, 0, true);
const ForcingOptions kOnlyByBolts = options_with(std::int64_t{1} << 50, 1000, false);

// ---- brute force: every matching sigma, each checked on its own.
// sigma fits the replies when it agrees with every '=' and every strict reply, and the
// pairs it makes can be ordered by the strict replies (no cycle).
bool matching_fits(int n, const std::vector<Reply>& replies, const std::vector<int>& sigma) {
  std::vector<int> owner(at(n));
  for (int i = 0; i < n; ++i) owner[at(sigma[at(i)])] = i;
  std::vector<std::uint32_t> below(at(n), 0);  // below[p]: pairs that must be smaller than p
  for (const Reply& r : replies) {
    if ((r.order == 0) != (sigma[at(r.nut)] == r.bolt)) return false;
    if (r.order < 0) below[at(owner[at(r.bolt)])] |= 1U << r.nut;
    if (r.order > 0) below[at(r.nut)] |= 1U << owner[at(r.bolt)];
  }
  std::uint32_t placed = 0;
  for (int step = 0; step < n; ++step) {
    bool progress = false;
    for (int p = 0; p < n; ++p) {
      if ((placed >> p & 1U) == 0 && (below[at(p)] & ~placed) == 0) {
        placed |= 1U << p;
        progress = true;
        break;
      }
    }
    if (!progress) return false;
  }
  return true;
}

// Every matching that fits the replies.
std::vector<std::vector<int>> fitting_matchings(int n, const std::vector<Reply>& replies) {
  std::vector<std::vector<int>> result;
  std::vector<int> sigma = identity(n);
  do {
    if (matching_fits(n, replies, sigma)) result.push_back(sigma);
  } while (std::next_permutation(sigma.begin(), sigma.end()));
  return result;
}

// check_forced agrees with the brute force for `answer`; returns the result.
Forcing expect_agrees(int n, const std::vector<Reply>& replies, const std::vector<int>& answer,
                      const std::vector<std::vector<int>>& fitting, const Sizes& reference,
                      const ForcingOptions& options = kUnlimited) {
  const ForcingCheck check = check_forced(replies, answer, reference, options);
  const bool answer_fits = std::find(fitting.begin(), fitting.end(), answer) != fitting.end();
  const bool forced = answer_fits && fitting.size() == 1;
  if (forced) {
    EXPECT_EQ(check.result, Forcing::forced);
  } else {
    EXPECT_EQ(check.result, answer_fits ? Forcing::not_forced : Forcing::contradicted);
    EXPECT_TRUE(fits(check.witness, replies));
    EXPECT_NE(matching_of(check.witness), answer);
  }
  (void)n;
  return check.result;
}

TEST(ForcedMatching, EveryQuerySetUpToFourPairsAndEveryAnswer) {
  // Hidden sizes: nut i and bolt i have size i + 1 (every other hidden pair of
  // permutations is this one with the nuts and bolts renamed).
  for (int n = 1; n <= 4; ++n) {
    const Sizes hidden = identity_sizes(n);
    const int pairs = n * n;
    std::vector<std::vector<int>> answers;
    std::vector<int> sigma = identity(n);
    do answers.push_back(sigma);
    while (std::next_permutation(sigma.begin(), sigma.end()));
    int forced = 0;
    int not_forced = 0;
    int contradicted = 0;
    for (std::uint32_t set = 0; set < (1U << pairs); ++set) {
      std::vector<Reply> replies;
      for (int q = 0; q < pairs; ++q) {
        if ((set >> q & 1U) != 0) replies.push_back(reply_of(hidden, q / n, q % n));
      }
      const std::vector<std::vector<int>> fitting = fitting_matchings(n, replies);
      for (const std::vector<int>& answer : answers) {
        for (const ForcingOptions& options : {kOnlyBySizes, kOnlyByBolts}) {
          expect_agrees(n, replies, answer, fitting, hidden, options);
        }
        switch (expect_agrees(n, replies, answer, fitting, hidden)) {
          case Forcing::forced: ++forced; break;
          case Forcing::not_forced: ++not_forced; break;
          case Forcing::contradicted: ++contradicted; break;
          case Forcing::over_budget: break;
        }
      }
      if (testing::Test::HasFailure()) FAIL() << "n = " << n << ", query set " << set;
    }
    std::printf("n = %d: %d answers forced, %d not forced, %d contradicted\n", n, forced, not_forced, contradicted);
  }
}

// For n = 5 the truth comes from every pair of size permutations at once: the answer
// "nut i, bolt i" is not forced by a query set Q iff some pair of permutations with
// another matching gives every reply of Q as the hidden sizes do, i.e. Q is a subset of
// the set of queries on which they agree. All such sets, closed under subsets (a zeta
// transform over 25 bits), give the truth for all 2^25 query sets. The sets are split
// into 8 shards (8 CTests that can run in parallel).
constexpr int kFiveShards = 8;
constexpr std::uint32_t kFiveShardSize = (std::uint32_t{1} << 25) / kFiveShards;

class EveryQuerySetOfFivePairs : public ::testing::TestWithParam<int> {};

TEST_P(EveryQuerySetOfFivePairs, AgreesWithTheTruth) {
  constexpr int n = 5;
  constexpr int pairs = n * n;
  const Sizes hidden = identity_sizes(n);
  std::vector<std::uint8_t> not_forced(std::size_t{1} << pairs, 0);
  std::vector<int> a = identity(n);
  do {
    std::vector<int> b = identity(n);
    do {
      if (a == b) continue;  // the same matching as the hidden one
      std::uint32_t agree = 0;
      for (int q = 0; q < pairs; ++q) {
        const int i = q / n;
        const int j = q % n;
        if ((a[at(i)] <=> b[at(j)]) == (i <=> j)) agree |= 1U << q;
      }
      not_forced[agree] = 1;
    } while (std::next_permutation(b.begin(), b.end()));
  } while (std::next_permutation(a.begin(), a.end()));
  for (int bit = 0; bit < pairs; ++bit) {
    for (std::uint32_t set = 0; set < (1U << pairs); ++set) {
      if ((set >> bit & 1U) == 0) not_forced[set] |= not_forced[set | (1U << bit)];
    }
  }
  const std::vector<int> answer = identity(n);
  std::int64_t forced_sets = 0;
  std::int64_t other_sets = 0;
  std::vector<Reply> replies;
  const std::uint32_t shard_size = kFiveShardSize;
  const std::uint32_t begin = shard_size * static_cast<std::uint32_t>(GetParam());
  for (std::uint32_t set = begin; set < begin + shard_size; ++set) {
    replies.clear();
    for (int q = 0; q < pairs; ++q) {
      if ((set >> q & 1U) != 0) replies.push_back(reply_of(hidden, q / n, q % n));
    }
    const ForcingCheck check = check_forced(replies, answer, hidden, kUnlimited);
    if (not_forced[set] != 0) {
      ++other_sets;
      ASSERT_EQ(check.result, Forcing::not_forced) << "query set " << set;
      ASSERT_TRUE(fits(check.witness, replies)) << "query set " << set;
      ASSERT_NE(matching_of(check.witness), answer) << "query set " << set;
    } else {
      ++forced_sets;
      ASSERT_EQ(check.result, Forcing::forced) << "query set " << set;
    }
  }
  std::printf("shard %d: %lld query sets force the answer, %lld do not\n", GetParam(),
              static_cast<long long>(forced_sets), static_cast<long long>(other_sets));
}

// Each shard is named by the query sets it covers: .../AgreesWithTheTruth/sets_0_to_4194303.
std::string shard_name(const ::testing::TestParamInfo<int>& info) {
  const std::uint32_t begin = kFiveShardSize * static_cast<std::uint32_t>(info.param);
  return "sets_" + std::to_string(begin) + "_to_" + std::to_string(begin + kFiveShardSize - 1);
}

INSTANTIATE_TEST_SUITE_P(ForcedMatching, EveryQuerySetOfFivePairs, ::testing::Range(0, kFiveShards), shard_name);

// Random transcripts up to n = 8: random hidden sizes, random query sets (sparse to
// dense), answers that fit, that do not, and the hidden one.
TEST(ForcedMatching, RandomTranscriptsUpToEightPairs) {
  std::mt19937_64 engine(20240601);
  int checked = 0;
  int forced = 0;
  for (int round = 0; round < 6000; ++round) {
    const int n = 2 + static_cast<int>(engine() % 7);
    Random random(engine());
    const Sizes hidden = random_sizes(n, engine());
    const double density = std::uniform_real_distribution<double>(0.05, 0.9)(engine);
    std::vector<Reply> replies;
    for (int i = 0; i < n; ++i) {
      for (int j = 0; j < n; ++j) {
        if (std::uniform_real_distribution<double>(0, 1)(engine) < density) replies.push_back(reply_of(hidden, i, j));
      }
    }
    std::shuffle(replies.begin(), replies.end(), engine);
    const std::vector<std::vector<int>> fitting = fitting_matchings(n, replies);
    std::vector<std::vector<int>> answers{matching_of(hidden), fitting[engine() % fitting.size()],
                                          random_permutation(n, random)};
    for (int& bolt : answers.back()) --bolt;
    for (const std::vector<int>& answer : answers) {
      for (const ForcingOptions& options : {kOnlyBySizes, kOnlyByBolts}) {
        expect_agrees(n, replies, answer, fitting, hidden, options);
      }
      forced += expect_agrees(n, replies, answer, fitting, hidden) == Forcing::forced ? 1 : 0;
      ++checked;
    }
    if (testing::Test::HasFailure()) FAIL() << "round " << round;
  }
  std::printf("%d answers checked, %d forced\n", checked, forced);
}

// A randomized quicksort against `hidden`: a random pivot nut against every bolt of its
// group, every other nut against the pivot's bolt. guess(group size) says whether to pair
// a group's nuts and bolts as they come instead (a guess when the group has two or more).
struct Transcript {
  std::vector<Reply> replies;
  std::vector<int> answer;
};

template <typename Guess>
Transcript quicksort(const Sizes& hidden, std::mt19937_64& engine, Guess guess) {
  const int n = static_cast<int>(hidden.nuts.size());
  Transcript t;
  t.answer.assign(at(n), -1);
  std::vector<std::pair<std::vector<int>, std::vector<int>>> tasks{{identity(n), identity(n)}};
  while (!tasks.empty()) {
    auto [nuts, bolts] = tasks.back();
    tasks.pop_back();
    if (nuts.empty()) continue;
    if (nuts.size() == 1 || guess(nuts.size())) {
      for (std::size_t k = 0; k < nuts.size(); ++k) t.answer[at(nuts[k])] = bolts[k];
      continue;
    }
    const int pivot = nuts[engine() % nuts.size()];
    std::vector<int> small_nuts, small_bolts, large_nuts, large_bolts;
    int match = -1;
    for (int bolt : bolts) {
      t.replies.push_back(reply_of(hidden, pivot, bolt));
      if (t.replies.back().order == 0) match = bolt;
      else (t.replies.back().order < 0 ? large_bolts : small_bolts).push_back(bolt);
    }
    t.answer[at(pivot)] = match;
    for (int nut : nuts) {
      if (nut == pivot) continue;
      t.replies.push_back(reply_of(hidden, nut, match));
      (t.replies.back().order < 0 ? small_nuts : large_nuts).push_back(nut);
    }
    tasks.emplace_back(small_nuts, small_bolts);
    tasks.emplace_back(large_nuts, large_bolts);
  }
  return t;
}

// Quicksort transcripts up to n = 8 that sometimes stop early in a group (guessing its
// pairs), so that forced and unforced answers are both common.
TEST(ForcedMatching, RandomQuicksortTranscriptsUpToEightPairs) {
  std::mt19937_64 engine(7);
  int forced = 0;
  for (int round = 0; round < 4000; ++round) {
    const int n = 2 + static_cast<int>(engine() % 7);
    const Sizes hidden = random_sizes(n, engine());
    const Transcript t = quicksort(hidden, engine, [&](std::size_t) { return engine() % 6 == 0; });
    const std::vector<std::vector<int>> fitting = fitting_matchings(n, t.replies);
    for (const ForcingOptions& options : {kOnlyBySizes, kOnlyByBolts}) {
      expect_agrees(n, t.replies, t.answer, fitting, hidden, options);
    }
    forced += expect_agrees(n, t.replies, t.answer, fitting, hidden) == Forcing::forced ? 1 : 0;
    if (testing::Test::HasFailure()) FAIL() << "round " << round;
  }
  std::printf("4000 quicksort transcripts, %d forced\n", forced);
}

// An alternative can be far from any exchange of two pairs: here only a 3-cycle fits.
TEST(ForcedMatching, TheOnlyAlternativeIsAThreeCycle) {
  const Sizes hidden = identity_sizes(3);
  const std::vector<Reply> replies{reply_of(hidden, 0, 1), reply_of(hidden, 1, 2)};  // nut 1 < bolt 2, nut 2 < bolt 3
  const ForcingCheck check = check_forced(replies, identity(3), hidden);
  ASSERT_EQ(check.result, Forcing::not_forced);
  EXPECT_EQ(matching_of(check.witness), (std::vector<int>{2, 0, 1}));
}

double cpu_ms(std::clock_t since) { return 1000.0 * static_cast<double>(std::clock() - since) / CLOCKS_PER_SEC; }

TEST(ForcedMatching, ThousandPairsByQuicksortAreForcedFast) {
  std::mt19937_64 engine(11);
  double worst = 0;
  for (int round = 0; round < 10; ++round) {
    const Sizes hidden = random_sizes(1000, engine());
    const Transcript t = quicksort(hidden, engine, [](std::size_t) { return false; });
    const std::clock_t start = std::clock();
    const ForcingCheck check = check_forced(t.replies, t.answer, hidden);
    worst = std::max(worst, cpu_ms(start));
    EXPECT_EQ(check.result, Forcing::forced);
  }
  std::printf("n = 1000 quicksort transcripts: strict check at most %.1f ms CPU\n", worst);
  EXPECT_LT(worst, 100.0);
}

TEST(ForcedMatching, ThousandPairsWithGuessedPairsAreNotForced) {
  std::mt19937_64 engine(12);
  const Sizes hidden = random_sizes(1000, engine());
  const Transcript t = quicksort(hidden, engine, [](std::size_t size) { return size == 2; });
  const std::clock_t start = std::clock();
  const ForcingCheck check = check_forced(t.replies, t.answer, hidden);
  std::printf("n = 1000, groups of two guessed: %s in %.1f ms CPU\n", forcing_name(check.result).data(), cpu_ms(start));
  ASSERT_EQ(check.result, Forcing::not_forced);
  EXPECT_TRUE(fits(check.witness, t.replies));
  // Exactly two nuts differ: one group of two, exchanged.
  const std::vector<int> other = matching_of(check.witness);
  int differing = 0;
  for (int i = 0; i < 1000; ++i) differing += other[at(i)] != t.answer[at(i)] ? 1 : 0;
  EXPECT_EQ(differing, 2);
}

TEST(ForcedMatching, ThousandPairsWithoutQueriesAreNotForced) {
  const Sizes hidden = random_sizes(1000, 13);
  const std::clock_t start = std::clock();
  const ForcingCheck check = check_forced({}, matching_of(hidden), hidden);
  std::printf("n = 1000, no queries: %s in %.1f ms CPU\n", forcing_name(check.result).data(), cpu_ms(start));
  EXPECT_EQ(check.result, Forcing::not_forced);
}

// Random sparse query sets at n = 1000 (one big block, no '=' replies): whatever the
// result, the work stays within the budget and the CPU time with it.
TEST(ForcedMatching, SparseQueriesAtThousandStayWithinTheBudget) {
  std::mt19937_64 engine(14);
  double worst = 0;
  for (int queries : {1000, 5000, 20000, 50000}) {
    const Sizes hidden = random_sizes(1000, engine());
    std::vector<Reply> replies;
    for (int k = 0; k < queries; ++k) {
      const Reply r = reply_of(hidden, static_cast<int>(engine() % 1000), static_cast<int>(engine() % 1000));
      if (r.order != 0) replies.push_back(r);
    }
    const std::clock_t start = std::clock();
    const ForcingCheck check = check_forced(replies, matching_of(hidden), hidden);
    const double ms = cpu_ms(start);
    worst = std::max(worst, ms);
    std::printf("n = 1000, %d random strict replies: %s, work %lld, %.1f ms CPU\n", queries,
                forcing_name(check.result).data(), static_cast<long long>(check.work), ms);
    EXPECT_NE(check.result, Forcing::forced);
  }
  EXPECT_LT(worst, 200.0);
}

TEST(ForcedMatching, OverTheBudgetSaysSo) {
  std::mt19937_64 engine(15);
  const Sizes hidden = random_sizes(100, engine());
  const Transcript t = quicksort(hidden, engine, [](std::size_t size) { return size == 2; });
  const ForcingCheck check = check_forced(t.replies, t.answer, hidden, options_with(0, 256, true));
  EXPECT_EQ(check.result, Forcing::over_budget);
  EXPECT_TRUE(check.witness.nuts.empty());
}

// ---- messages
TEST(ForcedMatching, ContradictionsAreExplained) {
  const Sizes hidden{{1, 2, 3}, {1, 2, 3}};
  // A strict reply on one of the answer's pairs.
  std::vector<Reply> replies{reply_of(hidden, 0, 1)};
  ForcingCheck check = check_forced(replies, std::vector<int>{1, 0, 2}, hidden);
  EXPECT_EQ(check.result, Forcing::contradicted);
  EXPECT_EQ(check.contradiction, "you gave nut 1 bolt 2, but '? 1 2' got '<' (query 1)");
  EXPECT_EQ(check.witness, hidden);
  // An '=' reply the answer ignores.
  replies = {reply_of(hidden, 0, 1), reply_of(hidden, 2, 2)};
  check = check_forced(replies, std::vector<int>{0, 2, 1}, hidden);
  EXPECT_EQ(check.contradiction, "you gave nut 3 bolt 2, but '? 3 3' got '=' (query 2)");
  // Pairs the replies order in a cycle: nut 1 < bolt 2 and nut 2 < bolt 4, while the
  // answer pairs nut 1 with bolt 4 and nut 2 with bolt 2.
  const Sizes four = identity_sizes(4);
  replies = {reply_of(four, 0, 1), reply_of(four, 1, 3)};
  check = check_forced(replies, std::vector<int>{3, 1, 0, 2}, four);
  EXPECT_EQ(check.result, Forcing::contradicted);
  EXPECT_EQ(check.contradiction,
            "no sizes fit both the replies and your pairs, which the replies put in a cycle: "
            "nut 1 < bolt 2 ~ nut 2 < bolt 4 ~ nut 1 ('~': paired in your answer; queries 1, 2)");
}

}  // namespace
}  // namespace nuts_bolts
