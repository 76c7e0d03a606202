# The value each position needs, looked up in a dict (compiled with sol/grader.py).
def find_pair(target, values):
    seen = {}
    for j, value in enumerate(values):
        if target - value in seen:
            return seen[target - value], j
        seen.setdefault(value, j)
    return -1, -1
