// judge-box --serve: judge-box started once for a run of tests, forking each test's
// box from itself instead of being executed again for every test (issue 32; the
// judge's side is judge/src/process/box_server.hpp).
//
//   judge ──exec once──▶ judge-box --serve (S, descriptor 3: its control socket)
//                          └─fork per request─▶ B, which runs exactly as an executed
//                                                judge-box does (judge_box.cpp)
//
// What is shared from test to test is only S itself: a small static process with no
// state of any test, and its store of the large files its boxes bind read-only
// (file_store.hpp: a program is copied there once, not into every box). Every test
// still gets its own B, and B makes everything fresh as before: the cgroup joins (on
// cgroup v2, S forks B straight into its cgroup instead: serve.cpp fork_box), the
// uid, the user, mount, ipc, uts and pid namespaces, the root, the scratch /tmp. B is
// forked from S the moment the judge asks, so it carries nothing of an earlier box
// either: S never holds a descriptor of a test after the fork (it closes what it
// received at once), and the environment, the rlimits, the CPU and the descriptors B
// gets are the request's, set in B as the judge's spawn sets them between vfork and
// exec (process.cpp ChildSetup).
//
// The control socket (SOCK_SEQPACKET, one message a packet):
//   judge → S  a BoxRequest (process/box_request.hpp) with its descriptors (SCM_RIGHTS)
//   S → judge  "started PID" with B's pidfd (SCM_RIGHTS), or "error WHY"
// S reaps every B (signalfd for SIGCHLD): the judge learns how B's program ended from
// B's report socket, as before, and never waits for B itself. S ends when the judge
// closes its end (end of file) or dies (S's parent-death signal); a B still running
// then dies with it (B's parent-death signal), and its box with B.
#pragma once

#include <sys/types.h>

#include <string>
#include <vector>

#include "file_store.hpp"

namespace judge_box {

// Runs one box in B, as `judge-box ARGS...` would run it, given its caller's pid (the
// parent B checks is still there once its uid has changed); returns B's exit status.
// `born_in_cgroup`: S forked B straight into the one cgroup v2 directory its request
// names (clone3 with CLONE_INTO_CGROUP), so B does not join it. `file_store`: S's
// store of large files (file_store.hpp), close-on-exec, or -1.
using BoxMain = int (*)(int argc, char** argv, pid_t parent, bool born_in_cgroup, int file_store);

// What S does with a request's files before it forks B: copies the large ones into
// its store (judge_box.cpp). `argv` is the request's judge-box arguments; `fds[i]`
// is what B gets as descriptor `targets[i]`.
using StockFiles = void (*)(FileStore& store, const std::vector<std::string>& argv, const std::vector<int>& fds,
                            const std::vector<int>& targets);

// Serves requests on `control` until the judge closes it; returns the exit status.
// `stock` null: no store (--no-file-store); each B then copies its large files into a
// store of its own, as an executed judge-box does.
int serve(int control, BoxMain box_main, StockFiles stock);

}  // namespace judge_box
