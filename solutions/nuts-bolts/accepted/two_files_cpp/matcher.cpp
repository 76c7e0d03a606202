// The randomized quicksort matching of the two-file submission.
#include "matcher.hpp"

#include <random>
#include <utility>

std::vector<int> match_all(int n, char (*ask)(int nut, int bolt)) {
  std::vector<int> bolt_of(n + 1, 0);
  std::mt19937 random(std::random_device{}());
  std::vector<int> all;
  for (int i = 1; i <= n; ++i) all.push_back(i);
  std::vector<std::pair<std::vector<int>, std::vector<int>>> tasks{{all, all}};
  while (!tasks.empty()) {
    auto [nuts, bolts] = std::move(tasks.back());
    tasks.pop_back();
    if (nuts.empty()) continue;
    if (nuts.size() == 1) {
      bolt_of[nuts[0]] = bolts[0];
      continue;
    }
    const int pivot = nuts[std::uniform_int_distribution<std::size_t>(0, nuts.size() - 1)(random)];
    std::vector<int> smaller_bolts, larger_bolts, smaller_nuts, larger_nuts;
    int match = 0;
    for (int bolt : bolts) {
      const char c = ask(pivot, bolt);
      if (c == '=') match = bolt;
      else if (c == '<') larger_bolts.push_back(bolt);
      else smaller_bolts.push_back(bolt);
    }
    bolt_of[pivot] = match;
    for (int nut : nuts)
      if (nut != pivot) (ask(nut, match) == '<' ? smaller_nuts : larger_nuts).push_back(nut);
    tasks.emplace_back(std::move(smaller_nuts), std::move(smaller_bolts));
    tasks.emplace_back(std::move(larger_nuts), std::move(larger_bolts));
  }
  return bolt_of;
}
