#!/usr/bin/env bash
# Installs what is missing, builds, and runs the whole test suite (CTest: unit
# tests, plumbing scenarios, every solution against its folder's verdict, test
# data reproducibility).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/build.sh
build_dir=${BUILD_DIR:-build}
cd "$build_dir"
ctest --output-on-failure -j "$(nproc)" "$@"
