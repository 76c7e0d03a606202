# The randomized quicksort matching of the two-module Python submission.
import random


def match_all(n, ask):
    bolt_of = [0] * (n + 1)
    tasks = [(list(range(1, n + 1)), list(range(1, n + 1)))]
    while tasks:
        nuts, bolts = tasks.pop()
        if not nuts:
            continue
        if len(nuts) == 1:
            bolt_of[nuts[0]] = bolts[0]
            continue
        pivot = random.choice(nuts)
        smaller_bolts, larger_bolts, match = [], [], 0
        for bolt in bolts:
            c = ask(pivot, bolt)
            if c == "=":
                match = bolt
            elif c == "<":
                larger_bolts.append(bolt)
            else:
                smaller_bolts.append(bolt)
        bolt_of[pivot] = match
        smaller_nuts, larger_nuts = [], []
        for nut in nuts:
            if nut != pivot:
                (smaller_nuts if ask(nut, match) == "<" else larger_nuts).append(nut)
        tasks.append((smaller_nuts, smaller_bolts))
        tasks.append((larger_nuts, larger_bolts))
    return bolt_of
