#!/usr/bin/env python3
# Kattis interactive validator: input answer feedback_dir [flags] < submission > submission.
# The input is "N T": N is sent first; each dig (a line) is answered -1 (the treasure
# is right of it), 1 (left) or 0 (found). At most 40 digs.
import sys

def reject(message):
    with open(sys.argv[3] + "/judgemessage.txt", "w") as f:
        f.write(message + "\n")
    sys.exit(43)

n, treasure = map(int, open(sys.argv[1]).read().split())
print(n, flush=True)
for _ in range(40):
    line = sys.stdin.buffer.readline()
    if not line:
        reject("the submission stopped before it found the treasure")
    try:
        x = int(line)
    except ValueError:
        reject("not a number: %r" % line.strip()[:40])
    if not 1 <= x <= n:
        reject("dug at %d, outside 1..%d" % (x, n))
    reply = 0 if x == treasure else (-1 if x < treasure else 1)
    print(reply, flush=True)
    if reply == 0:
        sys.exit(42)
reject("more than 40 digs")
