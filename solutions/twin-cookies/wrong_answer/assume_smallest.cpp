// expect-score: 8 8
// Wrong answer: the growing-sums strategy, but it assumes the smallest offered cookie
// is the one that arrives (it never looks at the reply). Right when n = 1 and under the
// `min` courier; otherwise its cookies are not the ones it has, and its answer gives
// away cookies that never arrived.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <unordered_set>
#include <vector>

namespace {

// Sends the order and returns what it BELIEVES arrives: the smallest value.
std::int64_t order(const std::vector<std::int64_t>& values) {
  std::string line = "?";
  for (std::int64_t value : values) line += " " + std::to_string(value);
  line += '\n';
  std::fwrite(line.data(), 1, line.size(), stdout);
  std::fflush(stdout);
  long long ignored = 0;
  if (std::scanf("%lld", &ignored) != 1) std::exit(0);
  return *std::min_element(values.begin(), values.end());
}

std::vector<std::int64_t> subset_sums(const std::vector<std::int64_t>& cookies) {
  std::vector<std::int64_t> sums(std::size_t{1} << cookies.size(), 0);
  for (std::size_t mask = 1; mask < sums.size(); ++mask) {
    sums[mask] = sums[mask & (mask - 1)] + cookies[static_cast<std::size_t>(__builtin_ctzll(mask))];
  }
  return sums;
}

}  // namespace

int main() {
  int n = 0;
  if (std::scanf("%d", &n) != 1) return 0;
  std::unordered_set<std::int64_t> ordered;
  std::vector<std::int64_t> cookies;
  std::int64_t total = 0;
  for (;;) {
    if (cookies.size() >= 2 && (std::int64_t{1} << cookies.size()) - static_cast<std::int64_t>(cookies.size()) - 1 >= n) {
      const std::vector<std::int64_t> sums = subset_sums(cookies);
      std::vector<std::size_t> masks;
      for (std::size_t mask = 1; mask < sums.size() && masks.size() < static_cast<std::size_t>(n); ++mask) {
        if (__builtin_popcountll(mask) >= 2 && ordered.count(sums[mask]) == 0) masks.push_back(mask);
      }
      if (masks.size() == static_cast<std::size_t>(n)) {
        std::vector<std::int64_t> values;
        for (std::size_t mask : masks) values.push_back(sums[mask]);
        const std::int64_t cookie = order(values);
        std::size_t subset = 0;
        for (std::size_t mask : masks) {
          if (sums[mask] == cookie) subset = mask;
        }
        std::vector<std::int64_t> parts;
        for (std::size_t i = 0; i < cookies.size(); ++i) {
          if ((subset >> i) & 1) parts.push_back(cookies[i]);
        }
        std::string answer = "! 1 " + std::to_string(parts.size()) + "\n" + std::to_string(cookie) + "\n";
        for (std::size_t i = 0; i < parts.size(); ++i) answer += (i ? " " : "") + std::to_string(parts[i]);
        answer += '\n';
        std::fwrite(answer.data(), 1, answer.size(), stdout);
        std::fflush(stdout);
        return 0;
      }
    }
    std::vector<std::int64_t> values;
    for (std::int64_t value = total + 1; values.size() < static_cast<std::size_t>(n); ++value) {
      if (ordered.count(value) == 0) values.push_back(value);
    }
    ordered.insert(values.begin(), values.end());
    const std::int64_t cookie = order(values);
    cookies.push_back(cookie);
    total += cookie;
  }
}
