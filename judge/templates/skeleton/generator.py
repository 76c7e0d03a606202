# The generator: `generator.py N SECRET|random SEED` prints one test input, "N SECRET".
# `judge generate` runs it once per line of data/manifest.txt; the seed comes from
# there, so the data is reproducible byte for byte (judge generate --check).
import random
import sys

n, secret, seed = int(sys.argv[1]), sys.argv[2], int(sys.argv[3])
rng = random.Random(seed)
print(n, rng.randint(1, n) if secret == "random" else int(secret))
