# expect-score: 100 100
# Accepted: growing sums, as accepted/growing_sums.cpp (see there), in Python.
import sys


def order(values):
    sys.stdout.write("? " + " ".join(map(str, values)) + "\n")
    sys.stdout.flush()
    line = sys.stdin.readline()
    if not line:
        sys.exit(0)
    return int(line)


def main():
    n = int(sys.stdin.readline())
    ordered = set()
    cookies = []
    total = 0
    while True:
        k = len(cookies)
        if k >= 2 and (1 << k) - k - 1 >= n:
            # subset sums by bit mask; keep n unused sums of at least two cookies
            sums = [0] * (1 << k)
            chosen = []
            for mask in range(1, 1 << k):
                low = (mask & -mask).bit_length() - 1
                sums[mask] = sums[mask & (mask - 1)] + cookies[low]
                if len(chosen) < n and mask & (mask - 1) and sums[mask] not in ordered:
                    chosen.append(mask)
            if len(chosen) == n:
                by_sum = {sums[mask]: mask for mask in chosen}
                cookie = order([sums[mask] for mask in chosen])
                mask = by_sum[cookie]
                parts = [cookies[i] for i in range(k) if mask >> i & 1]
                sys.stdout.write("! 1 %d\n%d\n%s\n" % (len(parts), cookie, " ".join(map(str, parts))))
                sys.stdout.flush()
                return
        values = []
        value = total + 1
        while len(values) < n:
            if value not in ordered:
                values.append(value)
            value += 1
        ordered.update(values)
        cookie = order(values)
        cookies.append(cookie)
        total += cookie


main()
