#!/usr/bin/env bash
# Configures and builds into ${BUILD_DIR:-build}: the targets given (main_job: what the
# main job runs), or everything. Ninja, a Release build (-O2, no debug information) and
# unity batches (docs/building.md says what each saved). The test suite's parts
# are configured when GoogleTest is installed (scripts/install-deps.sh without
# arguments installs it), so the main job's build and the tests' share one folder: the
# second builds only what the first did not.
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${BUILD_DIR:-build}
tests=OFF
[[ -f /usr/include/gtest/gtest.h ]] && tests=ON
generator=()
# Ninja where it is installed (scripts/install-deps.sh installs it); a folder made by
# another generator keeps it.
if [[ ! -f "$build_dir/CMakeCache.txt" ]] && command -v ninja >/dev/null; then
  generator=(-G Ninja)
fi
started=$SECONDS
cmake -S . -B "$build_dir" "${generator[@]}" -DJUDGE_TESTS=$tests >/dev/null
configured=$SECONDS
targets=()
for target in "$@"; do targets+=(--target "$target"); done
cmake --build "$build_dir" -j "$(nproc)" "${targets[@]}"
echo "build.sh: configured in $((configured - started)) s, built in $((SECONDS - configured)) s" >&2
