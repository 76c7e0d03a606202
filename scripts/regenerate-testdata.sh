#!/usr/bin/env bash
# Regenerates the committed test files from each problem's manifest.
#
#   scripts/regenerate-testdata.sh [--check] [PROBLEM...]
#
# For every PROBLEM (default: every testdata/*/manifest.txt), each manifest line
# `NAME GENERATOR-ARGS...` (blank lines and # comments skipped) runs
# `$BUILD_DIR/testdata/PROBLEM/generator GENERATOR-ARGS...` and writes its stdout to
# testdata/PROBLEM/NAME.in. BUILD_DIR defaults to `build` (relative to the repository
# root); build the generators first (cmake --build build --target PROBLEM-generator).
#
# --check writes nothing into the tree: it generates into a temporary directory and
# compares byte for byte with the committed files, reporting changed, missing and extra
# .in files; exit status 1 on any difference.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_dir=${BUILD_DIR:-build}
[[ $build_dir == /* ]] || build_dir=$repo/$build_dir

check=false
problems=()
for arg in "$@"; do
  case $arg in
    --check) check=true ;;
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

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

status=0
for problem in "${problems[@]}"; do
  manifest=$repo/testdata/$problem/manifest.txt
  generator=$build_dir/testdata/$problem/generator
  if [[ ! -f $manifest ]]; then
    echo "regenerate-testdata: $manifest does not exist" >&2
    exit 2
  fi
  if [[ ! -x $generator ]]; then
    echo "regenerate-testdata: $generator is missing; build it: cmake --build $build_dir --target $problem-generator" >&2
    exit 2
  fi

  out=$scratch/$problem
  mkdir -p "$out"
  declare -A seen=()
  line_number=0
  while IFS= read -r line || [[ -n $line ]]; do
    line_number=$((line_number + 1))
    line=${line%%#*}
    read -r -a words <<< "$line" || true
    (( ${#words[@]} == 0 )) && continue
    name=${words[0]}
    if [[ ! $name =~ ^[A-Za-z0-9][A-Za-z0-9._-]*$ ]]; then
      echo "regenerate-testdata: $manifest:$line_number: bad test name '$name'" >&2
      exit 2
    fi
    if [[ -n ${seen[$name]:-} ]]; then
      echo "regenerate-testdata: $manifest:$line_number: test $name is listed twice" >&2
      exit 2
    fi
    seen[$name]=1
    if ! "$generator" "${words[@]:1}" > "$out/$name.in"; then
      echo "regenerate-testdata: $manifest:$line_number: '$generator ${words[*]:1}' failed" >&2
      exit 2
    fi
  done < "$manifest"
  unset seen

  committed=$repo/testdata/$problem
  if ! $check; then
    # The manifest is the whole truth: .in files it does not list are removed.
    for file in "$committed"/*.in; do
      [[ -e $file && ! -e $out/$(basename "$file") ]] && rm -- "$file" && echo "removed $problem/$(basename "$file")"
    done
    count=0
    for file in "$out"/*.in; do
      [[ -e $file ]] || continue
      cp -- "$file" "$committed/"
      count=$((count + 1))
    done
    echo "$problem: wrote $count tests"
    continue
  fi

  changed=() missing=() extra=()
  for file in "$out"/*.in; do
    [[ -e $file ]] || continue
    base=$(basename "$file")
    if [[ ! -e $committed/$base ]]; then
      missing+=("$base")
    elif ! cmp -s "$file" "$committed/$base"; then
      changed+=("$base")
    fi
  done
  for file in "$committed"/*.in; do
    [[ -e $file ]] || continue
    base=$(basename "$file")
    [[ -e $out/$base ]] || extra+=("$base")
  done
  if (( ${#changed[@]} + ${#missing[@]} + ${#extra[@]} == 0 )); then
    echo "$problem: all $(ls "$out" | wc -l) tests match the manifest"
    continue
  fi
  status=1
  echo "$problem: the committed tests differ from what manifest.txt generates:"
  for base in "${changed[@]}"; do
    echo "  changed: $base"
    { cmp "$out/$base" "$committed/$base" 2>&1 || true; } |
      sed "s#$out/$base#generated#; s#$committed/$base#committed#; s/^/    /"
  done
  for base in "${missing[@]}"; do echo "  missing (in the manifest, not committed): $base"; done
  for base in "${extra[@]}"; do echo "  extra (committed, not in the manifest): $base"; done
done

if (( status != 0 )); then
  echo "Regenerate with: scripts/regenerate-testdata.sh ${problems[*]}  (then review and commit)"
fi
exit $status
