// RelationDetector: would one more cookie let the contestant split?
//
// A set of cookies has a *relation* when two disjoint, non-empty groups of it have
// equal sums — exactly what the contestant needs. If the delivered cookies d_1..d_k
// have none, a new cookie c creates one exactly when
//     c = e_1 d_1 + ... + e_k d_k   for some e_i in {-1, 0, 1}
// (the groups are {c} + {d_i : e_i = -1} and {d_i : e_i = 1}), i.e. when c is a
// *signed sum* of the delivered cookies.
//
// There are 3^k signed sums, so the check is exact only for small k:
//   - exact part: every signed sum of the first kExactCookies (13) cookies, kept as a
//     sorted vector of its non-negative half (the sums are symmetric and candidates
//     positive: (3^13 + 1) / 2 = 797,162 values, 6.4 MB);
//   - small part: |signed sums| with 1 to 3 non-zero terms over ALL cookies, at least
//     one of them beyond the 13th (the others are in the exact part): a relation among
//     at most 4 cookies, c included. Kept in a hash set: about 20,000 new sums per
//     cookie at k = 100, about 680,000 in all, in a table sized for them at once.
// While k <= 13 the answer is exact. Beyond, "creates a relation" is reported when the
// relation lies within the first 13 cookies plus c, or involves at most 3 others:
// a necessary condition for keeping the set relation-free, not a sufficient one (with
// values up to 10^16, some relation must exist anyway once k reaches about 60:
// 2^k subsets, sums below k * 10^16).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "value_set.hpp"

namespace twin_cookies {

class RelationDetector {
 public:
  static constexpr std::size_t kExactCookies = 13;
  // The small part's size after 101 deliveries (the most a test can have), about:
  // sum over k = 13..100 of 1 + 2k + 2k(k - 1).
  static constexpr std::size_t kExpectedSmallSums = 700'000;

  // Adds a delivered cookie (> 0).
  void add(std::int64_t cookie);
  std::size_t size() const { return cookies_.size(); }
  // True when creates_relation() is exact for the current cookies.
  bool exact() const { return cookies_.size() <= kExactCookies; }

  // Whether adding `candidate` (> 0) would create a relation (see above for k > 13).
  bool creates_relation(std::int64_t candidate) const;
  // The same for many candidates at once, cache-friendly (the exact part is searched in
  // increasing order of value): creates[i] = creates_relation(candidates[i]).
  void check(std::span<const std::int64_t> candidates, std::vector<char>& creates) const;

 private:
  std::vector<std::int64_t> cookies_;
  std::vector<std::int64_t> signed_sums_ = {0};  // sorted, the non-negative ones of 3^min(k,13)
  ValueSet small_sums_;
};

}  // namespace twin_cookies
