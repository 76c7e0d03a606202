# Waits for a second message that never comes. Expected: ILE.
input()
input()
