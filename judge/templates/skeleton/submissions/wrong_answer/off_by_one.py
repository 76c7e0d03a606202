# Off by one: never considers n itself, so it is wrong exactly when the secret is n.
n = int(input())
lo, hi = 1, max(1, n - 1)
while lo < hi:
    mid = (lo + hi) // 2
    print("?", mid, flush=True)
    if input() == "yes":
        hi = mid
    else:
        lo = mid + 1
print("!", lo, flush=True)
