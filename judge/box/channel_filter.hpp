// The box's seccomp filter: the system calls that would let two boxes pass bits to each
// other through files they both see, refused (issue 45).
//
// Every box binds the same inodes: /usr, the loader's files, /dev's four devices, the
// large files of the judge-box server's store (file_store.hpp). A read-only mount does
// not stop a lock: flock() and fcntl() locks (POSIX and open-file-description ones) are
// taken on an inode opened for reading, and another process that probes the same inode
// (LOCK_NB, F_GETLK) sees them, whoever it is. inotify and fanotify report opens and
// reads of an inode by anyone; a directory's F_NOTIFY reports changes in it. Each is a
// channel between a sender and a receiver in two boxes that run at once (two processes
// of a CMS Communication test, two `judge batch -j 2` workers' tests), with no pid,
// user, mount or ipc namespace in between that would see it.
//
// No program of the languages table needs any of them to compile or run (the tests
// run C, C++, Python, Java, Kotlin and Rust under it), so C, the box's init, installs
// this filter before it forks the program, which inherits it and cannot remove it:
//
//   flock                                    ENOLCK ("no locks available")
//   fcntl F_SETLK F_SETLKW F_GETLK,          ENOLCK
//         F_OFD_SETLK F_OFD_SETLKW F_OFD_GETLK
//   fcntl F_SETLEASE F_NOTIFY                EPERM
//   inotify_init inotify_init1 fanotify_init ENOSYS (as on a kernel without them)
//
// for x86-64 programs and for 32-bit x86 system calls made from them (int 0x80, where
// fcntl64 is fcntl); x32 system calls are not allowed at all. Copies per box of /usr
// would close the same channels at the cost of a copy of the toolchain per test; a
// filter costs a few microseconds per box (docs/sandbox.md).
//
// libseccomp builds the BPF program (about 0.15 ms here); a judge-box server builds it
// once, and each box it forks only installs it (one system call).
#pragma once

#include <linux/filter.h>

#include <string>
#include <vector>

namespace judge_box {

struct ChannelFilter {
  std::vector<sock_filter> program;  // the BPF program libseccomp made
  std::string failure;               // why there is none ("" : built)
};

// Builds the filter's program (libseccomp), installing nothing.
ChannelFilter build_channel_filter();

// The process's filter, built on the first call and never changed: a judge-box server
// calls it before it forks any box, and every box it forks has it built.
const ChannelFilter& channel_filter();

// Installs `filter` on the calling thread and every process it starts later (and sets
// no_new_privs, which an unprivileged seccomp filter needs). Returns "" when it is in
// place, otherwise why not.
std::string install_channel_filter(const ChannelFilter& filter);

}  // namespace judge_box
