"""Entry point of the guessmodule validator:

    python3 output_validator INPUT ANSWER FEEDBACK_DIR/
    (or python3 -m output_validator ..., or python3 output_validator/__main__.py ...)

Sends n, answers guesses, and after 'correct' waits for the team's output to end,
then writes a ~300 KB farewell and accepts. The farewell is written when the
submission has already exited: a judge that stops reading the validator's output at
that point makes this validator fail on a broken pipe (a judge error), where the
right verdict is accepted.
"""
import sys

try:  # run as a package: python3 -m output_validator
    from . import protocol
except ImportError:  # run as a folder or a file: this folder is sys.path[0]
    import protocol


def main():
    if len(sys.argv) < 4:
        print("usage: output_validator INPUT ANSWER FEEDBACK_DIR/", file=sys.stderr)
        sys.exit(protocol.EXIT_JUDGE_ERROR)
    feedback = protocol.Feedback(sys.argv[3])
    if sys.argv[4:]:
        feedback.finish(protocol.EXIT_JUDGE_ERROR, f"unexpected arguments {sys.argv[4:]}")
    n, secret = protocol.read_test(sys.argv[1], sys.argv[2], feedback)
    print(n, flush=True)
    for number in range(1, protocol.MAX_GUESSES + 2):
        guess = protocol.read_guess(number, n, feedback)
        if number > protocol.MAX_GUESSES:
            feedback.finish(protocol.EXIT_REJECT, f"more than {protocol.MAX_GUESSES} guesses")
        if guess == secret:
            print("correct", flush=True)
            break
        print("higher" if guess < secret else "lower", flush=True)
    extra = sys.stdin.buffer.readline()
    if extra:
        feedback.finish(protocol.EXIT_REJECT, f"trailing output after the correct guess: {extra[:40]!r}")
    feedback.note(f"found {secret} in {number} guesses; saying farewell")
    protocol.say_farewell()
    feedback.finish(protocol.EXIT_ACCEPT, "accepted after the farewell")


main()
