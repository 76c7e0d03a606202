// SharedNetNamespace: one empty network namespace, made once per judge process, that
// the boxes of its tests join one after another instead of each making its own.
//
// Why: making a network namespace (the loopback device, the per-namespace tables)
// costs a large share of the box's setup, and as much again in a kernel worker when
// it is freed; joining one (setns) costs next to nothing. A box of its own paid that
// once for every test of a run.
//
// Why sharing is safe: the namespace is made by the judge (root), so the host's user
// namespace owns it and a submission, which runs as an unprivileged uid in a user
// namespace of its own, has no capability in it: it cannot bring up its loopback
// (down: no address, no route), add an address, a route, a rule or a sysctl. All
// that is left to a program is a socket, which closes with the last process that
// holds it, and no process of a test outlives it (the box's pid namespace and the
// test's cgroup). The tests of one judge process run one after another, so no two
// boxes are ever in it at once. `judge batch` starts a judge per test, so its tests
// never share one. Where the judge is not root it cannot make one (CAP_SYS_ADMIN):
// each box then makes its own, as before.
//
// The namespace is made on a thread of its own (unshare(CLONE_NEWNET) changes only the
// calling thread), started with every signal blocked (the stop signals must reach
// the judge's signalfd, process/interrupt_watch.hpp), so that it costs nothing on the
// first test's critical path when made early; the thread keeps a descriptor of it
// and ends.
#pragma once

#include <string>
#include <thread>

#include "base/unique_fd.hpp"

namespace judge {

class SharedNetNamespace {
 public:
  // Starts making the namespace (make = false: never makes one; path() is empty).
  explicit SharedNetNamespace(bool make);
  ~SharedNetNamespace();  // waits for the maker

  // The path judge-box opens to join it (judge-box --net-namespace, while still
  // root): /proc/<judge pid>/fd/<descriptor>. Empty if there is none (not root, or
  // the kernel refused: the box then makes its own). Waits for the maker.
  const std::string& path();

 private:
  std::thread maker_;
  UniqueFd fd_;
  std::string path_;
  bool ready_ = false;
};

}  // namespace judge
