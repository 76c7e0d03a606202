// Answers 1 without asking: wrong except when the number is 1.
#include "guess.h"

long guess(long) { return 1; }
