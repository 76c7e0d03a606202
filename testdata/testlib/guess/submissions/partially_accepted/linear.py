# Linear search: right, but slow, so the checker gives 10 points per test (testlib's
# quitp). expect-score: 20 20
n, max_queries = map(int, input().split())
y = 1
while y < n:
    print("?", y, flush=True)
    if input().strip() == "equal":
        break
    y += 1
print("!", y, flush=True)
