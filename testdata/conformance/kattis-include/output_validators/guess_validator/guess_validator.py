#!/usr/bin/env python3
# Kattis interactive validator: input answer feedback_dir [flags] < submission > submission.
# The hidden number is the input's; each guess (a line) is answered -1 (too small),
# 1 (too big) or 0 (found). At most 10 guesses.
import sys

def reject(message):
    with open(sys.argv[3] + "/judgemessage.txt", "w") as f:
        f.write(message + "\n")
    sys.exit(43)

hidden = int(open(sys.argv[1]).read())
for _ in range(10):
    line = sys.stdin.readline()
    if not line:
        reject("the submission stopped before it found the number")
    try:
        guess = int(line)
    except ValueError:
        reject("not a number: " + line.strip()[:40])
    reply = 0 if guess == hidden else (-1 if guess < hidden else 1)
    print(reply, flush=True)
    if reply == 0:
        if sys.stdin.read().strip():
            reject("output after the number was found")
        sys.exit(42)
reject("more than 10 guesses")
