// What the contestant writes: encode (run in process 0) turns a number from 0 to 1000
// into at most 10 bits; decode (run in process 1) gets those bits back and returns the
// number.
#include <vector>

std::vector<int> encode(int x);
int decode(const std::vector<int>& bits);
