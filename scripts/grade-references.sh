#!/usr/bin/env bash
# The main job: installs what is missing, builds, grades the reference
# (accepted/) solutions of every problem with `judge run`, and prints the table.
# Exit status 0 when every reference solution is AC on every test.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/build.sh
build_dir=${BUILD_DIR:-build}
judge="$build_dir/judge/judge"
status=0
rows=()
for problem_dir in interactors/*/; do
  problem=$(basename "$problem_dir")
  [[ -f "$problem_dir/problem.json" ]] || continue
  for source in solutions/"$problem"/accepted/*; do
    case "$source" in
      *.cpp|*.c) stem=$(basename "${source%.*}"); submission="$build_dir/solutions/$problem/accepted/$stem" ;;
      *.py) submission="$source" ;;
      *) continue ;;
    esac
    echo
    json=$(mktemp)
    set +e
    "$judge" run "$problem" "$submission" --json "$json"
    code=$?
    set -e
    ((code == 0)) || status=1
    rows+=("$(python3 - "$json" "$problem" "$source" <<'PY'
import json, sys
path, problem, source = sys.argv[1:]
try:
    r = json.load(open(path))
except (OSError, ValueError):
    print(f"{problem:<14} {source:<54} {'ERROR':<7}"); sys.exit()
tests = r["tests"]
cpu = max((t["cpu_ms"] for t in tests), default=0)
share = max((t["queries"] / t["query_limit"] for t in tests if t.get("queries") is not None and t.get("query_limit")), default=None)
ok = sum(t["verdict"] == "AC" for t in tests)
print(f"{problem:<14} {source:<54} {r['verdict']:<7} {ok:>3}/{len(tests):<3} {r['score']:>7g}/{r['max_score']:<5g} {cpu:>7} ms  "
      + (f"{100*share:5.1f} %" if share is not None else "    -"))
PY
)")
    rm -f "$json"
  done
done
echo
printf '%-14s %-54s %-7s %-7s %-13s %10s  %s\n' problem solution verdict tests score "max CPU" "max queries/limit"
printf '%s\n' "${rows[@]}"
exit $status
