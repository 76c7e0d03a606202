# Binary search. Expected: AC, 100 points.
n, max_queries = map(int, input().split())
low, high = 1, n
while low < high:
    mid = (low + high) // 2
    print("?", mid, flush=True)
    reply = input().strip()
    if reply == "equal":
        low = high = mid
    elif reply == "lower":
        high = mid - 1
    else:
        low = mid + 1
print("!", low, flush=True)
