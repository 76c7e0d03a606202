#!/usr/bin/env python3
# The CMS manager of this task, written by the judge's CMS export: it runs the
# problem's ICPC-convention interactor (check/interactor, beside this file) with the
# contestant's FIFOs as its stdin and stdout, input.txt as its test input and a
# feedback folder of its own, and turns its ending into CMS's standard manager
# output: exit 42 is outcome 1.0, 43 is 0.0, with the interactor's reason as the
# message; any other ending is the manager's failure (exit 1).
import json
import os
import shutil
import subprocess
import sys
import tempfile


def first_line(path):
    try:
        with open(path, errors="replace") as file:
            return file.readline().strip()
    except OSError:
        return ""


def main():
    here = os.path.dirname(os.path.realpath(__file__))
    # CMS's order: the stream to the process first (its sandbox opens stdin first).
    to_user = open(sys.argv[2], "wb")
    from_user = open(sys.argv[1], "rb")
    feedback = tempfile.mkdtemp(prefix="feedback-")
    try:
        interactor = subprocess.Popen([os.path.join(here, "interactor"), "input.txt", "/dev/null", feedback + "/"],
                                      stdin=from_user, stdout=to_user)
        # The interactor's end of output must reach the process at once: no copy here.
        to_user.close()
        from_user.close()
        code = interactor.wait()
        message = first_line(os.path.join(feedback, "judgemessage.txt"))
        try:
            with open(os.path.join(feedback, "result.json")) as file:
                reason = json.load(file).get("verdict")
        except (OSError, ValueError, AttributeError):
            reason = None
        if code not in (42, 43):
            print(f"the interactor ended with {code}: {message}", file=sys.stderr)
            sys.exit(1)
        if code == 43 and reason and reason != "WA":
            message = f"{reason}: {message}"
        print("1.0" if code == 42 else "0.0")
        print(message or ("translate:success" if code == 42 else "translate:wrong"), file=sys.stderr)
    finally:
        shutil.rmtree(feedback, ignore_errors=True)


main()
