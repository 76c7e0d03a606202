// How the judge contains a submission: it runs it through judge-box (the program in
// judge/box/, built next to the judge), in its own user, mount, ipc, uts and pid
// namespaces and the empty network namespace its judge shares between its tests
// (net_namespace.hpp), as an unprivileged uid when the judge is root, with a private
// root that holds the system's /usr read-only, the submission's own files under
// /box and an empty /tmp, inside the test's cgroups (cgroup.hpp). docs/sandbox.md
// has the threat model. This file turns a submission's command into judge-box's
// and describes what was enforced for the JSON and the terminal.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "base/unique_fd.hpp"

namespace judge {

struct BoxSettings {
  std::filesystem::path box_executable;  // judge-box
  // The judge is root: the box runs as a uid of its own, leased by judge-box from a
  // range no other box running on the machine has at the same time (box/uid_pool.hpp).
  bool drop_to_unprivileged_uid = false;
  std::vector<std::string> cgroup_dirs;  // joined by the box before anything starts
  std::int64_t scratch_kib = 65536;      // size of the box's /tmp
  // The program's RLIMIT_FSIZE (0: none), set by the box right before exec: set on the
  // box itself it would stop the box copying a program larger than it into the box.
  std::int64_t file_size_kib = 0;
  // > 0: the box's init stops the program once its own CPU clock is a little past
  // this (judge-box, 4d): the limit holds when the judge itself is starved of CPU.
  std::int64_t cpu_limit_ms = 0;
  // >= 0: the box's processes run only on this CPU from the program's first wait on, or
  // from `cpu_move_after_us` after its start if it has not waited by then (judge-box,
  // 4c: the box's setup and the program's start use another CPU meanwhile).
  int cpu = -1;
  std::int64_t cpu_move_after_us = -1;  // < 0: judge-box's default (2 ms)
  // The box is given the interactor's /proc/PID/stat as descriptor 4
  // (SpawnRequest::box_watch_fd): the program's start may then run on another CPU
  // while the interactor is still starting. Without it the program is pinned before
  // its exec.
  bool watch_interactor = false;
  // Files and folders of the judge's own copied into the box whole, each at
  // /box/<its name> (a folder with every file below it): a submission's files as the
  // cache took them in, a compiled program's folder. An argument of the command
  // inside one of them is rewritten to its box path.
  std::vector<std::filesystem::path> roots;
  // Folders of the judge's own copied to the box path given (a compiler's sources at
  // /box/src).
  std::vector<std::pair<std::filesystem::path, std::string>> folders;
  // Folders of the judge's build cache bound read-only at the box path given instead of
  // copied (judge-box --bind-in: a precompiled header, 124 MB for <bits/stdc++.h>).
  std::vector<std::pair<std::filesystem::path, std::string>> bound_folders;
  // Host folders that receive what the program left in a box folder once it ended
  // (a compiler's output), and the bounds of what it may leave there.
  std::vector<std::pair<std::string, std::filesystem::path>> exports;
  std::int64_t export_kib = 256 * 1024;
  std::int64_t export_files = 1000;
  std::string workdir;  // the program's working directory in the box ("" : /tmp)
  // A CMS Communication test's FIFO ends (judge-box --stdin-fifo, --stdout-fifo,
  // --pass-fd), given to the box before its files: descriptors 5, 6, ... in this
  // order (stdin's, stdout's, then the passed ones: passed_fifo_number).
  std::shared_ptr<UniqueFd> stdin_fifo;
  std::shared_ptr<UniqueFd> stdout_fifo;
  std::vector<std::shared_ptr<UniqueFd>> passed_fifos;
  // The judge's shared network namespace (net_namespace.hpp), joined by the box
  // instead of making one; "" : the box makes its own.
  std::string net_namespace;
};

// judge-box next to the running judge executable, or empty if it is not there.
std::filesystem::path find_box_executable();

// judge-box, or a ConfigError (exit 2) that says how to get it or to do without it
// (--sandbox none): a judge that cannot contain submissions refuses to grade them
// unless asked to run them uncontained.
std::filesystem::path require_box_executable();

// judge-box's command line that runs `command` inside a box, and the descriptors it
// needs. Every file and folder goes in by descriptor, opened here by the judge
// (without following a link in its last name), never by a host path on the command
// line: no name can break the protocol (a ':', a newline), and the box, whose
// /proc/1/cmdline the program can read, shows no host path. The settings' roots, the
// program (found on the box's PATH if it has no '/') and every argument that names an
// existing file are copied read-only under /box/ and renamed there, unless they are
// under /usr, which the box shows as it is. Throws JudgeFault when one cannot be opened.
struct BoxedCommand {
  std::vector<std::string> argv;
  // Given to judge-box as descriptors 5, 6, ... in this order (SpawnRequest::box_fds).
  std::vector<std::shared_ptr<UniqueFd>> fds;
};
BoxedCommand boxed_command(const std::vector<std::string>& command, const BoxSettings& settings);

// The descriptor the program gets passed_fifos[index] as (its /proc/self/fd/N).
int passed_fifo_number(const BoxSettings& settings, std::size_t index);

// The "containment" entry of a test's JSON: judge-box's own setup report (what it
// enforced, what it could not and why) merged with how memory and processes were
// limited. `box_setup` empty: the test ran without a box (--sandbox none, or no
// judge-box), which is said as such.
// `cgroup_outside_own`: TestCgroup::outside_own() (controllers whose cgroup could not
// be nested in the judge's own); `outer_memory_limit_kib`: the tightest limit above the
// test's memory cgroup (-1: none), recorded as "outer_memory_limit_kib".
nlohmann::json describe_containment(const std::string& box_setup, const std::string& cgroup_version, bool cgroup_memory,
                                    bool cgroup_pids, const std::vector<std::string>& cgroup_missing,
                                    const std::string& why_no_box,
                                    const std::vector<std::string>& cgroup_outside_own = {},
                                    std::int64_t outer_memory_limit_kib = -1);

// One line for the terminal: what could not be enforced, or "" if everything was.
std::string containment_warning(const nlohmann::json& containment);

}  // namespace judge
