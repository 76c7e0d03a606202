#include "submission/submission_files.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <linux/openat2.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <memory>
#include <utility>

#include <fmt/core.h>

#include "base/content_hash.hpp"
#include "base/printable.hpp"
#include "base/unique_fd.hpp"

namespace judge {
namespace fs = std::filesystem;

std::string shown_name(const std::string& name) {
  std::string shown;
  for (const char c : printable(name)) {
    if (c == '\n' || c == '\t') shown += fmt::format("\\x{:02x}", static_cast<unsigned char>(c));
    else shown += c;
  }
  return shown;
}

namespace {

constexpr std::size_t chunk_bytes = 64 * 1024;

// openat2(2) with RESOLVE_BENEATH: the path, links included, never leaves `dir_fd`'s
// folder (no "..", no absolute link, no /proc magic link, no other mount). -1 with
// errno as openat2 sets it (EXDEV, ELOOP: it would leave; ENOSYS: a kernel before 5.6).
int open_beneath(int dir_fd, const std::string& relative) {
  struct open_how how {};
  // O_NONBLOCK: opening a FIFO never waits for a writer; O_NOCTTY: a terminal never
  // becomes the judge's.
  how.flags = O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC;
  how.resolve = RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS | RESOLVE_NO_XDEV;
  // EAGAIN: a rename anywhere on the host while a ".." was resolved, so the kernel could
  // not prove it stayed beneath (openat2(2)): asked again. Found by the fuzz target on
  // a busy host, where a link "../x" inside the folder was refused now and then.
  for (int attempt = 0;; ++attempt) {
    const int fd = static_cast<int>(::syscall(SYS_openat2, dir_fd, relative.c_str(), &how, sizeof how));
    if (fd >= 0 || errno != EAGAIN || attempt == 1000) return fd;
  }
}

const char* kind_of(mode_t mode) {
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  if (S_ISLNK(mode)) return "a symbolic link";
  if (S_ISDIR(mode)) return "a folder";
  return "not a regular file";
}

struct Copied {
  std::string path;
  std::uint64_t size = 0;
  bool executable = false;
  std::string sha1;  // of the bytes
};

class Walker {
 public:
  Walker(std::string shown_root, const IngestBounds& bounds) : shown_(std::move(shown_root)), bounds_(bounds) {}

  [[noreturn]] void refuse(const std::string& relative, const std::string& why) const {
    throw SubmissionRefused(
        fmt::format("submission {}{}: {}", shown_, relative.empty() ? "" : "/" + shown_name(relative), why));
  }

  // Copies one regular file open as `in` (fstat'ed as `st`) to `out_dir`/`name`.
  void copy_file(int in, const struct stat& st, const std::string& relative, int out_dir, const std::string& name);
  // Every name below the folder `dir` (at `relative`, `depth` folders down) into `out_dir`.
  void walk(int root, int dir, const std::string& relative, int depth, int out_dir);

  std::vector<Copied> copied;
  std::uint64_t total_bytes = 0;

 private:
  void take_entry(int root, int dir, const std::string& relative, const std::string& name, int depth, int out_dir);
  void take_link(int root, int dir, const std::string& path, const std::string& name, int out_dir);
  void count_name(const std::string& relative) {
    if (++names_ > bounds_.max_names)
      refuse("", fmt::format("more than {} names in the folder (bound: {}); hand in the sources only",
                             bounds_.max_names, bounds_.max_names));
    if (relative.size() > bounds_.max_path_bytes)
      refuse(relative.substr(0, 64) + "...",
             fmt::format("a path of {} bytes (bound: {} bytes)", relative.size(), bounds_.max_path_bytes));
  }

  std::string shown_;
  IngestBounds bounds_;
  std::size_t names_ = 0;
};

void Walker::copy_file(int in, const struct stat& st, const std::string& relative, int out_dir, const std::string& name) {
  if (copied.size() + 1 > bounds_.max_files)
    refuse(relative, fmt::format("more than {} files (bound: {} files)", bounds_.max_files, bounds_.max_files));
  const std::uint64_t size = static_cast<std::uint64_t>(st.st_size);
  if (size > bounds_.max_total_bytes - std::min(total_bytes, bounds_.max_total_bytes))
    refuse(relative, fmt::format("{} bytes, which makes the submission larger than its bound of {} MiB", size,
                                 bounds_.max_total_bytes / (1024 * 1024)));
  const bool executable = (st.st_mode & 0111) != 0;
  // out_dir -1: hashed only, nothing written (hash_submission).
  const UniqueFd out(out_dir < 0 ? -1
                                 : ::openat(out_dir, name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
                                            executable ? 0755 : 0644));
  if (out_dir >= 0 && !out.valid())
    throw JudgeFault(fmt::format("cannot copy {}: {}", shown_name(relative), std::strerror(errno)));
  // The mode whatever the umask: the box reads the copy as its own unprivileged uid.
  if (out.valid()) ::fchmod(out.get(), executable ? 0755 : 0644);
  ContentHash hash;
  std::string buffer(chunk_bytes, '\0');
  // Exactly st_size bytes: a file of /proc or one that grows is never read past it.
  for (std::uint64_t done = 0; done < size;) {
    const ssize_t n = ::read(in, buffer.data(), std::min<std::uint64_t>(buffer.size(), size - done));
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) refuse(relative, fmt::format("cannot be read: {}", std::strerror(errno)));
    if (n == 0) refuse(relative, "it changed (shrank) while the judge read it");
    hash.add_raw(std::string_view(buffer.data(), static_cast<std::size_t>(n)));
    for (ssize_t written = 0; out.valid() && written < n;) {
      const ssize_t w = ::write(out.get(), buffer.data() + written, static_cast<std::size_t>(n - written));
      if (w < 0 && errno == EINTR) continue;
      if (w <= 0) throw JudgeFault(fmt::format("cannot copy {}: {}", shown_name(relative), std::strerror(errno)));
      written += w;
    }
    done += static_cast<std::uint64_t>(n);
  }
  struct stat after {};
  if (::fstat(in, &after) != 0 || after.st_size != st.st_size || after.st_mtim.tv_sec != st.st_mtim.tv_sec ||
      after.st_mtim.tv_nsec != st.st_mtim.tv_nsec)
    refuse(relative, "it changed while the judge read it");
  total_bytes += size;
  copied.push_back({relative, size, executable, hash.hex()});
}

void Walker::take_link(int root, int dir, const std::string& path, const std::string& name, int out_dir) {
  char target[4096];
  const ssize_t length = ::readlinkat(dir, name.c_str(), target, sizeof target - 1);
  const std::string where = length > 0 ? std::string(target, static_cast<std::size_t>(length)) : "?";
  const UniqueFd in(open_beneath(root, path));
  if (!in.valid()) {
    if (errno == ENOSYS)
      refuse(path, "a symbolic link, and this kernel cannot follow one inside the folder only (openat2): "
                   "replace it by the file");
    if (errno == ENOENT) refuse(path, fmt::format("a symbolic link to {}, which does not exist", shown_name(where)));
    refuse(path, fmt::format("a symbolic link to {}, outside the submission's folder: links are followed inside "
                             "it only; put the file itself there",
                             shown_name(where)));
  }
  struct stat st {};
  if (::fstat(in.get(), &st) != 0) refuse(path, std::strerror(errno));
  if (S_ISDIR(st.st_mode))
    refuse(path, fmt::format("a symbolic link to the folder {}: only links to files are taken; put the folder "
                             "itself there",
                             shown_name(where)));
  if (!S_ISREG(st.st_mode))
    refuse(path, fmt::format("a symbolic link to {}, which is {}: only regular files are taken", shown_name(where),
                             kind_of(st.st_mode)));
  copy_file(in.get(), st, path, out_dir, name);
}

void Walker::take_entry(int root, int dir, const std::string& relative, const std::string& name, int depth,
                        int out_dir) {
  const std::string path = relative.empty() ? name : relative + "/" + name;
  struct stat st {};
  if (::fstatat(dir, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) refuse(path, std::strerror(errno));
  if (S_ISLNK(st.st_mode)) return take_link(root, dir, path, name, out_dir);
  if (S_ISDIR(st.st_mode)) {
    if (depth + 1 > bounds_.max_depth)
      refuse(path, fmt::format("folders nested more than {} deep (bound: {})", bounds_.max_depth, bounds_.max_depth));
    // O_NOFOLLOW | O_DIRECTORY: a folder swapped for a link meanwhile is refused.
    const UniqueFd sub(::openat(dir, name.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    if (!sub.valid()) refuse(path, fmt::format("cannot be opened as a folder: {}", std::strerror(errno)));
    if (out_dir < 0) return walk(root, sub.get(), path, depth + 1, -1);
    if (::mkdirat(out_dir, name.c_str(), 0755) != 0)
      throw JudgeFault(fmt::format("cannot copy {}: {}", shown_name(path), std::strerror(errno)));
    const UniqueFd sub_out(::openat(out_dir, name.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    if (!sub_out.valid()) throw JudgeFault(fmt::format("cannot copy {}: {}", shown_name(path), std::strerror(errno)));
    ::fchmod(sub_out.get(), 0755);
    return walk(root, sub.get(), path, depth + 1, sub_out.get());
  }
  if (!S_ISREG(st.st_mode)) refuse(path, fmt::format("{}: only regular files and folders are taken", kind_of(st.st_mode)));
  // O_NOFOLLOW and O_NONBLOCK: a name swapped for a link or a FIFO meanwhile is
  // refused (ELOOP) or seen by fstat, never followed or waited on.
  const UniqueFd in(::openat(dir, name.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC));
  if (!in.valid()) refuse(path, fmt::format("cannot be opened: {}", std::strerror(errno)));
  if (::fstat(in.get(), &st) != 0 || !S_ISREG(st.st_mode))
    refuse(path, fmt::format("{}: only regular files and folders are taken", kind_of(st.st_mode)));
  copy_file(in.get(), st, path, out_dir, name);
}

void Walker::walk(int root, int dir, const std::string& relative, int depth, int out_dir) {
  // A copy of the descriptor for fdopendir, which takes it over; closed however the
  // listing ends (a refusal throws from inside it).
  const int copy = ::fcntl(dir, F_DUPFD_CLOEXEC, 0);
  const std::unique_ptr<DIR, int (*)(DIR*)> listing(copy >= 0 ? ::fdopendir(copy) : nullptr, ::closedir);
  if (listing == nullptr) {
    if (copy >= 0) ::close(copy);
    refuse(relative, fmt::format("cannot be listed: {}", std::strerror(errno)));
  }
  std::vector<std::string> names;
  while (const dirent* entry = ::readdir(listing.get())) {
    const std::string name = entry->d_name;
    if (name == "." || name == "..") continue;
    const std::string path = relative.empty() ? name : relative + "/" + name;
    // Counted while listing: a folder of a million names is refused before they are all held.
    count_name(path);
    if (name[0] != '.') names.push_back(name);  // .git, editor files: not part of the program
  }
  std::sort(names.begin(), names.end());
  for (const std::string& name : names) take_entry(root, dir, relative, name, depth, out_dir);
}

}  // namespace

// The submission's own name, opened: followed as the user gave it, or beneath `confine_to`.
UniqueFd open_submission(const fs::path& path, const IngestOptions& options) {
  const std::string shown = shown_name(path.string());
  if (options.confine_to.empty()) {
    UniqueFd fd(::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC));
    if (!fd.valid() && errno == ENOENT) throw ConfigError(fmt::format("submission {} does not exist", shown));
    if (!fd.valid() && errno == ELOOP) throw ConfigError(fmt::format("submission {} is a symbolic link loop", shown));
    if (!fd.valid())
      throw ConfigError(fmt::format("submission {} cannot be read: {}", shown, std::strerror(errno)));
    return fd;
  }
  const UniqueFd folder(::open(options.confine_to.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (!folder.valid())
    throw ConfigError(fmt::format("cannot open the folder of submission {}: {}", shown, std::strerror(errno)));
  const fs::path relative = fs::absolute(path).lexically_normal().lexically_relative(
      fs::absolute(options.confine_to).lexically_normal());
  if (relative.empty() || *relative.begin() == "..")
    throw SubmissionRefused(fmt::format("submission {} is not inside its folder", shown));
  UniqueFd fd(open_beneath(folder.get(), relative.string()));
  if (!fd.valid()) {
    char target[4096];
    const ssize_t length = ::readlink(path.c_str(), target, sizeof target - 1);
    const std::string where = length > 0 ? " to " + shown_name(std::string(target, static_cast<std::size_t>(length))) : "";
    throw SubmissionRefused(fmt::format("submission {} is a symbolic link{} that leads out of its folder {} (or "
                                        "cannot be opened: {})",
                                        shown, where, shown_name(options.confine_to.string()), std::strerror(errno)));
  }
  return fd;
}

std::optional<std::string> read_file_beneath(const fs::path& folder, const fs::path& file, std::string& refusal) {
  const fs::path relative =
      fs::absolute(file).lexically_normal().lexically_relative(fs::absolute(folder).lexically_normal());
  if (relative.empty() || *relative.begin() == "..") {
    refusal = "it is not inside the folder";
    return std::nullopt;
  }
  const UniqueFd root(::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (!root.valid()) {
    refusal = fmt::format("its folder cannot be opened: {}", std::strerror(errno));
    return std::nullopt;
  }
  const UniqueFd in(open_beneath(root.get(), relative.string()));
  if (!in.valid()) {
    const int error = errno;
    refusal = error == EXDEV || error == ELOOP ? "a symbolic link that leads out of the folder"
                                               : fmt::format("it cannot be opened: {}", std::strerror(error));
    return std::nullopt;
  }
  struct stat st {};
  if (::fstat(in.get(), &st) != 0 || !S_ISREG(st.st_mode)) {
    refusal = fmt::format("{} (only regular files are taken)", kind_of(st.st_mode));
    return std::nullopt;
  }
  std::string bytes(static_cast<std::size_t>(st.st_size), '\0');
  for (std::size_t done = 0; done < bytes.size();) {
    const ssize_t n = ::read(in.get(), bytes.data() + done, std::min(chunk_bytes, bytes.size() - done));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      refusal = n < 0 ? fmt::format("it cannot be read: {}", std::strerror(errno)) : "it shrank while it was read";
      return std::nullopt;
    }
    done += static_cast<std::size_t>(n);
  }
  return bytes;
}

IngestedSubmission hash_submission(const fs::path& path, const IngestOptions& options) {
  return ingest_submission(path, fs::path(), options);
}

IngestedSubmission ingest_submission(const fs::path& path, const fs::path& into, const IngestOptions& options) {
  const std::string shown = shown_name(path.string());
  const UniqueFd top = open_submission(path, options);
  struct stat st {};
  if (!top.valid() || ::fstat(top.get(), &st) != 0)
    throw ConfigError(fmt::format("submission {} cannot be read: {}", shown, std::strerror(errno)));
  IngestedSubmission result;
  result.name = fs::absolute(path).lexically_normal().filename().string();
  if (result.name.empty()) result.name = "submission";
  // No `into`: hashed only (hash_submission); the walk writes nothing (descriptor -1).
  const bool copy = !into.empty();
  const UniqueFd out(copy ? ::open(into.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) : -1);
  if (copy && !out.valid()) throw JudgeFault(fmt::format("cannot open {}: {}", into.string(), std::strerror(errno)));
  Walker walker(shown, options.bounds);
  if (S_ISDIR(st.st_mode)) {
    result.folder = true;
    if (copy && ::mkdirat(out.get(), result.name.c_str(), 0755) != 0)
      throw JudgeFault(fmt::format("cannot copy {}: {}", shown, std::strerror(errno)));
    const UniqueFd folder_out(
        copy ? ::openat(out.get(), result.name.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) : -1);
    if (copy && !folder_out.valid()) throw JudgeFault(fmt::format("cannot copy {}: {}", shown, std::strerror(errno)));
    if (copy) ::fchmod(folder_out.get(), 0755);
    walker.walk(top.get(), top.get(), "", 0, folder_out.get());
  } else if (S_ISREG(st.st_mode)) {
    walker.copy_file(top.get(), st, "", out.get(), result.name);
    walker.copied.back().path = result.name;
  } else {
    throw SubmissionRefused(
        fmt::format("submission {} is {}: not a file or a folder", shown, kind_of(st.st_mode)));
  }
  std::sort(walker.copied.begin(), walker.copied.end(), [](const Copied& a, const Copied& b) { return a.path < b.path; });
  ContentHash key;
  key.add("judge submission files v1");
  key.add(result.name);
  key.add(std::uint64_t{result.folder});
  key.add(std::uint64_t{walker.copied.size()});
  for (const Copied& file : walker.copied) {
    key.add(file.path);
    key.add(std::uint64_t{file.executable});
    key.add(file.size);
    key.add(file.sha1);
    result.files.push_back({file.path, file.size, file.executable});
  }
  result.total_bytes = walker.total_bytes;
  result.key = key.hex();
  return result;
}

}  // namespace judge
