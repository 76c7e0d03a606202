// Sends no bits and guesses 42: no number is decoded (outcome 0 on every test).
#include <vector>

std::vector<int> encode(int) { return {}; }

int decode(const std::vector<int>&) { return 42; }
