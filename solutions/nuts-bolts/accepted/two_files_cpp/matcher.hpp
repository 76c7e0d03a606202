// The matching of a two-file C++ submission (main.cpp asks through it).
#pragma once

#include <vector>

// bolt_of[nut] for nuts 1..n, by randomized quicksort; ask(nut, bolt) is the judge's
// reply: '<' (the nut is smaller), '>' or '='.
std::vector<int> match_all(int n, char (*ask)(int nut, int bolt));
