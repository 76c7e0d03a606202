#!/usr/bin/env bash
# A Slurm job-array task of a sharded `judge batch`: task I of an array of N runs
# shard I/N into OUT/shard-I (--resume: a requeued task finishes its shard).
#
#   jobid=$(sbatch --parsable --array=1-4 scripts/slurm-batch.sh OUT SUBMISSIONS... [-- OPTIONS])
#   sbatch --dependency=afterok:$jobid --wrap "judge merge OUT/shard-* --out OUT/merged --html OUT/report.html"
#
# OPTIONS go to judge batch as they are (--problems, --tests, --transcripts, -j).
# Without -j the task runs as many tests at once as half the CPUs Slurm gave it.
# The shard comes from Slurm's array variables: I = SLURM_ARRAY_TASK_ID -
# SLURM_ARRAY_TASK_MIN + 1 and N = SLURM_ARRAY_TASK_COUNT, so --array=0-3 and
# --array=1-4 both work (a stepped array such as 1-7:2 does not: use a plain range).
# Exit status: 0 when the shard was graded (whatever the verdicts: `judge report`
# on the merged folder tells), else judge batch's (2 usage, 3 judge error, 130 stopped).
#SBATCH --job-name=judge-batch
#SBATCH --cpus-per-task=2
#SBATCH --output=judge-batch-%A_%a.log
set -euo pipefail
if (($# < 2)); then
  echo "usage: sbatch --array=1-N $0 OUT SUBMISSIONS... [-- judge batch options]" >&2
  exit 2
fi
: "${SLURM_ARRAY_TASK_ID:?not in a Slurm job array (sbatch --array=1-N)}"
: "${SLURM_ARRAY_TASK_COUNT:?not in a Slurm job array (sbatch --array=1-N)}"
out=$1
shift
submissions=()
while (($#)) && [[ $1 != -- ]]; do
  submissions+=("$1")
  shift
done
(($#)) && shift  # the --
index=$((SLURM_ARRAY_TASK_ID - ${SLURM_ARRAY_TASK_MIN:-1} + 1))
count=$SLURM_ARRAY_TASK_COUNT
jobs=()
if [[ " $* " != *" -j "* && " $* " != *" --jobs "* && -n ${SLURM_CPUS_PER_TASK:-} ]]; then
  jobs=(-j "$(( SLURM_CPUS_PER_TASK / 2 > 0 ? SLURM_CPUS_PER_TASK / 2 : 1 ))")
fi
judge=${JUDGE:-judge}
set +e
"$judge" batch "${submissions[@]}" --out "$out/shard-$index" --shard "$index/$count" --resume \
  "${jobs[@]}" "$@"
status=$?
set -e
if ((status == 1)); then status=0; fi  # graded; some submission is not AC
exit $status
