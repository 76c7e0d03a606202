#!/usr/bin/env bash
# A single-node Slurm on this machine, for the tests of the Slurm recipe
# (scripts/slurm-batch.sh, docs/batch.md): Debian's slurm-wlm and munge, every file in
# one folder of its own (config, keys, state, logs), the daemons started by pid and
# stopped by pid. Nothing of the host's own Slurm or munge setup is read or changed.
#
#   scripts/slurm-local.sh start DIR   # writes DIR/slurm.conf, starts munged,
#                                      # slurmctld and slurmd; prints SLURM_CONF=...
#   SLURM_CONF=DIR/slurm.conf sbatch ...
#   scripts/slurm-local.sh stop DIR    # stops the three daemons it started
#
# Root only (slurmd runs jobs as their user and makes their cgroups). The node has
# the machine's CPUs and memory; jobs are tracked and bounded by cgroups
# (proctrack/cgroup, task/cgroup with ConstrainRAMSpace: --mem is a memory cgroup
# limit) on cgroup v1 and v2 alike (cgroup.conf's CgroupPlugin=autodetect).
# Exit status: 0, 2 usage, 77 when this host cannot run it (not root, no slurmctld:
# scripts/install-deps.sh installs slurm-wlm and munge), 1 when a daemon did not come up
# (its log is printed).
set -euo pipefail

usage() {
  echo "usage: $0 start DIR | stop DIR" >&2
  exit 2
}
(($# == 2)) || usage
action=$1
dir=$(realpath -m "$2")

# A TCP port nothing listens on (the kernel picks it), for slurmctld and slurmd.
free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# Waits up to $2 seconds for the command $1 to succeed.
wait_for() {
  local deadline=$((SECONDS + $2))
  until eval "$1" >/dev/null 2>&1; do
    ((SECONDS < deadline)) || return 1
    sleep 0.2
  done
}

write_config() {
  local node cpus memory_mib
  node=$(hostname -s)
  cpus=$(nproc)
  # A little under the machine's memory: slurmd refuses a node that claims more.
  memory_mib=$(($(awk '/^MemTotal:/ {print $2}' /proc/meminfo) / 1024 * 9 / 10))
  mkdir -p "$dir/state" "$dir/spool" "$dir/munge"
  chmod 700 "$dir/munge"
  cat >"$dir/slurm.conf" <<EOF
ClusterName=judgelocal
SlurmctldHost=$node(127.0.0.1)
SlurmctldPort=$(free_port)
SlurmdPort=$(free_port)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
# cred_expire: a requeued job waits this long before it starts again (120 s by
# default).
AuthInfo=socket=$dir/munge/munge.socket,cred_expire=10
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
SlurmctldDebug=info
SlurmdDebug=info
ProctrackType=proctrack/cgroup
TaskPlugin=task/cgroup
JobAcctGatherType=jobacct_gather/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
SchedulerType=sched/backfill
# Scheduling passes every 2 s (not 60 and 30): a requeued job starts again soon after
# its wait.
SchedulerParameters=sched_interval=2,bf_interval=2
MailProg=/bin/true
ReturnToService=2
MpiDefault=none
# Quick turnaround for a test: a requeued job may start again after 1 s (not 120),
# finished jobs are kept for squeue/scontrol for 5 minutes.
MinJobAge=300
DefMemPerCPU=2048
KillWait=5
NodeName=$node NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$memory_mib State=UNKNOWN
PartitionName=local Nodes=$node Default=YES MaxTime=INFINITE State=UP
EOF
  cat >"$dir/cgroup.conf" <<EOF
CgroupPlugin=autodetect
ConstrainRAMSpace=yes
ConstrainSwapSpace=no
ConstrainCores=no
ConstrainDevices=no
EOF
}

start() {
  if ((EUID != 0)); then
    echo "skipped: slurm-local.sh needs root (slurmd runs jobs as their user)"
    exit 77
  fi
  for program in slurmctld slurmd munged sbatch; do
    if ! command -v "$program" >/dev/null; then
      echo "skipped: no $program here (apt-get install slurm-wlm munge; scripts/install-deps.sh does)"
      exit 77
    fi
  done
  [[ ! -e $dir/slurm.conf ]] || { echo "$dir holds a Slurm already: stop it first" >&2; exit 2; }
  write_config
  # munge: a key of its own, its socket in the folder; --force because it runs as
  # root here, which munged otherwise refuses.
  dd if=/dev/urandom of="$dir/munge/munge.key" bs=1024 count=1 status=none
  chmod 400 "$dir/munge/munge.key"
  munged --foreground --force --key-file="$dir/munge/munge.key" --socket="$dir/munge/munge.socket" \
    --pid-file="$dir/munge/munged.pid" --log-file="$dir/munge/munged.log" --seed-file="$dir/munge/seed" \
    >/dev/null 2>&1 &
  echo $! >"$dir/munged.started"
  wait_for "[[ -S $dir/munge/munge.socket ]]" 10 || { cat "$dir/munge/munged.log" >&2; exit 1; }
  export SLURM_CONF=$dir/slurm.conf
  # -D: in the foreground of its own process (its pid is the one we stop); -i: a
  # fresh state (no jobs of an earlier run).
  slurmctld -D -i -f "$SLURM_CONF" >/dev/null 2>&1 &
  echo $! >"$dir/slurmctld.started"
  wait_for "scontrol ping | grep -q UP" 20 || { tail -20 "$dir/slurmctld.log" >&2; exit 1; }
  slurmd -D -f "$SLURM_CONF" >/dev/null 2>&1 &
  echo $! >"$dir/slurmd.started"
  wait_for "sinfo -h -o %T | grep -Eq '^(idle|mixed|allocated)'" 30 || {
    tail -20 "$dir/slurmd.log" >&2
    sinfo -N -l >&2 || true
    exit 1
  }
  echo "SLURM_CONF=$SLURM_CONF"
}

stop() {
  local name pid
  # slurmd first (it ends its jobs' steps), then slurmctld, then munge.
  for name in slurmd slurmctld munged; do
    [[ -f $dir/$name.started ]] || continue
    pid=$(<"$dir/$name.started")
    if kill -0 "$pid" 2>/dev/null; then
      kill -TERM "$pid"
      wait_for "! kill -0 $pid" 15 || kill -KILL "$pid" 2>/dev/null || true
    fi
    rm -f "$dir/$name.started"
  done
  # slurmd leaves its cgroup v1 roots (slurm_NODE in each hierarchy it used) behind,
  # empty: removed, deepest first (rmdir removes no cgroup that still holds a process).
  local node
  node=$(hostname -s)
  find /sys/fs/cgroup/*/"slurm_$node" /sys/fs/cgroup/"slurm_$node" -depth -type d -exec rmdir {} + 2>/dev/null || true
}

case $action in
  start) start ;;
  stop) stop ;;
  *) usage ;;
esac
