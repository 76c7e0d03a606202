# Binary search on stdin and stdout (std_io: no stub).
import sys

n = int(sys.stdin.readline())
low, high = 1, n
while low < high:
    mid = (low + high) // 2
    print("?", mid, flush=True)
    reply = sys.stdin.readline().strip()
    if reply == "=":
        low = high = mid
    elif reply == "<":
        high = mid - 1
    else:
        low = mid + 1
print("!", low, flush=True)
