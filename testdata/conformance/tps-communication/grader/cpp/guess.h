// ask(y): -1 when the number is smaller than y, 1 when larger, 0 when it is y.
int ask(long y);
// Returns the number, from 1 to n.
long guess(long n);
