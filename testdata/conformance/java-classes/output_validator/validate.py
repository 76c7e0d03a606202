"""Guess the number: `validate.py INPUT ANSWER FEEDBACK_DIR/`; exit 42 or 43."""
import sys

n, secret = map(int, open(sys.argv[1]).read().split())
feedback = sys.argv[3]


def reject(why):
    with open(feedback + "judgemessage.txt", "w") as message:
        message.write(why)
    sys.exit(43)


print(n, flush=True)
for _ in range(30):
    line = sys.stdin.readline()
    if not line:
        reject("the team's output ended before it guessed right")
    try:
        guess = int(line)
    except ValueError:
        reject("not a number: " + line.strip())
    if guess == secret:
        print("correct", flush=True)
        sys.exit(42)
    print("higher" if guess < secret else "lower", flush=True)
reject("more than 30 guesses")
