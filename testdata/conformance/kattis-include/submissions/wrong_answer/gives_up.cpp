#include "guess.h"

// Tries the ends only, then gives up.
void play(int lo, int hi) {
  ask(lo);
  ask(hi);
}
