n = int(input())
for guess in range(1, n + 1):
    print(guess, flush=True)
    if input() == "correct":
        break
