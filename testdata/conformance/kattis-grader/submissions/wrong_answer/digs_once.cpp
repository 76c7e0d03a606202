// Digs in the middle once and gives up.
#include "treasure.h"

void find_treasure(int n) { dig((n + 1) / 2); }
