# A checker that fails (testlib's FAIL, exit 3): the verdict is JE, never the contestant's.
import sys
sys.stderr.write("FAIL the answer file is inconsistent\n")
sys.exit(3)
