// Never digs.
#include "treasure.h"

volatile unsigned long long counter = 0;

void find_treasure(int) {
  for (;;) ++counter;
}
