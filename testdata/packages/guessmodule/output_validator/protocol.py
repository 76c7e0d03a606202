"""Reading the team's lines and writing feedback for the guessmodule validator."""
import re
import sys
from pathlib import Path

EXIT_ACCEPT = 42
EXIT_REJECT = 43
EXIT_JUDGE_ERROR = 1
MAX_GUESSES = 30
# About 300 KB, written after the team's output has ended: far more than a pipe
# holds, so it only ends if the judge keeps reading after the submission exited.
FAREWELL_LINES = 4000
FAREWELL_LINE = "Thank you for playing. This farewell line is here to fill the pipe. {:05d}\n"


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


def read_test(input_path, answer_path, feedback):
    """(n, secret) from the test files, or a judge error."""
    try:
        fields = Path(input_path).read_text().split()
        answer = Path(answer_path).read_text().split()
    except OSError as error:
        feedback.finish(EXIT_JUDGE_ERROR, f"cannot read the test files: {error}")
    if len(fields) != 2 or not all(f.isdigit() for f in fields):
        feedback.finish(EXIT_JUDGE_ERROR, "the input file is not 'N S'")
    n, secret = int(fields[0]), int(fields[1])
    if not 1 <= secret <= n or answer != [str(secret)]:
        feedback.finish(EXIT_JUDGE_ERROR, "bad secret, or the answer file does not repeat it")
    return n, secret


def read_guess(number, n, feedback):
    """The team's next line as an integer in 1..n, or a reject."""
    line = sys.stdin.buffer.readline()
    if not line:
        feedback.finish(EXIT_REJECT, f"guess {number}: the team's output ended")
    text = line.strip()
    if not re.fullmatch(rb"-?[0-9]{1,9}", text):
        feedback.finish(EXIT_REJECT, f"guess {number}: {text[:40]!r} is not an integer")
    guess = int(text)
    if not 1 <= guess <= n:
        feedback.finish(EXIT_REJECT, f"guess {number}: {guess} is outside 1..{n}")
    return guess


def say_farewell():
    for index in range(FAREWELL_LINES):
        sys.stdout.write(FAREWELL_LINE.format(index))
    sys.stdout.flush()
