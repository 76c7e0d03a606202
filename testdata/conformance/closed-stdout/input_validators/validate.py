import sys

words = sys.stdin.read().split()
sys.exit(42 if len(words) == 2 and 1 <= int(words[1]) <= int(words[0]) <= 1000 else 43)
