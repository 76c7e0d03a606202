#!/usr/bin/env bash
# Regenerates the committed test files from each problem's manifest, through
# `judge generate` (judge/src/generate/), which this script only loops over.
#
#   scripts/regenerate-testdata.sh [--check] [PROBLEM...]
#
# For every PROBLEM (default: every testdata/*/manifest.txt), each manifest line
# `NAME GENERATOR-ARGS...` (blank lines and # comments skipped) runs the problem's
# generator (problem.json "generator") with GENERATOR-ARGS and writes its stdout to
# testdata/PROBLEM/NAME.in; .in files the manifest does not list are removed.
# BUILD_DIR defaults to `build` (relative to the repository root); build first
# (cmake --build build --target judge PROBLEM-generator).
#
# --check writes nothing into the tree: it compares byte for byte with the committed
# files, reporting changed, missing and extra .in files; exit status 1 on any difference.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_dir=${BUILD_DIR:-build}
[[ $build_dir == /* ]] || build_dir=$repo/$build_dir

check=()
problems=()
for arg in "$@"; do
  case $arg in
    --check) check=(--check) ;;
    -h|--help) sed -n '2,15p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "regenerate-testdata: unknown option $arg" >&2; exit 2 ;;
    *) problems+=("$arg") ;;
  esac
done
if (( ${#problems[@]} == 0 )); then
  for manifest in "$repo"/testdata/*/manifest.txt; do
    [[ -e $manifest ]] && problems+=("$(basename "$(dirname "$manifest")")")
  done
fi
if (( ${#problems[@]} == 0 )); then
  echo "regenerate-testdata: no testdata/*/manifest.txt found" >&2
  exit 2
fi

judge=$build_dir/judge/judge
if [[ ! -x $judge ]]; then
  echo "regenerate-testdata: $judge is missing; build it: cmake --build $build_dir --target judge" >&2
  exit 2
fi

status=0
for problem in "${problems[@]}"; do
  # The judge finds the problem and its generator in the source and build trees.
  "$judge" generate "${check[@]}" --quiet "$repo/interactors/$problem" || status=$?
done
exit $status
