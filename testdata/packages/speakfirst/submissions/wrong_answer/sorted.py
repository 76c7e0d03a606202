"""1 2 3 ... 10: neighbours differ by 1, so wrong answer."""
print(*range(1, 11))
