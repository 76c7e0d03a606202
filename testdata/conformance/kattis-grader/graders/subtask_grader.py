#!/usr/bin/env python3
# A custom grader (the legacy format's graders/): one "VERDICT SCORE" line per subtask
# on stdin. IOI style: the submission is accepted if it solves any subtask, scoring
# the points of the subtasks it solves; otherwise the first subtask's error.
import sys

results = [line.split() for line in sys.stdin if line.strip()]
solved = [float(score) for verdict, score in results if verdict == "AC"]
if solved:
    print("AC %f" % sum(solved))
else:
    print("%s 0" % results[0][0])
