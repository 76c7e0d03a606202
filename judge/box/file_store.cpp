#include "file_store.hpp"

#include <fcntl.h>
#include <sys/mount.h>
#include <sys/sendfile.h>
#include <unistd.h>

#include <cinttypes>
#include <cstdio>
#include <string>

namespace judge_box {

namespace {

constexpr const char* incoming_name = ".incoming";

bool same_version(const struct stat& a, const struct stat& b) {
  return a.st_dev == b.st_dev && a.st_ino == b.st_ino && a.st_size == b.st_size &&
         a.st_mtim.tv_sec == b.st_mtim.tv_sec && a.st_mtim.tv_nsec == b.st_mtim.tv_nsec &&
         a.st_ctim.tv_sec == b.st_ctim.tv_sec && a.st_ctim.tv_nsec == b.st_ctim.tv_nsec;
}

}  // namespace

FileStore::FileStore(std::uint64_t capacity_bytes) : capacity_bytes_(capacity_bytes) {
  // A tmpfs of the server's own, attached to no folder: only this descriptor reaches
  // it. Bounded like the store (a file that would not fit is copied into its box).
  if (capacity_bytes_ == 0) return;
  const int context = ::fsopen("tmpfs", FSOPEN_CLOEXEC);
  if (context < 0) return;
  const std::string size = std::to_string(capacity_bytes_ / 1024) + "k";
  const bool configured = ::fsconfig(context, FSCONFIG_SET_STRING, "source", "judge-box-files", 0) == 0 &&
                          ::fsconfig(context, FSCONFIG_SET_STRING, "mode", "0755", 0) == 0 &&
                          ::fsconfig(context, FSCONFIG_SET_STRING, "size", size.c_str(), 0) == 0 &&
                          ::fsconfig(context, FSCONFIG_CMD_CREATE, nullptr, nullptr, 0) == 0;
  if (configured) fd_ = ::fsmount(context, FSMOUNT_CLOEXEC, MOUNT_ATTR_NOSUID | MOUNT_ATTR_NODEV);
  ::close(context);
}

FileStore::~FileStore() {
  if (fd_ >= 0) ::close(fd_);
}

std::string FileStore::key(const struct stat& st) {
  char text[160];
  std::snprintf(text, sizeof text, "%" PRIx64 "-%" PRIx64 "-%" PRIx64 "-%" PRIx64 ".%09ld-%" PRIx64 ".%09ld",
                static_cast<std::uint64_t>(st.st_dev), static_cast<std::uint64_t>(st.st_ino),
                static_cast<std::uint64_t>(st.st_size), static_cast<std::uint64_t>(st.st_mtim.tv_sec),
                st.st_mtim.tv_nsec, static_cast<std::uint64_t>(st.st_ctim.tv_sec), st.st_ctim.tv_nsec);
  return text;
}

void FileStore::evict(std::uint64_t incoming, const std::set<std::string>& keep) {
  while (bytes_ + incoming > capacity_bytes_) {
    auto oldest = entries_.end();
    for (auto it = entries_.begin(); it != entries_.end(); ++it)
      if (keep.count(it->first) == 0 && (oldest == entries_.end() || it->second.stocked < oldest->second.stocked))
        oldest = it;
    if (oldest == entries_.end()) return;
    ::unlinkat(fd_, oldest->first.c_str(), 0);
    bytes_ -= oldest->second.bytes;
    entries_.erase(oldest);
  }
}

void FileStore::stock(int from, std::set<std::string>& keep) {
  struct stat before {};
  if (fd_ < 0 || ::fstat(from, &before) != 0 || !S_ISREG(before.st_mode)) return;
  const std::string name = key(before);
  const auto bytes = static_cast<std::uint64_t>(before.st_size);
  if (const auto found = entries_.find(name); found != entries_.end()) {
    found->second.stocked = ++clock_;
    keep.insert(name);
    return;
  }
  if (bytes > capacity_bytes_) return;
  evict(bytes, keep);
  if (bytes_ + bytes > capacity_bytes_) return;
  // Read-only for everyone: the box's program reads it (as another uid) and may run it.
  const mode_t mode = (before.st_mode & 0111) != 0 ? 0555 : 0444;
  const int out = ::openat(fd_, incoming_name, O_CREAT | O_TRUNC | O_WRONLY | O_NOFOLLOW | O_CLOEXEC, mode);
  if (out < 0) return;
  bool copied = true;
  for (off_t offset = 0; copied && offset < before.st_size;)
    copied = ::sendfile(out, from, &offset, static_cast<std::size_t>(before.st_size - offset)) > 0;
  ::close(out);
  // Changed while it was copied: the copy may mix two versions, and is not kept.
  struct stat after {};
  if (!copied || ::fstat(from, &after) != 0 || !same_version(before, after) ||
      ::renameat(fd_, incoming_name, fd_, name.c_str()) != 0) {
    ::unlinkat(fd_, incoming_name, 0);
    return;
  }
  entries_[name] = Entry{bytes, ++clock_};
  bytes_ += bytes;
  keep.insert(name);
}

int FileStore::clone(int store_fd, const struct stat& st) {
  if (store_fd < 0) return -1;
  const int tree = ::open_tree(store_fd, key(st).c_str(), OPEN_TREE_CLONE | OPEN_TREE_CLOEXEC | AT_SYMLINK_NOFOLLOW);
  if (tree < 0) return -1;
  // Read-only, nosuid and nodev before anything can see it: it is attached only then.
  struct mount_attr attributes {};
  attributes.attr_set = MOUNT_ATTR_RDONLY | MOUNT_ATTR_NOSUID | MOUNT_ATTR_NODEV;
  if (::mount_setattr(tree, "", AT_EMPTY_PATH, &attributes, sizeof attributes) != 0) {
    ::close(tree);
    return -1;
  }
  return tree;
}

}  // namespace judge_box
