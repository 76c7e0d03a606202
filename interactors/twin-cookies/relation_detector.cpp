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
  if (value != 0 && value <= kMaxCookie) sums.push_back(value);
}

}  // namespace

void RelationDetector::add(std::int64_t cookie) {
  if (cookie <= 0) throw std::invalid_argument("RelationDetector::add: cookies are positive");
  if (cookies_.size() < kExactCookies) {
    // Exact part: S' = (S - c) u S u (S + c), three sorted runs merged in one pass.
    const std::vector<std::int64_t>& sums = signed_sums_;
    const std::size_t size = sums.size();
    std::vector<std::int64_t> next;
    next.reserve(size * 3);
    std::size_t low = 0;   // next of S - c
    std::size_t mid = 0;   // next of S
    std::size_t high = 0;  // next of S + c
    const auto value_at = [&](std::size_t index, std::int64_t shift) {
      return index < size ? sums[index] + shift : std::numeric_limits<std::int64_t>::max();
    };
    while (next.size() < size * 3) {
      const std::int64_t from_low = value_at(low, -cookie);
      const std::int64_t from_mid = value_at(mid, 0);
      const std::int64_t from_high = value_at(high, cookie);
      if (from_low <= from_mid && from_low <= from_high) {
        next.push_back(from_low);
        ++low;
      } else if (from_mid <= from_high) {
        next.push_back(from_mid);
        ++mid;
      } else {
        next.push_back(from_high);
        ++high;
      }
    }
    signed_sums_ = std::move(next);
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
