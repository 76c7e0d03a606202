// FileStore: the large files of a run's boxes (a statically linked program, a jar),
// copied once into a tmpfs of judge-box --serve's own, and bound read-only into each
// box from there instead of being copied into every box (issue 32).
//
// Why not a copy per box: it cost about half a millisecond a megabyte for every test,
// and it was made by the box's init after the box had joined the test's cgroups, so
// its pages counted against the submission's memory limit (a 40 MB program under a
// 64 MiB limit was left 24). The store's copy is made by the server, in the judge's
// cgroup, once per file and run.
//
// Why a store, not a bind of the judge's own file: a bind shows its source's path in
// the box's /proc/self/mountinfo, and the box shows no host path of the judge's files
// (docs/sandbox.md). The store is a tmpfs attached nowhere (fsopen + fsmount): the box
// sees `/KEY` on it, nothing of the host.
//
//   judge-box --serve (S): stock(file) ──copy once──▶ store: /KEY (read-only for all)
//   B (root, before its namespaces): clone(KEY) ──open_tree──▶ a detached mount of /KEY,
//                                    read-only, nosuid, nodev
//   C (in the box's mount namespace): move_mount onto /box/... in the new root
//
// KEY names the file's identity and version (device, inode, size, modification and
// change times): B computes it from its own descriptor of the same file, so a file
// changed since S copied it finds no entry and is copied into the box as before.
// The store holds at most its capacity (128 MiB, counted as the judge's memory; a
// batch has a server per -j slot); the least recently stocked files go first (a mount
// of one still in a box keeps its pages until that box is gone).
#pragma once

#include <sys/stat.h>

#include <cstdint>
#include <map>
#include <set>
#include <string>

namespace judge_box {

class FileStore {
 public:
  static constexpr std::uint64_t default_capacity_bytes = 128ULL << 20;

  // Makes the store; where the kernel refuses (not root, before Linux 5.2), or with a
  // capacity of 0 (judge-box --serve --no-file-store), valid() is false and every file
  // is copied into its box as before.
  explicit FileStore(std::uint64_t capacity_bytes = default_capacity_bytes);
  ~FileStore();
  FileStore(const FileStore&) = delete;
  FileStore& operator=(const FileStore&) = delete;

  bool valid() const { return fd_ >= 0; }
  // The store's root (close-on-exec): B keeps it across the descriptor placement.
  int fd() const { return fd_; }

  // Copies the regular file `from` into the store unless it is there already. The
  // keys stocked for one request are kept from eviction by that request (`keep`).
  void stock(int from, std::set<std::string>& keep);

  // A detached read-only mount of the stored copy of the file `st` describes, or -1
  // (not stocked, or the kernel refused). Called by B, still root.
  static int clone(int store_fd, const struct stat& st);

  static std::string key(const struct stat& st);

 private:
  void evict(std::uint64_t incoming, const std::set<std::string>& keep);

  struct Entry {
    std::uint64_t bytes = 0;
    std::uint64_t stocked = 0;  // when last asked for (a counter)
  };
  std::uint64_t capacity_bytes_;
  int fd_ = -1;
  std::map<std::string, Entry> entries_;
  std::uint64_t bytes_ = 0;
  std::uint64_t clock_ = 0;
};

}  // namespace judge_box
