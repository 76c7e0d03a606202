# Accepted: a submission of two Python modules (main.py imports matcher.py beside it).
import sys

from matcher import match_all


def ask(nut, bolt):
    sys.stdout.write(f"? {nut} {bolt}\n")
    sys.stdout.flush()
    reply = sys.stdin.readline()
    if not reply:
        sys.exit(0)
    return reply[0]


def main():
    line = sys.stdin.readline()
    if not line:
        return
    bolt_of = match_all(int(line), ask)
    sys.stdout.write("! " + " ".join(map(str, bolt_of[1:])) + "\n")
    sys.stdout.flush()


main()
