#!/usr/bin/env bash
# Builds the libFuzzer targets of interactors/fuzz/ with clang (AddressSanitizer and
# UndefinedBehaviorSanitizer, a UB report is a crash) and runs each on its seed corpus
# for a bounded time. interactors/fuzz/README.md describes the targets; the judge's own
# (submission_files: a contestant's folder taken in on the host) is judge/fuzz/.
#
#   scripts/fuzz.sh [--seconds N] [--target NAME]... [--jobs J] [--merge-corpus] [--build-only]
#
#   --seconds N       fuzzing time per target (default 60)
#   --target NAME     only this target (repeatable; default: all of them)
#   --jobs J          targets fuzzed at once, and compiler processes (default: nproc)
#   --merge-corpus    afterwards, add to interactors/fuzz/corpus/<target>/ the inputs of
#                     this run that reach new coverage (libFuzzer -merge=1); without it
#                     the committed corpus is only read
#   --build-only      compile, do not fuzz
#
# Builds into $FUZZ_BUILD_DIR (default build-fuzz/): objects are rebuilt only when their
# source or a header they include changed. New inputs found go to
# $FUZZ_BUILD_DIR/corpus/<target>/, logs to $FUZZ_BUILD_DIR/logs/<target>.log, crashing
# inputs to $FUZZ_BUILD_DIR/artifacts/<target>/. Exit status: 0 no target crashed; 1 a
# target crashed (the crashing input's path is printed; reproduce with
# `$FUZZ_BUILD_DIR/bin/<target> <path>`); 2 usage or build error (clang or libFuzzer
# missing: scripts/install-deps.sh installs them).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
fuzz_dir=$root/interactors/fuzz
build=${FUZZ_BUILD_DIR:-$root/build-fuzz}
cxx=${FUZZ_CXX:-clang++}

all_targets=(line_reader line nuts_bolts_test_file egg_drop_test_file twin_cookies_test_file
             nuts_bolts_game egg_drop_game twin_cookies_game submission_files)

# The judge's own targets (judge/fuzz/): the judge_core sources each needs.
judge_sources_of() {
  case $1 in
    submission_files)
      printf '%s\n' "$root/judge/src/submission/submission_files.cpp" "$root/judge/src/base/content_hash.cpp" \
        "$root/judge/src/base/printable.cpp" "$root/judge/src/base/utf8.cpp" "$root/judge/src/base/unique_fd.cpp" ;;
  esac
}
is_judge_target() { [[ $1 == submission_files ]]; }
target_source() { if is_judge_target "$1"; then echo "$root/judge/fuzz/$1.cpp"; else echo "$fuzz_dir/$1.cpp"; fi; }
seeds_dir() { if is_judge_target "$1"; then echo "$root/judge/fuzz/corpus/$1"; else echo "$fuzz_dir/corpus/$1"; fi; }

# The problem folder a target needs besides the interactor library (none for the library's own).
problem_of() {
  case $1 in
    nuts_bolts_*) echo nuts-bolts ;;
    egg_drop_*) echo egg-drop ;;
    twin_cookies_*) echo twin-cookies ;;
    *) echo "" ;;
  esac
}

usage() { sed -n '6,15p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }

seconds=60
jobs=$(nproc)
merge=false
build_only=false
targets=()
while (($#)); do
  case $1 in
    --seconds) [[ ${2:-} =~ ^[0-9]+$ ]] || usage; seconds=$2; shift 2 ;;
    --target)
      [[ -n ${2:-} && " ${all_targets[*]} " == *" $2 "* ]] ||
        { echo "fuzz: unknown target '${2:-}' (known: ${all_targets[*]})" >&2; exit 2; }
      targets+=("$2"); shift 2 ;;
    --jobs) [[ ${2:-} =~ ^[1-9][0-9]*$ ]] || usage; jobs=$2; shift 2 ;;
    --merge-corpus) merge=true; shift ;;
    --build-only) build_only=true; shift ;;
    -h|--help) usage ;;
    *) echo "fuzz: unknown argument '$1'" >&2; usage ;;
  esac
done
((${#targets[@]})) || targets=("${all_targets[@]}")

if ! command -v "$cxx" >/dev/null; then
  echo "fuzz: $cxx not found: the fuzz targets need clang with libFuzzer (scripts/install-deps.sh installs clang and libclang-rt-14-dev)" >&2
  exit 2
fi

mkdir -p "$build"/{obj,bin,corpus,logs,artifacts}

# -O1 and frame pointers: usable stack traces at a reasonable speed. UB aborts instead
# of printing and going on, so libFuzzer sees it as a crash and keeps the input.
sanitize=(-fsanitize=address,undefined -fno-sanitize-recover=all)
cxxflags=(-std=c++20 -O1 -gline-tables-only -fno-omit-frame-pointer "${sanitize[@]}" -fsanitize=fuzzer-no-link
          -Wall -Wextra -Wpedantic -Wshadow)
ldflags=("${sanitize[@]}" -fsanitize=fuzzer)
libs=(-lfmt -lnettle)  # nettle: base/content_hash.cpp (submission_files)

# A changed compiler or flags invalidate every object.
stamp="$("$cxx" --version | head -1) ${cxxflags[*]}"
if [[ ! -f $build/obj/flags || $(<"$build/obj/flags") != "$stamp" ]]; then
  rm -rf "$build/obj"
  mkdir -p "$build/obj"
  printf '%s' "$stamp" >"$build/obj/flags"
fi

# Fail early and clearly when clang is there but its libFuzzer runtime is not.
probe=$build/obj/libfuzzer-probe
if [[ ! -x $probe ]]; then
  if ! printf 'extern "C" int LLVMFuzzerTestOneInput(const unsigned char*, unsigned long) { return 0; }\n' |
      "$cxx" -x c++ - "${ldflags[@]}" -o "$probe" 2>"$build/logs/libfuzzer-probe.log"; then
    cat "$build/logs/libfuzzer-probe.log" >&2
    echo "fuzz: $cxx cannot link a libFuzzer target: install libclang-rt-14-dev (scripts/install-deps.sh)" >&2
    exit 2
  fi
fi

# Sources of a folder that belong in a fuzz binary: not the unit tests, not a main().
sources_of() {
  local folder=$1 file name
  for file in "$root/interactors/$folder"/*.cpp; do
    name=$(basename "$file")
    # interactor.cpp, input_validator.cpp and *_tool.cpp hold a main() of their own.
    [[ $name == *_test.cpp || $name == interactor.cpp || $name == input_validator.cpp || $name == *_tool.cpp ]] && continue
    echo "$file"
  done
}

# Object path of a source, and whether it must be (re)compiled: missing, or older than
# its source or any header its dependency file lists.
object_of() { local relative=${1#"$root"/}; echo "$build/obj/${relative%.cpp}.o"; }
stale() {
  local object=$1 source=$2 dependency
  [[ -f $object && -f ${object%.o}.d && ! $source -nt $object ]] || return 0
  while read -r dependency; do
    [[ -z $dependency || $dependency == *: ]] && continue
    [[ -e $dependency && ! $dependency -nt $object ]] || return 0
  done < <(sed -e 's/\\$//' -e 's/^[^:]*://' "${object%.o}.d" | tr ' ' '\n')
  return 1
}

includes_of() {
  local problem=$1
  [[ $problem == judge ]] && { echo "-I$root/judge/src"; return 0; }
  echo "-I$root/interactors/lib -I$fuzz_dir"
  [[ -n $problem ]] && echo "-I$root/interactors/$problem"
  return 0
}

# Every compile of this run: "source|problem" (the problem sets the include path).
declare -A compile_units=()
for target in "${targets[@]}"; do
  if is_judge_target "$target"; then
    while read -r source; do compile_units[$source]=judge; done < <(judge_sources_of "$target")
    compile_units[$(target_source "$target")]=judge
    continue
  fi
  problem=$(problem_of "$target")
  while read -r source; do compile_units[$source]=""; done < <(sources_of lib)
  compile_units[$fuzz_dir/fuzz_support.cpp]=""
  compile_units[$fuzz_dir/$target.cpp]=$problem
  if [[ -n $problem ]]; then
    while read -r source; do compile_units[$source]=$problem; done < <(sources_of "$problem")
  fi
done

# The precompiled header (precompiled.hpp): made first, used by every compile.
pch=$build/obj/precompiled.hpp.pch
if [[ ! -f $pch || $fuzz_dir/precompiled.hpp -nt $pch ]]; then
  rm -rf "$build/obj/interactors"  # objects made with another header
  "$cxx" "${cxxflags[@]}" -x c++-header "$fuzz_dir/precompiled.hpp" -o "$pch.tmp" || exit 2
  mv "$pch.tmp" "$pch"
fi

compile() {
  local source=$1 problem=$2 object
  object=$(object_of "$source")
  mkdir -p "$(dirname "$object")"
  # shellcheck disable=SC2046  # the include flags are words
  "$cxx" "${cxxflags[@]}" -include-pch "$pch" $(includes_of "$problem") -MMD -MF "${object%.o}.d" \
    -c "$source" -o "$object.tmp" && mv "$object.tmp" "$object"
}

started=$(date +%s)
pids=()
failed_compiles=0
wait_some() {  # waits for the oldest background job
  if ! wait "${pids[0]}"; then failed_compiles=$((failed_compiles + 1)); fi
  pids=("${pids[@]:1}")
}
compiled=0
for source in "${!compile_units[@]}"; do
  object=$(object_of "$source")
  stale "$object" "$source" || continue
  ((${#pids[@]} < jobs)) || wait_some
  compile "$source" "${compile_units[$source]}" &
  pids+=($!)
  compiled=$((compiled + 1))
done
while ((${#pids[@]})); do wait_some; done
if ((failed_compiles)); then
  echo "fuzz: $failed_compiles source file(s) did not compile" >&2
  exit 2
fi

for target in "${targets[@]}"; do
  problem=$(problem_of "$target")
  objects=()
  if is_judge_target "$target"; then
    while read -r source; do objects+=("$(object_of "$source")"); done < <(judge_sources_of "$target")
    objects+=("$(object_of "$(target_source "$target")")")
  else
    while read -r source; do objects+=("$(object_of "$source")"); done < <(sources_of lib)
    [[ -n $problem ]] && while read -r source; do objects+=("$(object_of "$source")"); done < <(sources_of "$problem")
    objects+=("$(object_of "$fuzz_dir/fuzz_support.cpp")" "$(object_of "$fuzz_dir/$target.cpp")")
  fi
  binary=$build/bin/$target
  relink=false
  [[ -x $binary ]] || relink=true
  for object in "${objects[@]}"; do [[ $object -nt $binary ]] && relink=true; done
  if $relink; then
    "$cxx" "${ldflags[@]}" "${objects[@]}" "${libs[@]}" -o "$binary.tmp" || { echo "fuzz: cannot link $target" >&2; exit 2; }
    mv "$binary.tmp" "$binary"
  fi
done
echo "fuzz: built ${#targets[@]} target(s) in $(($(date +%s) - started)) s ($compiled object(s) compiled) into $build/bin"
$build_only && exit 0

# One target's run: its own new inputs, then the committed seeds (read only).
fuzz_one() {
  local target=$1 seeds dictionary=$fuzz_dir/dict/$1.dict
  seeds=$(seeds_dir "$target")
  # The judge's ingestion must hold memory low whatever the files (a 3 GiB sparse file
  # read whole would pass these): a tighter bound than the interactors'.
  local memory=(-rss_limit_mb=2048 -malloc_limit_mb=2048)
  is_judge_target "$target" && memory=(-rss_limit_mb=1024 -malloc_limit_mb=64)
  local options=(-max_total_time="$seconds" "${memory[@]}" -timeout=20
                 -print_final_stats=1 -artifact_prefix="$build/artifacts/$target/")
  [[ -f $dictionary ]] && options+=(-dict="$dictionary")
  mkdir -p "$build/corpus/$target" "$build/artifacts/$target"
  "$build/bin/$target" "${options[@]}" "$build/corpus/$target" "$seeds" >"$build/logs/$target.log" 2>&1
}

crashed=()
summary() {  # target -> "N execs, cov C ft F" from its log
  local log=$build/logs/$1.log execs cov ft
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  cov=$(grep -oE 'cov: [0-9]+ ft: [0-9]+' "$log" | tail -1)
  echo "${execs:-?} execs, ${cov:-no coverage line}"
}
finish_one() {  # target status
  local target=$1 status=$2 artifact
  if ((status == 0)); then
    echo "fuzz: $target: ok, $(summary "$target")"
    return
  fi
  artifact=$(grep -oE 'Test unit written to .*' "$build/logs/$target.log" | tail -1 | sed 's/^Test unit written to //')
  [[ -n $artifact ]] || artifact=$(ls -t "$build/artifacts/$target"/* 2>/dev/null | head -1 || true)
  echo "fuzz: $target: CRASHED (exit $status): input ${artifact:-not saved}; log $build/logs/$target.log" >&2
  grep -A3 -E '^==== fuzz invariant broken|ERROR: (AddressSanitizer|libFuzzer)|runtime error:' \
    "$build/logs/$target.log" | head -12 >&2 || true
  crashed+=("$target")
}

echo "fuzz: ${#targets[@]} target(s), ${seconds} s each, $jobs at a time; logs in $build/logs"
declare -A running=()
finish_first() {  # waits for whichever running target finishes first
  local done_pid status
  set +e
  wait -n -p done_pid "${!running[@]}"
  status=$?
  set -e
  finish_one "${running[$done_pid]}" "$status"
  unset "running[$done_pid]"
}
for target in "${targets[@]}"; do
  while ((${#running[@]} >= jobs)); do finish_first; done
  fuzz_one "$target" &
  running[$!]=$target
done
while ((${#running[@]})); do finish_first; done

if $merge; then
  for target in "${targets[@]}"; do
    seeds=$(seeds_dir "$target")
    before=$(find "$seeds" -type f | wc -l)
    "$build/bin/$target" -merge=1 -rss_limit_mb=2048 -timeout=20 "$seeds" "$build/corpus/$target" \
      >"$build/logs/$target.merge.log" 2>&1 || { echo "fuzz: merge of $target failed: $build/logs/$target.merge.log" >&2; exit 1; }
    echo "fuzz: $target: corpus $before -> $(find "$seeds" -type f | wc -l) files"
  done
fi

if ((${#crashed[@]})); then
  echo "fuzz: ${#crashed[@]} target(s) crashed: ${crashed[*]}" >&2
  exit 1
fi
echo "fuzz: no crash in ${#targets[@]} target(s)"
