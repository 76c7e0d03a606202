// The checker on the interactor's log: at most ANSWER guesses.
#include "testlib.h"

int main(int argc, char* argv[]) {
  if (argc < 4) quit(_fail, "usage: check INPUT TOUT ANSWER");
  FILE* tout = std::fopen(argv[2], "r");
  FILE* answer = std::fopen(argv[3], "r");
  if (tout == nullptr || answer == nullptr) quit(_fail, "cannot open TOUT or ANSWER");
  const long guesses = read_number(tout, _fail, "no guess count in TOUT");
  const long allowed = read_number(answer, _fail, "no limit in ANSWER");
  if (guesses > allowed) quit(_wa, "too many guesses");
  quit(_ok, "few enough guesses");
}
