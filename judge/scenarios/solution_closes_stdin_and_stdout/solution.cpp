// Closes its stdin and stdout at once, then keeps computing. The interactor sees the
// end-of-file of the submission's output only once the submission has been reaped
// (the judge holds a write end until then, as the ICPC judges do), so the computing
// submission runs into its CPU limit: TLE.
#include <unistd.h>
int main() {
  ::close(0);
  ::close(1);
  volatile unsigned long long spin = 0;
  for (;;) spin = spin + 1;
}
