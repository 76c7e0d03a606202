# Answers 1 without asking. Expected: WA (the checker's).
input()
print("! 1", flush=True)
