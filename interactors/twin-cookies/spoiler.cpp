#include "spoiler.hpp"

#include <algorithm>

namespace twin_cookies {

std::vector<int> Spoiler::ranks(std::span<const std::int64_t> order) const {
  std::vector<char> creates;
  detector_.check(order, creates);
  const auto [smallest, largest] = std::minmax_element(order.begin(), order.end());
  std::vector<int> result(order.size());
  for (std::size_t i = 0; i < order.size(); ++i) {
    const bool obvious = i == 0 || i + 1 == order.size() || order[i] == *smallest || order[i] == *largest;
    result[i] = (creates[i] != 0 ? 2 : 0) + (obvious ? 1 : 0);
  }
  return result;
}

std::size_t Spoiler::choose(std::span<const std::int64_t> order) {
  const std::vector<int> rank = ranks(order);
  const int best = *std::min_element(rank.begin(), rank.end());
  const auto count = static_cast<std::uint64_t>(std::count(rank.begin(), rank.end(), best));
  std::uint64_t pick = random_.below(count);
  std::size_t chosen = 0;
  for (std::size_t i = 0; i < rank.size(); ++i) {
    if (rank[i] != best) continue;
    if (pick == 0) {
      chosen = i;
      break;
    }
    --pick;
  }
  detector_.add(order[chosen]);
  return chosen;
}

}  // namespace twin_cookies
