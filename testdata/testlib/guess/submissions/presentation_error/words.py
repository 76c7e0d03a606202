# Asks in words. Expected: PE (the interactor's, testlib exit 2).
input()
print("is it 5?", flush=True)
input()
