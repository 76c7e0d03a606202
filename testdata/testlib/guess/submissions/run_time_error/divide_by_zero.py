# Asks once, then crashes. Expected: RTE, not the interactor's end-of-file PE.
input()
print("? 1", flush=True)
input()
print(1 // 0)
