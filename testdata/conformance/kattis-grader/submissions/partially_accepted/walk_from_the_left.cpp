// Solves subtask 1 (N <= 20) only: digs 1, 2, 3, ... and runs out of digs when N is large.
#include "treasure.h"

void find_treasure(int n) {
  for (int x = 1; x <= n; ++x) dig(x);
}
