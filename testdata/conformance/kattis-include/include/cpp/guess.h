#ifndef GUESS_H
#define GUESS_H
// Returns -1 if x is smaller than the hidden number, 1 if larger, 0 if equal.
int ask(int x);
// Implemented by the contestant: find the hidden number in [lo, hi] with ask().
void play(int lo, int hi);
#endif
