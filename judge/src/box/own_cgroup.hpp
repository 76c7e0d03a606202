// OwnCgroups: the cgroups the judge was started in (/proc/self/cgroup), and where a
// controller's test cgroups go: under the judge's own, so that the memory, pids and
// CPU limits of whatever runs the judge (a Slurm job's step, a container, a systemd
// unit) bound and account every test too. Before, on cgroup v1, they were made at each
// hierarchy's root, outside a Slurm job's `memory:/slurm/uid_0/job_N/step_batch`, and
// `sbatch --mem` bounded none of them.
//
// Where the judge's own cgroup cannot hold children (its folder is not writable: a
// read-only cgroup mount, not root), the tests' cgroups are made at the hierarchy's
// root instead, as before, and the place says so (`escape`): the tests keep their own
// limits but the outer ones do not bound them. On cgroup v2 the "no internal
// processes" rule forbids enabling a controller for the children of a cgroup that
// holds processes (the judge itself): box/cgroup.cpp says so and falls back to rlimits.
//
// Pure functions over the text of /proc/self/cgroup and a cgroup root (a fake folder
// in the tests).
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>

namespace judge {

struct OwnCgroups {
  // cgroup v1: controller ("memory", "pids", "cpuacct", ...) -> the path of the
  // judge's cgroup in that hierarchy ("/slurm/uid_0/job_5/step_batch").
  std::map<std::string, std::string> v1;
  // cgroup v2: the "0::" line's path; empty when there is none.
  std::string v2;
};

// /proc/self/cgroup's lines "ID:CONTROLLERS:PATH" (controllers comma-separated; empty
// for the v2 line). Lines that are not of that form are skipped.
OwnCgroups parse_own_cgroups(const std::string& proc_self_cgroup);

// This process's (/proc/self/cgroup, or `proc_self_cgroup` where tests give a file).
OwnCgroups read_own_cgroups(const std::filesystem::path& proc_self_cgroup = "/proc/self/cgroup");

// The folder of the cgroup at `path` in the hierarchy mounted at `mount`: mount/path.
// When that folder does not exist, the mount shows the judge's cgroup as its root (a
// container's own cgroup namespace, or its cgroup bind-mounted there, while
// /proc/self/cgroup names the host's path): `mount` itself.
std::filesystem::path cgroup_dir(const std::filesystem::path& mount, const std::string& path);

// The tightest memory limit on the cgroup at `dir` and every cgroup above it, in KiB;
// -1 when none is set. cgroup v1: memory.stat's hierarchical_memory_limit (the
// kernel's own minimum over the ancestors; "unlimited" is a number near 2^63), or its
// hierarchical_memsw_limit (memory and swap) where that is smaller. cgroup
// v2 (`v2_root` non-empty, the tree's mount): memory.max of each folder from `dir` up
// to `v2_root` ("max" is none).
std::int64_t memory_limit_above_kib(const std::filesystem::path& dir, const std::filesystem::path& v2_root = {});

}  // namespace judge
