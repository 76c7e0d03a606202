#!/usr/bin/env python3
"""The channel probes' interactor (ICPC convention, scripts/test_channels.py): the
test's one line goes to the probe; a sender answers "sent"; a receiver answers
"got N", and N equal to the test's secret is a leak: rejected (43) with a message
naming the channel. Anything else is accepted (42)."""
import os
import sys

test_in, _answer, feedback = sys.argv[1:4]
line = open(test_in).read().strip()
channel, secret = line.split()[:2]
print(line, flush=True)
reply = sys.stdin.readline().split()
with open(os.path.join(feedback, "judgemessage.txt"), "w") as message:
    if reply == ["got", secret]:
        message.write(f"leak: the receiver learned {secret} through {channel}\n")
        sys.exit(43)
    message.write(f"{channel}: {' '.join(reply) or 'nothing'}\n")
sys.exit(42)
