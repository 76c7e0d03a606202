// On the interactor's log (tout, read as ouf): at most as many guesses as the answer
// file allows.
#include "testlib.h"

int main(int argc, char* argv[]) {
  registerTestlibCmd(argc, argv);
  const int guesses = ouf.readInt();
  const int allowed = ans.readInt();
  if (guesses > allowed) quitf(_wa, "%d guesses, at most %d allowed", guesses, allowed);
  quitf(_ok, "%d guesses", guesses);
}
