#!/usr/bin/env bash
# Lays out the repository's own solutions as a `judge batch` submissions folder:
#   OUT/<verdict-folder>.<file>/<problem>.<ext>  =  solutions/<problem>/<verdict-folder>/<file>
# (copies: the batch follows no participant's link out of its folder, docs/sandbox.md),
# one participant per solution file, so that
#   judge batch OUT --out RESULTS
# grades every solution of every problem with one command.
# Usage: batch-layout-solutions.sh OUT [PROBLEM...]   (default: every problem)
set -euo pipefail
if (($# < 1)); then
  echo "usage: $0 OUT [PROBLEM...]" >&2
  exit 2
fi
root=$(cd "$(dirname "$0")/.." && pwd)
out=$1
shift
problems=("$@")
if ((${#problems[@]} == 0)); then
  for dir in "$root"/solutions/*/; do problems+=("$(basename "$dir")"); done
fi
mkdir -p "$out"
count=0
for problem in "${problems[@]}"; do
  [[ -d "$root/solutions/$problem" ]] || { echo "$0: no solutions/$problem" >&2; exit 2; }
  for source in "$root/solutions/$problem"/*/*; do
    case "$source" in
      *.cpp|*.c|*.py) ;;
      *) continue ;;
    esac
    folder=$(basename "$(dirname "$source")")
    file=$(basename "$source")
    participant="$folder.$file"
    mkdir -p "$out/$participant"
    cp "$source" "$out/$participant/$problem.${file##*.}"
    count=$((count + 1))
  done
done
echo "batch-layout-solutions: $count submissions in $out"
