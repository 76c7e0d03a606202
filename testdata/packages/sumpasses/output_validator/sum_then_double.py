#!/usr/bin/env python3
"""Output validator of sumpasses (multi-pass, not interactive).

    sum_then_double.py INPUT ANSWER FEEDBACK_DIR/ < team_output

The judge runs it after each run of the submission, on that run's captured output.
Pass 1 (INPUT 'add K' + K numbers): the output must be their sum S; then write
FEEDBACK_DIR/nextpass.in 'double S' and accept, which asks for pass 2.
Pass 2 (INPUT 'double S'): the output must be 2 S, which ANSWER holds too.
"""
import re
import sys
from pathlib import Path

EXIT_ACCEPT = 42
EXIT_REJECT = 43
EXIT_JUDGE_ERROR = 1


def finish(feedback_dir, code, text):
    with (feedback_dir / "judgemessage.txt").open("a") as out:
        out.write(text + "\n")
    sys.exit(code)


def team_integer(feedback_dir, pass_name):
    """The team's whole output as one integer, or a reject. Garbage never raises."""
    tokens = sys.stdin.buffer.read(1 << 20).split()
    if len(tokens) != 1 or not re.fullmatch(rb"-?[0-9]{1,12}", tokens[0]):
        shown = b" ".join(tokens[:3])[:40]
        finish(feedback_dir, EXIT_REJECT, f"{pass_name}: expected one integer, got {shown!r}")
    return int(tokens[0])


def main():
    if len(sys.argv) != 4:
        print("usage: sum_then_double.py INPUT ANSWER FEEDBACK_DIR/", file=sys.stderr)
        sys.exit(EXIT_JUDGE_ERROR)
    feedback_dir = Path(sys.argv[3])
    nextpass = feedback_dir / "nextpass.in"
    if nextpass.exists():
        finish(feedback_dir, EXIT_JUDGE_ERROR, "nextpass.in of the previous pass was not removed")
    try:
        lines = Path(sys.argv[1]).read_text().split("\n")
        answer = int(Path(sys.argv[2]).read_text())
    except (OSError, ValueError) as error:
        finish(feedback_dir, EXIT_JUDGE_ERROR, f"cannot read the test files: {error}")
    command = lines[0].split()
    if command[:1] == ["add"]:
        expected = sum(int(x) for x in lines[1].split())
        if 2 * expected != answer:
            finish(feedback_dir, EXIT_JUDGE_ERROR, "the answer file is not twice the sum")
        got = team_integer(feedback_dir, "pass 1")
        if got != expected:
            finish(feedback_dir, EXIT_REJECT, f"pass 1: sum {got}, expected {expected}")
        nextpass.write_text(f"double {expected}\n")
        finish(feedback_dir, EXIT_ACCEPT, f"pass 1: sum {expected}")
    if command[:1] == ["double"] and len(command) == 2:
        expected = 2 * int(command[1])
        if expected != answer:
            finish(feedback_dir, EXIT_JUDGE_ERROR, f"pass 2 input '{lines[0]}' does not match the answer file")
        got = team_integer(feedback_dir, "pass 2")
        if got != expected:
            finish(feedback_dir, EXIT_REJECT, f"pass 2: {got}, expected {expected}")
        finish(feedback_dir, EXIT_ACCEPT, f"pass 2: doubled to {expected}")
    finish(feedback_dir, EXIT_JUDGE_ERROR, f"unknown input {lines[0][:40]!r}")


if __name__ == "__main__":
    main()
