#!/usr/bin/env bash
# A Slurm job-array task of a sharded `judge batch`, and the merge job after it
# (docs/batch.md, "Recipe: Slurm job array"; run on a real Slurm by the CTest
# cluster.slurm_recipe).
#
#   jobid=$(sbatch --parsable --array=1-4 scripts/slurm-batch.sh OUT SUBMISSIONS... [-- OPTIONS])
#   sbatch --dependency=afterany:$jobid scripts/slurm-batch.sh --merge OUT [-- MERGE OPTIONS]
#
# Task I of an array of N runs shard I/N into OUT/shard-I (--resume: a requeued task
# finishes its shard). OPTIONS go to judge batch as they are (--problems, --tests,
# --transcripts, -j); without -j the task runs as many tests at once as half the CPUs
# Slurm gave it. The shard comes from Slurm's array variables: I = SLURM_ARRAY_TASK_ID
# - SLURM_ARRAY_TASK_MIN + 1 and N = SLURM_ARRAY_TASK_COUNT, so --array=0-3 and
# --array=1-4 both work (a stepped array such as 1-7:2 does not: use a plain range).
#
# One task again (it failed for good, or OUT/shard-I was lost): an array of one task
# cannot tell which shard it is, so say it: SHARD=I/N.
#   sbatch --export=ALL,SHARD=2/4 scripts/slurm-batch.sh OUT SUBMISSIONS... [-- OPTIONS]
# An array of one task without SHARD is refused unless it is the whole batch: task 0
# or 1, with no shard folder of a larger N in OUT.
#
# --merge: `judge merge OUT/shard-* --out OUT/merged` (MERGE OPTIONS after it, e.g.
# --html OUT/report.html). With afterany it runs however the tasks ended; judge merge
# checks that every unit of the batch was graded in some shard and otherwise refuses,
# naming the shard that is missing (requeue that task, or run it again with SHARD,
# then submit the merge again).
#
# Exit status: 0 when the shard (or the merge) was graded, whatever the verdicts
# (`judge batch` and `judge merge` exit 1 for "graded, some submission not AC": a
# success here, so the job is COMPLETED and `sbatch --wait` returns 0); else
# theirs (2 usage or an incomplete merge, 3 judge error, 130 stopped).
#
# The log is appended to (--open-mode=append: a requeued task keeps its first
# attempt's lines and Slurm's "CANCELLED ... DUE TO JOB REQUEUE"), and each attempt
# starts with a line "== judge-batch ... attempt K ..." (K = SLURM_RESTART_COUNT + 1).
#SBATCH --job-name=judge-batch
#SBATCH --cpus-per-task=2
#SBATCH --output=judge-batch-%A_%a.log
#SBATCH --open-mode=append
set -euo pipefail

judge=${JUDGE:-judge}

# The line that starts each attempt in the log.
attempt_header() {
  echo "== judge-batch $1: job ${SLURM_JOB_ID:-?} task ${SLURM_ARRAY_TASK_ID:-none}" \
    "attempt $((${SLURM_RESTART_COUNT:-0} + 1)) on $(hostname) at $(date -u +%FT%TZ)"
}

# judge batch's and judge merge's exit 1 is "graded; some submission is not AC".
graded_is_success() {
  local status=$1
  if ((status == 1)); then status=0; fi
  return "$status"
}

merge() {
  local out=$1
  shift
  (($# == 0)) || [[ $1 == -- ]] || { echo "usage: slurm-batch.sh --merge OUT [-- judge merge options]" >&2; exit 2; }
  (($#)) && shift
  attempt_header merge
  local shards=("$out"/shard-*)
  [[ -d ${shards[0]} ]] || { echo "slurm-batch.sh: no shard folder in $out" >&2; exit 2; }
  set +e
  "$judge" merge "${shards[@]}" --out "$out/merged" "$@"
  local status=$?
  set -e
  graded_is_success "$status"
}

# The largest N of the shard folders already in OUT ("I/N" in each batch.json), or 0.
largest_shard_count() {
  local count=0 file n
  for file in "$1"/shard-*/batch.json; do
    [[ -f $file ]] || continue
    n=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1])).get("shard", "1/1").split("/")[1])' "$file")
    ((n > count)) && count=$n
  done
  echo "$count"
}

# Sets index and count: from SHARD=I/N, else from the array's variables.
choose_shard() {
  local out=$1
  if [[ -n ${SHARD:-} ]]; then
    if [[ ! $SHARD =~ ^([0-9]+)/([0-9]+)$ ]] || ((BASH_REMATCH[1] < 1 || BASH_REMATCH[1] > BASH_REMATCH[2])); then
      echo "slurm-batch.sh: SHARD=$SHARD is not I/N with 1 <= I <= N" >&2
      exit 2
    fi
    if ((${SLURM_ARRAY_TASK_COUNT:-1} > 1)); then
      echo "slurm-batch.sh: SHARD=$SHARD in an array of ${SLURM_ARRAY_TASK_COUNT} tasks would run it" \
        "${SLURM_ARRAY_TASK_COUNT} times: give SHARD to one task (no --array, or --array=I)" >&2
      exit 2
    fi
    index=${BASH_REMATCH[1]}
    count=${BASH_REMATCH[2]}
    return
  fi
  if [[ -z ${SLURM_ARRAY_TASK_ID:-} || -z ${SLURM_ARRAY_TASK_COUNT:-} ]]; then
    echo "slurm-batch.sh: not a task of a Slurm job array (sbatch --array=1-N), and no SHARD=I/N" >&2
    exit 2
  fi
  index=$((SLURM_ARRAY_TASK_ID - ${SLURM_ARRAY_TASK_MIN:-1} + 1))
  count=$SLURM_ARRAY_TASK_COUNT
  if ((count == 1)); then
    local larger
    larger=$(largest_shard_count "$out")
    if ((SLURM_ARRAY_TASK_ID > 1 || larger > 1)); then
      local held=""
      ((larger > 1)) && held=" ($out holds shards of $larger)"
      echo "slurm-batch.sh: an array of one task (task $SLURM_ARRAY_TASK_ID) cannot tell which shard it is$held;" \
        "submit it with the shard: sbatch --export=ALL,SHARD=I/N scripts/slurm-batch.sh ..." >&2
      exit 2
    fi
  fi
}

main() {
  if [[ ${1:-} == --merge ]]; then
    shift
    (($#)) || { echo "usage: slurm-batch.sh --merge OUT [-- judge merge options]" >&2; exit 2; }
    merge "$@"
    return
  fi
  if (($# < 2)); then
    echo "usage: sbatch --array=1-N slurm-batch.sh OUT SUBMISSIONS... [-- judge batch options]" >&2
    echo "       sbatch --export=ALL,SHARD=I/N slurm-batch.sh OUT SUBMISSIONS... [-- judge batch options]" >&2
    echo "       sbatch --dependency=afterany:JOB slurm-batch.sh --merge OUT [-- judge merge options]" >&2
    exit 2
  fi
  local out=$1
  shift
  local submissions=()
  while (($#)) && [[ $1 != -- ]]; do
    submissions+=("$1")
    shift
  done
  (($#)) && shift  # the --
  local index count
  choose_shard "$out"
  attempt_header "shard $index/$count"
  local jobs=()
  if [[ " $* " != *" -j "* && " $* " != *" --jobs "* && -n ${SLURM_CPUS_PER_TASK:-} ]]; then
    jobs=(-j "$((SLURM_CPUS_PER_TASK / 2 > 0 ? SLURM_CPUS_PER_TASK / 2 : 1))")
  fi
  set +e
  "$judge" batch "${submissions[@]}" --out "$out/shard-$index" --shard "$index/$count" --resume \
    "${jobs[@]}" "$@"
  local status=$?
  set -e
  graded_is_success "$status"
}

main "$@"
