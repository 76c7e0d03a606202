// Closes its stdin and stdout at once, then keeps computing: the interactor sees
// end-of-file and rejects (WA), and the judge stops the computing submission then.
#include <unistd.h>
int main() {
  ::close(0);
  ::close(1);
  volatile unsigned long long spin = 0;
  for (;;) spin = spin + 1;
}
