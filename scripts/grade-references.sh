#!/usr/bin/env bash
# The main job: installs what it is missing (scripts/install-deps.sh main: the compiler,
# the libraries, the Java, Kotlin and Rust toolchains the references need, and nothing
# of the test suite), builds only what it runs (the CMake target main_job: the judge,
# judge-box, the interactors, the compiled reference solutions), grades every reference
# solution of every problem (solutions/*/accepted/: files and folders, every language)
# with `judge run`, and prints the table (scripts/grade_references.py).
# Exit status 0 when every reference solution is AC on every test.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh main
installed=$SECONDS
bash scripts/build.sh main_job
built=$SECONDS
status=0
python3 scripts/grade_references.py --build "${BUILD_DIR:-build}" || status=$?
echo "grade-references.sh: install-deps $installed s, configure and build $((built - installed)) s, grading $((SECONDS - built)) s"
exit "$status"
