input()
print(0, flush=True)
print(0, flush=True)
