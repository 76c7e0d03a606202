// The contestant's answer "! p_1 ... p_n" when it is a permutation: a value for each
// position, every value 1..n given once. Messages use the problem's own words ("floor 3
// is given to egg 1 and to egg 2"), and every fault is the contestant's (PE).
#pragma once

#include <string_view>
#include <vector>

#include "line.hpp"

namespace interactor {

// What a permutation's values and positions are called: {"floor", "floors", "egg", "eggs"}.
struct PermutationWords {
  std::string_view value, values, position, positions;
};

// Reads the rest of LINE as p_1 ... p_n; returns the values as written (1-based).
std::vector<int> read_permutation(Line& line, int n, const PermutationWords& words);

}  // namespace interactor
