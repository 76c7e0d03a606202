#!/usr/bin/env python3
"""Output validator of guessgroups (a single-file Python validator).

    guess_validator.py INPUT ANSWER FEEDBACK_DIR/ [limit N]

INPUT holds 'secret S'; ANSWER repeats S. The team writes one guess per line and
reads higher / lower / correct. 'limit N' (from output_validator_args) is how many
guesses are allowed; without it 10. An unknown or repeated argument is a judge error
(exit 1), so a judge that concatenates or invents arguments is caught instead of
silently changing the limit.
"""
import re
import sys
from pathlib import Path

EXIT_ACCEPT = 42
EXIT_REJECT = 43
EXIT_JUDGE_ERROR = 1
DEFAULT_LIMIT = 10


class Feedback:
    def __init__(self, folder):
        self.judgemessage = Path(folder) / "judgemessage.txt"

    def note(self, text):
        with self.judgemessage.open("a") as out:
            out.write(text + "\n")

    def finish(self, code, text):
        self.note(text)
        sys.stdout.flush()
        sys.exit(code)


def parse_limit(args, feedback):
    limit = None
    rest = list(args)
    while rest:
        name = rest.pop(0)
        if name != "limit":
            feedback.finish(EXIT_JUDGE_ERROR, f"unknown validator argument {name!r}")
        if limit is not None:
            feedback.finish(EXIT_JUDGE_ERROR, "validator argument 'limit' given twice")
        if not rest or not re.fullmatch(r"[1-9][0-9]?", rest[0]):
            feedback.finish(EXIT_JUDGE_ERROR, "'limit' needs a number 1..99")
        limit = int(rest.pop(0))
    return DEFAULT_LIMIT if limit is None else limit


def read_secret(input_path, answer_path, feedback):
    try:
        given = Path(input_path).read_text()
        expected = Path(answer_path).read_text()
    except OSError as error:
        feedback.finish(EXIT_JUDGE_ERROR, f"cannot read the test files: {error}")
    match = re.fullmatch(r"secret ([0-9]{1,4})\n", given)
    if not match or not 1 <= int(match.group(1)) <= 1000:
        feedback.finish(EXIT_JUDGE_ERROR, "the input file is not 'secret S' with S in 1..1000")
    secret = int(match.group(1))
    if expected.split() != [str(secret)]:
        feedback.finish(EXIT_JUDGE_ERROR, "the answer file does not repeat the secret")
    return secret


def read_guess(number, feedback):
    """The team's next line as an integer 1..1000, or a reject. Garbage never raises."""
    line = sys.stdin.buffer.readline()
    if not line:
        feedback.finish(EXIT_REJECT, f"guess {number}: the team's output ended")
    text = line.strip()
    if not re.fullmatch(rb"-?[0-9]{1,9}", text):
        feedback.finish(EXIT_REJECT, f"guess {number}: {text[:40]!r} is not an integer")
    guess = int(text)
    if not 1 <= guess <= 1000:
        feedback.finish(EXIT_REJECT, f"guess {number}: {guess} is outside 1..1000")
    return guess


def main():
    if len(sys.argv) < 4:
        print("usage: guess_validator.py INPUT ANSWER FEEDBACK_DIR/ [limit N]", file=sys.stderr)
        sys.exit(EXIT_JUDGE_ERROR)
    feedback = Feedback(sys.argv[3])
    limit = parse_limit(sys.argv[4:], feedback)
    secret = read_secret(sys.argv[1], sys.argv[2], feedback)
    feedback.note(f"secret {secret}, limit {limit}")
    number = 0
    while True:
        number += 1
        guess = read_guess(number, feedback)
        if number > limit:
            feedback.finish(EXIT_REJECT, f"guess {number}: more than {limit} guesses")
        if guess == secret:
            print("correct", flush=True)
            break
        print("higher" if guess < secret else "lower", flush=True)
    extra = sys.stdin.buffer.readline()
    if extra:
        feedback.finish(EXIT_REJECT, f"trailing output after the correct guess: {extra[:40]!r}")
    feedback.finish(EXIT_ACCEPT, f"found in {number} guesses")


if __name__ == "__main__":
    main()
