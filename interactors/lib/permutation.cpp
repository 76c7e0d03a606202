#include "permutation.hpp"

#include <cstddef>

#include <fmt/format.h>

namespace interactor {

std::vector<int> read_permutation(Line& line, int n, const PermutationWords& words) {
  std::vector<int> values;
  std::vector<int> position_of(static_cast<std::size_t>(n) + 1, 0);  // 0: not given yet
  while (!line.at_end()) {
    const int position = static_cast<int>(values.size()) + 1;
    if (position > n) {
      if (line.text().ends_with(' ')) line.expect_end();  // says "a space at the end of the line"
      line.fail(fmt::format("more than {} {} for {} {}", n, words.values, n, words.positions));
    }
    const auto value = static_cast<int>(line.read_int(1, n, fmt::format("p_{}", position)));
    if (const int other = position_of[static_cast<std::size_t>(value)]; other != 0) {
      line.fail(fmt::format("{} {} is given to {} {} and to {} {}", words.value, value, words.position, other,
                            words.position, position));
    }
    position_of[static_cast<std::size_t>(value)] = position;
    values.push_back(value);
  }
  if (static_cast<int>(values.size()) != n) {
    line.fail(fmt::format("{} {} for {} {}", values.size(), words.values, n, words.positions));
  }
  return values;
}

}  // namespace interactor
