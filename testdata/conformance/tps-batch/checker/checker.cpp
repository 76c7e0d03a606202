// The checker of sum, as CMS runs it: checker INPUT ANSWER OUTPUT; the outcome on the
// first line of stdout, the message on stderr. TPS checkers write the same through
// TPS's own testlib.h (testlib with CMS's protocol); this one needs no testlib.
#include <fstream>
#include <iostream>
#include <string>

int main(int argc, char** argv) {
  if (argc < 4) return 1;
  std::ifstream answer(argv[2]);
  std::ifstream output(argv[3]);
  std::string expected, got, extra;
  answer >> expected;
  if (!(output >> got)) {
    std::cout << "0\n";
    std::cerr << "translate:wrong\n";
    return 0;
  }
  if (got != expected || (output >> extra)) {
    std::cout << "0\n";
    std::cerr << "translate:wrong\n";
    return 0;
  }
  std::cout << "1\n";
  std::cerr << "translate:success\n";
  return 0;
}
