#ifndef TREASURE_H
#define TREASURE_H
// -1: the treasure is right of x; 1: left of x; 0: found (the program then ends).
int dig(int x);
// Implemented by the contestant.
void find_treasure(int n);
#endif
