// BoxServer: the judge's end of a judge-box server (judge/box/serve.hpp documents the
// server's side). A run of tests starts judge-box once, with --serve, and each test's
// box is forked from it: no exec of judge-box per test (issue 32). The box itself is
// made exactly as an executed judge-box makes it, fresh for every test: cgroups, uid,
// namespaces, root, scratch /tmp.
//
// Process::spawn asks it when a boxed SpawnRequest names one (SpawnRequest::box_server).
// The judge then holds B's pidfd, passed back by the server, not B as a child: the
// server reaps B, off the test's path, and the judge follows B through its pidfd and
// its report socket as before (it never needed B's own exit status). What the spawn
// sets between vfork and exec (the descriptors, the CPU, the rlimits, the environment)
// goes with the request and is set in B by the server.
//
// The server is a child of the judge, started on the first box from the calling
// thread (its parent-death signal is that thread's: the thread that runs the tests,
// which outlives them). `kill_orphans` must spare it (pid(); ResourcesAhead and
// ProcessExecutor::spared_pids list it); one that is gone all the same (killed by a
// kill_orphans that did not spare it, crashed) is started again on the next box. A request it cannot take (too large,
// no environment of its own given, a descriptor the judge's own) returns nullopt: the caller executes judge-box as
// before.
#pragma once

#include <sys/types.h>

#include <filesystem>
#include <mutex>
#include <optional>

#include "base/unique_fd.hpp"
#include "process/process.hpp"

namespace judge {

class BoxServer {
 public:
  explicit BoxServer(std::filesystem::path box_executable);
  BoxServer(const BoxServer&) = delete;
  BoxServer& operator=(const BoxServer&) = delete;
  // Closes the control socket (the server ends at its end of file) and reaps it.
  ~BoxServer();

  struct StartedBox {
    pid_t pid = -1;  // B, in its own process group
    UniqueFd pidfd;  // B's, from the server
  };
  // Forks a box for `request` (boxed: argv[0] is judge-box) with `report_fd` as its
  // descriptor 3. nullopt: the server cannot take it, execute judge-box instead.
  // Throws JudgeFault when the server refused it (it could not fork).
  std::optional<StartedBox> start(const SpawnRequest& request, int report_fd);

  // Starts the server now, off the first box's path (start() does, if not yet).
  void prepare();
  // Ends the server now (its end of file) and reaps it: after a run's last box, on the
  // thread that releases the run's leftovers, beside the result's write. A box asked
  // for afterwards starts a new server; the destructor has nothing left to do.
  void shut_down();

  // The server's pid while it runs, for kill_orphans to spare; -1 before the first box.
  pid_t pid() const;
  // How many times a server was started (a test: one for a whole run).
  int starts() const { return starts_; }

 private:
  bool ensure_running();
  void stop();
  std::filesystem::path executable_;
  UniqueFd control_;   // the judge's end of the control socket
  ExitingBox server_;  // its pid and pidfd: the judge reaps it
  int starts_ = 0;
  mutable std::mutex mutex_;
};

}  // namespace judge
