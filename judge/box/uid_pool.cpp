#include "uid_pool.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <set>

namespace judge_box {

namespace {

std::string errno_text(const std::string& what) { return what + ": " + std::strerror(errno); }

// The folder, made if missing, opened without following a link, and refused unless it
// is root's and no one else may write it (whoever could would choose who holds a slot).
int open_slot_folder(const std::string& folder, std::string& failure) {
  const std::string parent = folder.substr(0, folder.rfind('/'));
  for (const std::string& dir : {parent, folder})
    if (::mkdir(dir.c_str(), 0700) != 0 && errno != EEXIST) {
      failure = errno_text("mkdir " + dir);
      return -1;
    }
  const int fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0) {
    failure = errno_text("open " + folder);
    return -1;
  }
  struct stat st {};
  if (::fstat(fd, &st) != 0 || st.st_uid != 0 || (st.st_mode & 022) != 0) {
    failure = folder + " is not root's alone (owner " + std::to_string(st.st_uid) + ", mode " +
              std::to_string(st.st_mode & 07777) + ")";
    ::close(fd);
    return -1;
  }
  return fd;
}

// The uids that own a key now (/proc/key-users of the host's user namespace, read by
// root: "  UID:     USAGE NKEYS/NIKEYS ..."). A box that has ended may leave keys
// the kernel has not collected yet; its uid is not leased again until it has.
std::set<uid_t> uids_with_keys() {
  std::set<uid_t> uids;
  FILE* users = std::fopen("/proc/key-users", "re");
  if (users == nullptr) return uids;
  char line[256];
  while (std::fgets(line, sizeof line, users) != nullptr) {
    unsigned long uid = 0;
    int usage = 0;
    int keys = 0;
    if (std::sscanf(line, " %lu: %d %d/", &uid, &usage, &keys) == 3 && keys > 0) uids.insert(static_cast<uid_t>(uid));
  }
  std::fclose(users);
  return uids;
}

}  // namespace

UidLease lease_uid(const std::string& folder, uid_t first_uid, unsigned count) {
  UidLease lease;
  const int dir = open_slot_folder(folder, lease.failure);
  if (dir < 0) return lease;
  const std::set<uid_t> keyed = uids_with_keys();
  unsigned start = 0;
  if (::getrandom(&start, sizeof start, 0) != static_cast<ssize_t>(sizeof start))
    start = static_cast<unsigned>(::getpid());
  for (unsigned attempt = 0; attempt < count; ++attempt) {
    const uid_t uid = first_uid + (start + attempt) % count;
    if (keyed.contains(uid)) {
      lease.failure = "every free uid still owns keys of an ended box";
      continue;
    }
    const std::string name = std::to_string(uid);
    const int fd = ::openat(dir, name.c_str(), O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (fd < 0) {
      lease.failure = errno_text("open " + folder + "/" + name);
      break;
    }
    if (::flock(fd, LOCK_EX | LOCK_NB) == 0) {
      lease.uid = uid;
      lease.lock_fd = fd;
      lease.failure.clear();
      break;
    }
    ::close(fd);
    lease.failure = "all " + std::to_string(count) + " uids are held by boxes that run";
  }
  ::close(dir);
  return lease;
}

}  // namespace judge_box
