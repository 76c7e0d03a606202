#!/usr/bin/env bash
# Installs what is missing, builds, and runs the whole test suite (CTest: unit tests,
# plumbing scenarios, every solution against its folder's verdict, test data
# reproducibility, the channel probes, exports checked by other tools), then prints the
# 15 slowest tests and the totals (scripts/slowest_tests.py). Arguments go to ctest
# (`bash scripts/test.sh -L unit`).
#
# Twice as many tests at once as there are cores: most of the suite's time is spent
# waiting (wall limits, the second between two passes, sleeping submissions), and the
# tests that need the machine to themselves say so (RUN_SERIAL, PROCESSORS): measured
# in docs/building.md.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
bash scripts/install-deps.sh
installed=$SECONDS
bash scripts/build.sh
built=$SECONDS
build_dir=${BUILD_DIR:-build}
cd "$build_dir"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
set +e
ctest --output-on-failure -j "$((2 * $(nproc)))" "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
set -e
python3 "$root/scripts/slowest_tests.py" "$log"
echo "test.sh: install-deps $installed s, configure and build $((built - installed)) s, ctest $((SECONDS - built)) s"
exit "$status"
