#include "relation_detector.hpp"

#include <algorithm>
#include <limits>
#include <utility>
#include <stdexcept>

#include "limits.hpp"

namespace twin_cookies {
namespace {

using Iterator = std::vector<std::int64_t>::const_iterator;

// The first element >= value in [from, end), searched by doubling steps from `from`:
// cheap when consecutive searches land close together (sorted candidates).
Iterator gallop(Iterator from, Iterator end, std::int64_t value) {
  std::ptrdiff_t step = 1;
  Iterator low = from;
  while (end - low > step && *(low + step) < value) {
    low += step;
    step *= 2;
  }
  return std::lower_bound(low, end - low > step ? low + step + 1 : end, value);
}

// |value| if it could be a cookie: 0 and sums above 10^16 are never offered.
void add_if_cookie(std::vector<std::int64_t>& sums, std::int64_t value) {
  if (value < 0) value = -value;
  if (value != 0 && value <= kCookieRange.max) sums.push_back(value);
}

}  // namespace

void RelationDetector::add(std::int64_t cookie) {
  if (cookie <= 0) throw std::invalid_argument("RelationDetector::add: cookies are positive");
  if (cookies_.size() < kExactCookies) {
    // Exact part. The signed sums S are symmetric (s in S iff -s in S) and candidates
    // are positive, so only N = S n [0, inf) is kept: half the memory and the work.
    // From S' = (S - c) u S u (S + c):
    //   N' = N u (N + c) u { c - p : p in N, 0 < p < c } u { p - c : p in N, p > c }
    // (p = c gives 0, which N holds already; p = 0 gives c, which N + c holds). Four
    // sorted runs, merged in one pass: N and N + c upwards, c - p with p going down
    // from below c, p - c with p going up from above c. The values stay below
    // 13 * 10^16: no overflow.
    const std::vector<std::int64_t>& sums = signed_sums_;  // sorted, sums[0] == 0
    const std::size_t size = sums.size();
    const auto split = static_cast<std::size_t>(std::lower_bound(sums.begin(), sums.end(), cookie) - sums.begin());
    std::size_t same = 0;  // p == c
    while (split + same < size && sums[split + same] == cookie) ++same;
    std::vector<std::int64_t> next;
    next.reserve(3 * size);
    constexpr std::int64_t kNone = std::numeric_limits<std::int64_t>::max();
    std::size_t plain = 0;               // next of N
    std::size_t shifted = 0;             // next of N + c
    std::size_t below = split;           // c - sums[below - 1], while below > 1 (sums[0] is 0)
    std::size_t above = split + same;    // sums[above] - c
    for (;;) {
      const std::int64_t from_plain = plain < size ? sums[plain] : kNone;
      const std::int64_t from_shifted = shifted < size ? sums[shifted] + cookie : kNone;
      const std::int64_t from_below = below > 1 ? cookie - sums[below - 1] : kNone;
      const std::int64_t from_above = above < size ? sums[above] - cookie : kNone;
      const std::int64_t least = std::min(std::min(from_plain, from_shifted), std::min(from_below, from_above));
      if (least == kNone) break;
      next.push_back(least);
      if (least == from_plain) ++plain;
      else if (least == from_shifted) ++shifted;
      else if (least == from_below) --below;
      else ++above;
    }
    signed_sums_ = std::move(next);
    // The small part starts with the next cookie: room for all it will hold (about
    // 680,000 sums at 101 cookies), so it is never rehashed.
    if (cookies_.size() + 1 == kExactCookies) small_sums_ = ValueSet(kExpectedSmallSums);
  } else {
    // Small part: the new cookie with up to two of the others, every sign. Sums of
    // the first 13 cookies alone are in the exact part already.
    std::vector<std::int64_t> sums;
    sums.reserve(1 + 2 * cookies_.size() + 2 * cookies_.size() * cookies_.size());
    add_if_cookie(sums, cookie);
    for (std::size_t i = 0; i < cookies_.size(); ++i) {
      const std::int64_t a = cookies_[i];
      add_if_cookie(sums, cookie + a);
      add_if_cookie(sums, cookie - a);
      for (std::size_t j = i + 1; j < cookies_.size(); ++j) {
        const std::int64_t b = cookies_[j];
        add_if_cookie(sums, cookie + a + b);
        add_if_cookie(sums, cookie + a - b);
        add_if_cookie(sums, cookie - a + b);
        add_if_cookie(sums, cookie - a - b);
      }
    }
    small_sums_.insert_all(sums);
  }
  cookies_.push_back(cookie);
}

bool RelationDetector::creates_relation(std::int64_t candidate) const {
  return std::binary_search(signed_sums_.begin(), signed_sums_.end(), candidate) ||
         (!exact() && small_sums_.contains(candidate));
}

void RelationDetector::check(std::span<const std::int64_t> candidates, std::vector<char>& creates) const {
  if (exact()) {
    creates.assign(candidates.size(), 0);
  } else {
    small_sums_.contains_each(candidates, creates);
  }
  // The exact part in increasing order of value (orders usually come sorted already).
  std::vector<std::pair<std::int64_t, std::size_t>> by_value(candidates.size());
  for (std::size_t i = 0; i < candidates.size(); ++i) by_value[i] = {candidates[i], i};
  if (!std::is_sorted(by_value.begin(), by_value.end())) std::sort(by_value.begin(), by_value.end());
  auto from = signed_sums_.cbegin();
  for (const auto& [value, index] : by_value) {
    from = gallop(from, signed_sums_.cend(), value);
    if (from != signed_sums_.cend() && *from == value) creates[index] = 1;
  }
}

}  // namespace twin_cookies
