// judge-box: starts one submission inside its own namespaces and reports exactly
// how it ended. The judge starts this small, statically linked program (with
// vfork + exec, see process.cpp) instead of the submission itself; in a run of tests
// it starts it once, as `judge-box --serve`, and B is forked from that server for
// each test, then runs exactly as below (serve.hpp):
//
//   judge ──exec──▶ judge-box (B, the judge's pid namespace)
//                     │ joins the test's cgroups and the judge's network namespace,
//                     │ drops to an unprivileged uid, unshares user, mount, ipc,
//                     │ uts and pid namespaces (and net, without the judge's)
//                     └─fork─▶ init (C, pid 1 of the new pid namespace)
//                                │ builds a private root: /usr and the loader files
//                                │ read-only, the submission, an empty /tmp; chroot
//                                └─fork─▶ the submission (P, pid 2), exec
//
// Why two processes stand between the judge and the submission, and why they do
// not distort its figures: unshare(CLONE_NEWPID) only moves the caller's future
// children into the new namespace, so B must fork to get a pid 1 (C); the
// submission is not pid 1 itself, because the kernel ignores signals a namespace's
// init has not handled (its own abort() would no longer be SIGABRT, a write to a
// closed pipe no longer SIGPIPE). C reaps P with wait4 and sends P's own wait
// status and rusage to the judge: CPU time and peak memory are the submission's,
// never a wrapper's, and a TLE or MLE stays what it was. P itself sends its pid
// with SCM_CREDENTIALS just before exec, which the kernel translates into the
// judge's pid namespace, so the judge samples P's CPU clock while it runs.
//
// The report socket is descriptor 3 (a SOCK_SEQPACKET socket; the judge holds the
// other end). Descriptor 4, when --interactor-stat-fd 4 says so, is the interactor's
// /proc/PID/stat, read-only (step 4c). Descriptors 5 and up are the files and folders
// the judge opened for the box: `--copy-in FD /box/PATH` (a file, or a folder of the
// judge's own copied whole), `--bind-in FD /box/PATH` (a folder of the judge's build
// cache bound read-only instead: bind_judge_folders), `--copy-out FD /tmp/DIR` (a host folder that receives
// what the program left in DIR, a tmpfs bounded by --copy-out-kib and
// --copy-out-files). No host path is ever on the command line, and no name is split.
// FIFOs of a CMS Communication test come the same way (`--stdin-fifo FD`,
// `--stdout-fifo FD`: P opens the FIFO again through /proc/self/fd/FD, blocking as
// CMS's sandbox does until the manager has opened its end, and makes it its stdin or
// stdout; `--pass-fd FD`: the program itself gets FD, whose /proc/self/fd path its
// arguments name). B and C close them: only P holds an end.
// Messages on the report socket, one per packet:
//   "setup {json}"       from C: what was enforced and what could not be, and why
//   "exec NS"            from P, with SCM_CREDENTIALS, right before execve (NS: its
//                        CLOCK_MONOTONIC time, in nanoseconds)
//   "exec-error {json}"  from P if execve failed (P then exits 127)
//   "exit {json}"        from C once P has ended and every other process of the
//                        namespace is gone: P's wait status and rusage
// Each layer that fails is reported, not fatal: on a machine without user
// namespaces the submission still runs, and the judge says what was not enforced.
//
// Written against the kernel API directly (not bubblewrap): bubblewrap reports a
// signal death only as exit code 128 + n and no rusage, and its own setup CPU
// would be timed with the submission; here every figure comes from wait4 on P.
#include <dirent.h>
#include <fcntl.h>
#include <grp.h>
#include <linux/keyctl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/sendfile.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "base/parse_number.hpp"
#include "channel_filter.hpp"
#include "file_store.hpp"
#include "process/proc_stat.hpp"
#include "serve.hpp"
#include "uid_pool.hpp"

namespace {

constexpr int report_fd = 3;
// The uid and gid the submission has inside its user namespace (not 0: a process
// that is root in its namespace keeps every capability there across exec).
constexpr unsigned inner_id = 1000;
// How far past its CPU limit C's timer stops the program (4d): beyond the judge's
// sampling (20 ms) and the tick the timer is checked at, so that a judge that is not
// starved stops the program itself, as before.
constexpr long cpu_limit_margin_ms = 50;

// What the judge hands the box by descriptor, never by host path (issue 28: a path
// on the command line was split at ':' and showed in the box's /proc/1/cmdline). The
// judge opened each one itself: a regular file, or a folder of the judge's own (the
// cache's copy of a submission, a build) holding regular files and folders only.
struct CopyIn {
  int fd = -1;           // inherited from the judge (--copy-in FD /box/PATH)
  std::string box_path;  // where the file, or the folder's tree, lands
  // --bind-in FD /box/PATH: a folder of the judge's own build cache bound read-only
  // whole instead of copied (a precompiled header: why, bind_judge_folders).
  bool bind = false;
  int bind_tree = -1;  // its detached read-only mount, made by B; -1: copied after all
};

// A folder of the box whose files are copied out once the program has ended (a
// compiler's output), into the host folder the judge opened (--copy-out FD /tmp/DIR).
struct CopyOut {
  int fd = -1;
  std::string box_path;
};

// One file or folder of a copy-in, listed before the root is made (its size sets the
// root tmpfs's).
struct CopyItem {
  std::size_t copy_in = 0;  // index into Options::copy_ins
  std::string relative;     // below the copy-in's folder ("" : the copy-in itself)
  bool folder = false;
  off_t size = 0;
  bool executable = false;
  int bind_tree = -1;  // a detached read-only mount of this file, made by B (bind_large_files)
};

struct Options {
  long uid = -1;  // >= 0: drop to this uid/gid first (the judge runs as root)
  long gid = -1;
  bool uid_pool = false;             // --uid-pool: drop to a uid of the box's own (uid_pool.hpp) instead
  int uid_lease_fd = -1;             // B's lock on that uid's slot, held until B exits
  std::vector<std::string> cgroups;  // directories whose cgroup.procs B joins
  std::vector<CopyIn> copy_ins;
  std::vector<CopyOut> copy_outs;
  // Each copy-out folder is a tmpfs of its own with these bounds: what the program
  // (a compiler) may leave there for the host, in bytes and files.
  long copy_out_kib = 262144;
  long copy_out_files = 1000;
  std::vector<CopyItem> items;   // what the copy-ins hold (list_copy_ins, by B)
  std::string list_failure;      // why they could not be listed ("" : listed)
  std::string workdir = "/tmp";  // the program's working directory in the box
  long scratch_kib = 65536;
  long file_size_kib = 0;  // > 0: RLIMIT_FSIZE of the program (P) only: the box's own copies are not bound by it
  long cpu = -1;  // >= 0: the box's processes run on this CPU from P's first wait on (4c); B and C run anywhere
  long cpu_move_after_us = 2000;  // ... or from this long after P's start if it has not waited (4c)
  int interactor_stat_fd = -1;  // the interactor's /proc/PID/stat (4c); -1: P is pinned before exec
  long cpu_limit_ms = 0;  // > 0: C kills P once P's own CPU clock passes this (4d)
  bool isolate = true;  // false: no namespaces at all (judge --sandbox none is not this tool)
  // An empty network namespace the judge made to be shared by its tests, one after
  // another (box/net_namespace.hpp): joined instead of making one; "" : make one.
  std::string net_namespace;
  int stdin_fifo = -1;               // a FIFO P opens again as its stdin (--stdin-fifo)
  int stdout_fifo = -1;              // ... as its stdout (--stdout-fifo)
  std::vector<int> pass_fds;         // FIFOs the program itself gets (--pass-fd)
  std::vector<std::string> program;  // the program's argv, copied (main's is overwritten, 2c)
  std::vector<char*> argv;           // pointers into `program`, null-terminated
};

std::string json_escape(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char buffer[8];
      std::snprintf(buffer, sizeof buffer, "\\u%04x", c);
      out += buffer;
    } else {
      out += c;
    }
  }
  return out;
}

// What the box managed to enforce, for the "setup" message.
struct Ledger {
  std::vector<std::string> enforced;
  std::vector<std::pair<std::string, std::string>> not_enforced;  // what, why
  // How B was started: "executed" by the judge, or "served" (forked by a judge-box
  // server, serve.hpp). A fact for the test's JSON (containment.box_started).
  std::string started = "executed";
  // How B entered the test's cgroups: "joined" (it wrote itself into them) or "born
  // in" (its server forked it into its one cgroup v2 directory, serve.cpp fork_box).
  std::string cgroup_entry = "joined";

  void ok(const std::string& what) { enforced.push_back(what); }
  void failed(const std::string& what, const std::string& why) { not_enforced.emplace_back(what, why); }
  std::string json() const {
    std::string out = "{\"enforced\": [";
    for (std::size_t i = 0; i < enforced.size(); ++i)
      out += (i ? ", \"" : "\"") + json_escape(enforced[i]) + "\"";
    out += "], \"not_enforced\": [";
    for (std::size_t i = 0; i < not_enforced.size(); ++i)
      out += (i ? ", " : "") + std::string("{\"what\": \"") + json_escape(not_enforced[i].first) +
             "\", \"why\": \"" + json_escape(not_enforced[i].second) + "\"}";
    return out + "], \"started\": \"" + started + "\", \"cgroup_entry\": \"" + cgroup_entry + "\"}";
  }
};

std::string errno_text(const char* call) { return std::string(call) + ": " + std::strerror(errno); }

void send_message(const std::string& text) {
  // MSG_NOSIGNAL: a judge that is gone must not kill the box with SIGPIPE first.
  while (::send(report_fd, text.data(), text.size(), MSG_NOSIGNAL) < 0 && errno == EINTR) {
  }
}

[[noreturn]] void die(const std::string& why) {
  send_message("exec-error {\"message\": \"judge-box: " + json_escape(why) + "\"}");
  std::fprintf(stderr, "judge-box: %s\n", why.c_str());
  ::_exit(127);
}

bool write_file(const std::string& path, const std::string& text) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
  if (fd < 0) return false;
  const bool ok = ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
  ::close(fd);
  return ok;
}

// A descriptor the judge passed: 3 is the report socket, 4 the interactor's stat
// (--interactor-stat-fd), 5 and up the copy-ins' and copy-outs' files.
int descriptor_number(const std::string& text, int lowest = 5) {
  const std::optional<int> fd = judge::parse_integer<int>(text);
  if (!fd || *fd < lowest || *fd > 1 << 20) die("not a descriptor the judge passes: " + text);
  return *fd;
}

std::string number_option_error(const char* option, const std::string& text, long lowest) {
  return std::string(option) + " wants a whole number >= " + std::to_string(lowest) + ", got '" + text + "'";
}

Options parse(int argc, char** argv) {
  Options options;
  int i = 1;
  auto value = [&](const char* name) -> std::string {
    if (i + 1 >= argc) die(std::string("missing value for ") + name);
    return argv[++i];
  };
  // A number option's whole value is the number ("--uid x" or "--cpu 1k" is refused,
  // never read as 0 or 1): the judge writes these, so anything else is a caller's bug.
  auto number = [&](const char* name, long lowest) -> long {
    const std::string text = value(name);
    const std::optional<long> parsed = judge::parse_integer<long>(text);
    if (!parsed || *parsed < lowest) die(number_option_error(name, text, lowest));
    return *parsed;
  };
  for (; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--") {
      ++i;
      break;
    }
    if (arg == "--uid") options.uid = number("--uid", 0);
    else if (arg == "--uid-pool")
      options.uid_pool = true;
    else if (arg == "--gid")
      options.gid = number("--gid", 0);
    else if (arg == "--cgroup") options.cgroups.push_back(value("--cgroup"));
    else if (arg == "--scratch-kib")
      options.scratch_kib = number("--scratch-kib", 1);
    else if (arg == "--cpu")
      options.cpu = number("--cpu", 0);
    else if (arg == "--interactor-stat-fd")
      options.interactor_stat_fd = descriptor_number(value(arg.c_str()), 4);
    else if (arg == "--cpu-move-after-us")
      options.cpu_move_after_us = number("--cpu-move-after-us", 0);
    else if (arg == "--cpu-limit-ms")
      options.cpu_limit_ms = number("--cpu-limit-ms", 0);
    else if (arg == "--file-size-kib")
      options.file_size_kib = number("--file-size-kib", 0);
    else if (arg == "--no-namespaces") options.isolate = false;
    else if (arg == "--net-namespace") options.net_namespace = value("--net-namespace");
    else if (arg == "--workdir") options.workdir = value("--workdir");
    else if (arg == "--copy-out-kib")
      options.copy_out_kib = number("--copy-out-kib", 1);
    else if (arg == "--copy-out-files")
      options.copy_out_files = number("--copy-out-files", 1);
    else if (arg == "--stdin-fifo")
      options.stdin_fifo = descriptor_number(value("--stdin-fifo"));
    else if (arg == "--stdout-fifo")
      options.stdout_fifo = descriptor_number(value("--stdout-fifo"));
    else if (arg == "--pass-fd")
      options.pass_fds.push_back(descriptor_number(value("--pass-fd")));
    else if (arg == "--copy-in" || arg == "--bind-in" ||
             arg == "--copy-out") {  // a descriptor and a box path: two words, no splitting
      const int fd = descriptor_number(value(arg.c_str()));
      const std::string box_path = value(arg.c_str());
      const char* under = arg == "--copy-out" ? "/tmp/" : "/box/";
      if (box_path.rfind(under, 0) != 0 || box_path.find("/../") != std::string::npos || box_path.ends_with("/.."))
        die(arg + " wants a path under " + under + ", got " + box_path);
      if (arg == "--copy-out") options.copy_outs.push_back({fd, box_path});
      else
        options.copy_ins.push_back({fd, box_path, arg == "--bind-in"});
    } else {
      die("unknown option " + arg);
    }
  }
  for (; i < argc; ++i) options.program.emplace_back(argv[i]);
  if (options.program.empty()) die("no program given after --");
  for (std::string& word : options.program) options.argv.push_back(word.data());
  options.argv.push_back(nullptr);
  return options;
}

// Creates path (and its parents) as directories, mode 0755.
bool make_dirs(const std::string& path) {
  for (std::size_t slash = 1; slash != std::string::npos;) {
    slash = path.find('/', slash + 1);
    const std::string prefix = path.substr(0, slash);
    if (::mkdir(prefix.c_str(), 0755) != 0 && errno != EEXIST) return false;
  }
  return true;
}

bool bind_read_only(const std::string& source, const std::string& target) {
  if (::mount(source.c_str(), target.c_str(), nullptr, MS_BIND | MS_REC, nullptr) != 0) return false;
  // A bind mount takes the flags of its source; read-only needs a remount of the bind.
  return ::mount(nullptr, target.c_str(), nullptr,
                 MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID | MS_NODEV, nullptr) == 0 ||
         ::mount(nullptr, target.c_str(), nullptr, MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID,
                 nullptr) == 0;
}

// The steps of build_root. Each returns "" or the reason it failed.

// The new root: a tmpfs with room for the submission's files and the mount points,
// nothing more. Any existing directory serves as its mount point (/tmp): it is only
// the place the tmpfs hangs from until the chroot.
std::string mount_root_tmpfs(const std::string& root, const Options& options) {
  long long files_kib = 1024;
  for (const CopyItem& item : options.items) files_kib += item.size / 1024 + 8;
  const std::string root_options = "mode=0755,size=" + std::to_string(files_kib) + "k";
  if (::mount("judge-box", root.c_str(), "tmpfs", MS_NOSUID | MS_NODEV, root_options.c_str()) != 0)
    return errno_text("mount the root tmpfs");
  return "";
}

std::string bind_system_etc(const std::string& root);

// System files, read-only. The merged /usr of Debian has /bin, /lib, /lib64 and
// /sbin as symbolic links into it; they are recreated as links.
std::string bind_system_dirs(const std::string& root) {
  for (const char* top : {"usr", "bin", "sbin", "lib", "lib32", "lib64", "libx32"}) {
    const std::string host = std::string("/") + top;
    struct stat st {};
    if (::lstat(host.c_str(), &st) != 0) continue;
    const std::string target = root + host;
    if (S_ISLNK(st.st_mode)) {
      char link[256];
      const ssize_t n = ::readlink(host.c_str(), link, sizeof link - 1);
      if (n <= 0) continue;
      link[n] = '\0';
      if (::symlink(link, target.c_str()) != 0) return errno_text("symlink in the new root");
    } else if (S_ISDIR(st.st_mode)) {
      if (!make_dirs(target) || !bind_read_only(host, target)) return errno_text(("bind " + host).c_str());
    }
  }
  return bind_system_etc(root);
}

// Of /etc, only what programs and toolchains need, read-only: the dynamic loader's
// cache and configuration (without ld.so.cache, libraries in the multiarch
// directories are not found), the time zone, Debian's alternatives (/usr/bin/java is
// a link through them) and a JDK's configuration (/etc/java-*). No passwd, no shadow,
// nothing else of the host.
std::string bind_system_etc(const std::string& root) {
  if (!make_dirs(root + "/etc")) return errno_text("mkdir /etc");
  std::vector<std::string> entries{"/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d",
                                   "/etc/localtime", "/etc/alternatives"};
  if (DIR* etc = ::opendir("/etc")) {
    while (const dirent* entry = ::readdir(etc))
      if (std::strncmp(entry->d_name, "java-", 5) == 0) entries.push_back(std::string("/etc/") + entry->d_name);
    ::closedir(etc);
  }
  for (const std::string& entry : entries) {
    struct stat st {};
    if (::stat(entry.c_str(), &st) != 0) continue;
    const std::string target = root + entry;
    if (S_ISDIR(st.st_mode)) {
      if (!make_dirs(target)) return errno_text(("mkdir " + entry).c_str());
    } else if (S_ISREG(st.st_mode)) {
      const int fd = ::open(target.c_str(), O_CREAT | O_WRONLY | O_CLOEXEC, 0644);
      if (fd < 0) return errno_text("create a mount point in /etc");
      ::close(fd);
    } else {
      continue;
    }
    if (!bind_read_only(entry, target)) return errno_text(("bind " + entry).c_str());
  }
  return "";
}

// /dev: the harmless devices only.
std::string make_devices(const std::string& root) {
  if (!make_dirs(root + "/dev")) return errno_text("mkdir /dev");
  for (const char* device : {"/dev/null", "/dev/zero", "/dev/random", "/dev/urandom"}) {
    const std::string target = root + device;
    const int fd = ::open(target.c_str(), O_CREAT | O_WRONLY | O_CLOEXEC, 0644);
    if (fd < 0) return errno_text("create a device mount point");
    ::close(fd);
    if (::mount(device, target.c_str(), nullptr, MS_BIND, nullptr) != 0)
      return errno_text((std::string("bind ") + device).c_str());
  }
  for (const auto& [name, link] : {std::pair<const char*, const char*>{"fd", "/proc/self/fd"},
                                  {"stdin", "/proc/self/fd/0"},
                                  {"stdout", "/proc/self/fd/1"},
                                  {"stderr", "/proc/self/fd/2"}}) {
    if (::symlink(link, (root + "/dev/" + name).c_str()) != 0) return errno_text("symlink in /dev");
  }
  return "";
}

// Opens `relative` below the folder `dir_fd` one name at a time, following no link
// (O_NOFOLLOW at every step): the folders are the judge's, and even a changed one
// cannot lead the copy out of them.
int open_below(int dir_fd, const std::string& relative) {
  int current = ::fcntl(dir_fd, F_DUPFD_CLOEXEC, 0);
  std::size_t start = 0;
  while (current >= 0) {
    const std::size_t slash = relative.find('/', start);
    const std::string name = relative.substr(start, slash == std::string::npos ? std::string::npos : slash - start);
    const bool last = slash == std::string::npos;
    const int next = ::openat(current, name.c_str(),
                              O_RDONLY | O_NOFOLLOW | O_CLOEXEC | (last ? O_NONBLOCK | O_NOCTTY : O_DIRECTORY));
    ::close(current);
    current = next;
    if (last) break;
    start = slash + 1;
  }
  return current;
}

// Lists what one copy-in holds, folders before what is in them. Only regular files and
// folders: anything else is left out (the judge's folders hold nothing else).
std::string list_tree(Options& options, std::size_t index, int dir_fd, const std::string& relative, int depth) {
  if (depth > 64) return "copy-in: folders nested too deep";
  const int listing_fd = ::fcntl(dir_fd, F_DUPFD_CLOEXEC, 0);
  DIR* dir = listing_fd >= 0 ? ::fdopendir(listing_fd) : nullptr;
  if (dir == nullptr) return errno_text("copy-in: list a folder");
  // From the start: the duplicate shares its position with `dir_fd`, which the
  // server's listing of the same descriptor (stock_request_files) left at the end.
  ::rewinddir(dir);
  std::string failure;
  while (const dirent* entry = ::readdir(dir)) {
    const std::string name = entry->d_name;
    if (name == "." || name == "..") continue;
    struct stat st {};
    if (::fstatat(dir_fd, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) continue;
    const std::string path = relative.empty() ? name : relative + "/" + name;
    if (options.items.size() > 200000) failure = "copy-in: more than 200000 files";
    if (!failure.empty()) break;
    if (S_ISREG(st.st_mode)) {
      options.items.push_back({index, path, false, st.st_size, (st.st_mode & 0111) != 0});
    } else if (S_ISDIR(st.st_mode)) {
      options.items.push_back({index, path, true, 0, false});
      const int sub = ::openat(dir_fd, name.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
      if (sub < 0) failure = errno_text("copy-in: open a folder");
      if (failure.empty()) failure = list_tree(options, index, sub, path, depth + 1);
      if (sub >= 0) ::close(sub);
    }
    if (!failure.empty()) break;
  }
  ::closedir(dir);
  return failure;
}

// What every copy-in holds, listed by C before the root is made.
std::string list_copy_ins(Options& options) {
  for (std::size_t i = 0; i < options.copy_ins.size(); ++i) {
    if (options.copy_ins[i].bind_tree >= 0) continue;  // bound whole (bind_judge_folders)
    struct stat st {};
    if (::fstat(options.copy_ins[i].fd, &st) != 0) return errno_text("copy-in: fstat");
    if (S_ISREG(st.st_mode)) {
      options.items.push_back({i, "", false, st.st_size, (st.st_mode & 0111) != 0});
    } else {
      options.items.push_back({i, "", true, 0, false});
      if (const std::string failure = list_tree(options, i, options.copy_ins[i].fd, "", 0); !failure.empty())
        return failure;
    }
  }
  return "";
}

// One regular file of a copy-in into the new root, keeping its executable bit.
std::string copy_in_file(int from, const CopyItem& item, const std::string& target) {
  const int out = ::open(target.c_str(), O_CREAT | O_EXCL | O_WRONLY | O_NOFOLLOW | O_CLOEXEC,
                         item.executable ? 0555 : 0444);
  if (out < 0) return errno_text("copy-in: create a file");
  std::string failure;
  for (off_t offset = 0; failure.empty() && offset < item.size;) {
    // sendfile with an offset of its own: the judge's descriptor's position is not moved.
    const ssize_t n = ::sendfile(out, from, &offset, static_cast<size_t>(item.size - offset));
    if (n <= 0) failure = errno_text("copy-in: copy a file");
  }
  ::close(out);
  return failure;
}

// Files of a copy-in this large are bound from the server's store rather than copied
// into each box (file_store.hpp); at most this many of them per box.
constexpr off_t bind_min_bytes = 64 * 1024;
constexpr int max_binds = 64;

// The large files of listed copy-ins into `store` (at most max_binds of them).
void stock_large_files(judge_box::FileStore& store, const Options& options) {
  std::set<std::string> keep;
  int stocked = 0;
  for (const CopyItem& item : options.items) {
    if (item.folder || item.size < bind_min_bytes || stocked == max_binds) continue;
    const CopyIn& copy_in = options.copy_ins[item.copy_in];
    const int from = item.relative.empty() ? copy_in.fd : open_below(copy_in.fd, item.relative);
    if (from < 0) continue;
    store.stock(from, keep);
    if (from != copy_in.fd) ::close(from);
    ++stocked;
  }
}

// S, before it forks a request's B: the large files of the request's copy-ins (its
// `--copy-in FD PATH` words, FD being a target of `fds`) into the store. Listed and
// read as B lists them (O_NOFOLLOW below the judge's descriptors, regular files only);
// a request S cannot read is left to B, which reports it.
void stock_request_files(judge_box::FileStore& store, const std::vector<std::string>& argv, const std::vector<int>& fds,
                         const std::vector<int>& targets) {
  Options options;
  for (std::size_t i = 0; i + 2 < argv.size() && argv[i] != "--"; ++i) {
    if (argv[i] != "--copy-in") continue;
    const std::optional<int> target = judge::parse_integer<int>(argv[i + 1]);
    const auto found = target ? std::find(targets.begin(), targets.end(), *target) : targets.end();
    if (found != targets.end())
      options.copy_ins.push_back({fds[static_cast<std::size_t>(found - targets.begin())], argv[i + 2]});
    i += 2;
  }
  if (options.copy_ins.empty() || !list_copy_ins(options).empty()) return;
  stock_large_files(store, options);
}

// The detached mounts of the large files (bind_large_files), closed by B and C once
// the root is built: the program never holds one.
void close_bind_trees(Options& options) {
  for (CopyItem& item : options.items) {
    if (item.bind_tree >= 0) ::close(item.bind_tree);
    item.bind_tree = -1;
  }
  for (CopyIn& in : options.copy_ins) {
    if (in.bind_tree >= 0) ::close(in.bind_tree);
    in.bind_tree = -1;
  }
}

// The judge's folders B could mount (bind_judge_folders), attached at their box paths.
std::string bind_judge_folders_in_root(const std::string& root, const Options& options) {
  for (const CopyIn& in : options.copy_ins) {
    if (in.bind_tree < 0) continue;
    const std::string target = root + in.box_path;
    if (!make_dirs(target)) return errno_text("bind-in: mkdir");
    if (::move_mount(in.bind_tree, "", AT_FDCWD, target.c_str(), MOVE_MOUNT_F_EMPTY_PATH) != 0)
      return errno_text("bind-in: attach a folder");
  }
  return "";
}

// A large file of a copy-in, bound at `target` from the detached mount B made of the
// store's copy (bind_large_files): attached here, in the box's own mount namespace,
// onto an empty file of the new root. False if the kernel refuses (the empty file is
// gone again, and the caller copies the file instead).
bool bind_file(const CopyItem& item, const std::string& target) {
  const int placeholder = ::open(target.c_str(), O_CREAT | O_EXCL | O_WRONLY | O_NOFOLLOW | O_CLOEXEC, 0444);
  if (placeholder < 0) return false;
  ::close(placeholder);
  if (::move_mount(item.bind_tree, "", AT_FDCWD, target.c_str(), MOVE_MOUNT_F_EMPTY_PATH) == 0) return true;
  ::unlink(target.c_str());
  return false;
}

// The submission's files, from the descriptors the judge passed, as C (the
// unprivileged uid: the judge's copies are readable by all). Small files are copied.
// A large one (a statically linked program, a jar) is bound read-only instead from
// the server's copy of it when B could make a mount of that (bind_large_files; why:
// file_store.hpp). The root is made read-only afterwards, so the submission cannot
// change the copies; the bound files are read-only mounts already.
std::string copy_submission_files(const std::string& root, const Options& options) {
  for (const CopyItem& item : options.items) {
    const CopyIn& copy_in = options.copy_ins[item.copy_in];
    const std::string target = root + copy_in.box_path + (item.relative.empty() ? "" : "/" + item.relative);
    if (item.relative.empty() && !make_dirs(target.substr(0, target.rfind('/'))))
      return errno_text("copy-in: mkdir");
    if (item.folder) {
      if (::mkdir(target.c_str(), 0755) != 0 && !(item.relative.empty() && errno == EEXIST))
        return errno_text("copy-in: mkdir");
      continue;
    }
    if (item.bind_tree >= 0 && bind_file(item, target)) continue;
    const int from = item.relative.empty() ? copy_in.fd : open_below(copy_in.fd, item.relative);
    if (from < 0) return errno_text("copy-in: open a file");
    const std::string failure = copy_in_file(from, item, target);
    if (from != copy_in.fd) ::close(from);
    if (!failure.empty()) return failure;
  }
  return "";
}

// /proc of the new pid namespace (only the box's own processes are in it), mounted
// before the host's /proc goes away: the kernel refuses a new proc mount in a user
// namespace unless a full one is visible. Then the scratch directory: the only
// writable place, empty, limited in size (its pages are charged to the box's memory
// cgroup).
std::string mount_proc_and_scratch(const std::string& root, const Options& options) {
  if (!make_dirs(root + "/proc")) return errno_text("mkdir /proc");
  if (::mount("proc", (root + "/proc").c_str(), "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, nullptr) != 0)
    return errno_text("mount /proc");
  if (!make_dirs(root + "/tmp")) return errno_text("mkdir /tmp");
  const std::string scratch_options =
      "mode=0777,size=" + std::to_string(options.scratch_kib) + "k,nr_inodes=4096";
  if (::mount("scratch", (root + "/tmp").c_str(), "tmpfs", MS_NOSUID | MS_NODEV, scratch_options.c_str()) != 0)
    return errno_text("mount the scratch tmpfs");
  // The folders to copy out are made now, in the scratch /tmp, each a tmpfs of its own
  // whose size and inodes bound what the program can leave for the host there (a
  // compiler's output: not the scratch's 2 GiB and 4096 files), writable by it.
  const std::string out_options = "mode=0777,size=" + std::to_string(options.copy_out_kib) +
                                  "k,nr_inodes=" + std::to_string(options.copy_out_files + 1);
  for (const CopyOut& out : options.copy_outs) {
    if (!make_dirs(root + out.box_path)) return errno_text("mkdir a folder to copy out");
    if (::mount("copy-out", (root + out.box_path).c_str(), "tmpfs", MS_NOSUID | MS_NODEV, out_options.c_str()) != 0)
      return errno_text("mount a folder to copy out");
  }
  return "";
}

// Enters the new root with chroot, not pivot_root: detaching the host's root after a
// pivot_root waits for an RCU grace period on every test (figures:
// docs/performance-log.md), and chroot is as tight here. The submission has no capability (its uid in the
// namespace is not 0) to chroot again, holds no descriptor of a directory outside,
// cannot reach the box's init through /proc (non-dumpable), and the kernel refuses a
// chrooted process a new user namespace (EPERM), so it can never gain
// CAP_SYS_CHROOT. The host's mounts stay in this namespace, unreachable below the
// new root.
std::string enter_root(const std::string& root) {
  if (::chdir(root.c_str()) != 0) return errno_text("chdir to the new root");
  if (::chroot(".") != 0) return errno_text("chroot");
  if (::chdir("/") != 0) return errno_text("chdir /");
  if (::mount(nullptr, "/", nullptr, MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID | MS_NODEV, nullptr) != 0)
    return errno_text("make the new root read-only");
  return "";
}

// One file of the box into a host folder, keeping its executable bit.
std::string copy_out(const std::string& from, int host_fd, const std::string& name, const struct stat& st) {
  const int in = ::open(from.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
  if (in < 0) return errno_text("copy-out: open a file");
  // O_EXCL | O_NOFOLLOW: a fresh name in the judge's fresh folder, never through a link.
  const int out = ::openat(host_fd, name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
                           (st.st_mode & 0111) != 0 ? 0755 : 0644);
  std::string failure = out < 0 ? errno_text("copy-out: create a file") : "";
  // The mode as said, whatever the umask: the judge's later boxes read it as another uid.
  if (failure.empty()) ::fchmod(out, (st.st_mode & 0111) != 0 ? 0755 : 0644);
  for (off_t offset = 0; failure.empty() && offset < st.st_size;) {
    if (::sendfile(out, in, &offset, static_cast<size_t>(st.st_size - offset)) <= 0)
      failure = errno_text("copy-out: copy a file");
  }
  if (out >= 0) ::close(out);
  ::close(in);
  return failure;
}

// Builds the private root in C (inside every new namespace) and enters it. The new
// root is a tmpfs, read-only once built; nothing of the host is in it but what is
// bound here. On failure, returns the reason (the judge reports it).
std::string build_root(Options& options) {
  // Mount events must not travel back to the host's namespace.
  if (::mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr) != 0) return errno_text("make / private");
  const std::string root = "/tmp";
  // In this order, each only once the one before has succeeded (the copy-ins were
  // listed by B: bind_large_files).
  std::string failure = options.list_failure;
  if (failure.empty()) failure = mount_root_tmpfs(root, options);
  if (failure.empty()) failure = bind_system_dirs(root);
  if (failure.empty()) failure = make_devices(root);
  if (failure.empty()) failure = copy_submission_files(root, options);
  if (failure.empty()) failure = bind_judge_folders_in_root(root, options);
  if (failure.empty()) failure = mount_proc_and_scratch(root, options);
  if (failure.empty()) failure = enter_root(root);
  return failure;
}

// Sends P's pid with SCM_CREDENTIALS: the judge receives it as its own namespace sees it.
// "exec NS": NS is this moment on CLOCK_MONOTONIC (the box makes no time namespace, so
// it is the judge's steady clock): the program's start, which the judge's wall time
// counts from even when the judge itself reads this message late (a starved judge).
void send_pid() {
  struct ucred credentials {::getpid(), ::getuid(), ::getgid()};
  char control[CMSG_SPACE(sizeof credentials)] = {};
  struct timespec now {};
  ::clock_gettime(CLOCK_MONOTONIC, &now);
  char text[48];
  const int length =
      std::snprintf(text, sizeof text, "exec %lld", static_cast<long long>(now.tv_sec) * 1000000000LL + now.tv_nsec);
  struct iovec iov {
    text, static_cast<std::size_t>(length)
  };
  struct msghdr message {};
  message.msg_iov = &iov;
  message.msg_iovlen = 1;
  message.msg_control = control;
  message.msg_controllen = sizeof control;
  struct cmsghdr* header = CMSG_FIRSTHDR(&message);
  header->cmsg_level = SOL_SOCKET;
  header->cmsg_type = SCM_CREDENTIALS;
  header->cmsg_len = CMSG_LEN(sizeof credentials);
  std::memcpy(CMSG_DATA(header), &credentials, sizeof credentials);
  while (::sendmsg(report_fd, &message, MSG_NOSIGNAL) < 0 && errno == EINTR) {
  }
}

// The FIFOs of a CMS Communication test, in P right before exec (after its pid is
// reported: the judge supervises the wait). Opened again through /proc/self/fd, which
// blocks until the other side (the manager) has opened its end, as CMS's sandbox's
// redirections do: the program never reads an end-of-file the manager did not send.
// Stdin first, then stdout (isolate's order). A failure is the box's (no errno).
void open_fifos(const Options& options) {
  for (const auto& [fd, target, flags] :
       {std::tuple{options.stdin_fifo, 0, O_RDONLY}, std::tuple{options.stdout_fifo, 1, O_WRONLY}}) {
    if (fd < 0) continue;
    const std::string path = "/proc/self/fd/" + std::to_string(fd);
    int opened;
    while ((opened = ::open(path.c_str(), flags)) < 0 && errno == EINTR) {
    }
    if (opened < 0 || ::dup2(opened, target) < 0) {
      send_message("exec-error {\"message\": \"judge-box: " + json_escape(errno_text(("open " + path).c_str())) +
                   "\"}");
      ::_exit(127);
    }
    ::close(opened);
    ::close(fd);
  }
  // Kept across exec: the program opens them by their /proc/self/fd path.
  for (int fd : options.pass_fds) ::fcntl(fd, F_SETFD, 0);
}

// B and C hold no end of the FIFOs: the manager sees end-of-file once P is gone.
void close_fifos(const Options& options) {
  for (int fd : {options.stdin_fifo, options.stdout_fifo})
    if (fd >= 0) ::close(fd);
  for (int fd : options.pass_fds) ::close(fd);
}

[[noreturn]] void run_submission(const Options& options, bool in_root, bool pin_before_exec) {
  // If C dies, P must not run on unsupervised (C's death ends the namespace anyway).
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  ::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
  // Its own process group: without a pid namespace, C ends P's leftovers with one killpg.
  ::setpgid(0, 0);
  if (in_root && ::chdir(options.workdir.c_str()) != 0) die(errno_text(("chdir " + options.workdir).c_str()));
  // Pinned here only where C cannot watch the box (4c): B and C set the box
  // up on whichever CPU is free while the interactor starts on this one (the judge
  // pins the interactor there too).
  if (options.cpu >= 0 && pin_before_exec) {
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(static_cast<int>(options.cpu), &set);
    ::sched_setaffinity(0, sizeof set, &set);  // a placement hint: the test runs either way
  }
  if (options.file_size_kib > 0) {
    const rlim_t bytes = static_cast<rlim_t>(options.file_size_kib) * 1024;
    struct rlimit limit {bytes, bytes};
    if (::setrlimit(RLIMIT_FSIZE, &limit) != 0) die(errno_text("setrlimit(RLIMIT_FSIZE)"));
  }
  send_pid();
  open_fifos(options);
  ::execv(options.argv[0], options.argv.data());
  // The errno tells whose fault it is: ENOEXEC (not a program the kernel can run) is
  // the program's, ENOENT of a program the judge named is the judge's.
  const int error = errno;
  const std::string why = std::string("cannot execute ") + options.argv[0] + ": " + std::strerror(error);
  send_message("exec-error {\"message\": \"" + json_escape(why) + "\", \"errno\": " + std::to_string(error) + "}");
  ::_exit(127);
}

// Copies every regular file and folder below `box_dir` into the host folder `host_fd`
// (opened by B before it dropped privileges; the judge made it writable for the box's
// uid). Links and special files are left out: only what a compiler writes is wanted.
std::string export_tree(const std::string& box_dir, int host_fd) {
  DIR* dir = ::opendir(box_dir.c_str());
  if (dir == nullptr) return errno_text("copy-out: open a folder");
  std::string failure;
  while (const dirent* entry = ::readdir(dir)) {
    const std::string name = entry->d_name;
    if (name == "." || name == "..") continue;
    const std::string from = box_dir + "/" + name;
    struct stat st {};
    if (::lstat(from.c_str(), &st) != 0) continue;
    if (S_ISDIR(st.st_mode)) {
      if (::mkdirat(host_fd, name.c_str(), 0755) != 0) failure = errno_text("copy-out: mkdir");
      const int sub = ::openat(host_fd, name.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
      if (failure.empty() && sub < 0) failure = errno_text("copy-out: open a folder");
      if (failure.empty()) ::fchmod(sub, 0755);
      if (failure.empty()) failure = export_tree(from, sub);
      if (sub >= 0) ::close(sub);
    } else if (S_ISREG(st.st_mode)) {
      failure = copy_out(from, host_fd, name, st);
    }
    if (!failure.empty()) break;
  }
  ::closedir(dir);
  return failure;
}

// C's wait: P's wait status and rusage, and once P has ended, everything it started
// ends too. In a pid namespace, kill(-1) from its init reaches every other process of
// the namespace; without one, P's group and then C's own children (orphans it took
// over) are killed.
void reap_program_and_the_rest(pid_t child, bool own_pid_namespace, int& status, struct rusage& usage) {
  for (;;) {
    int any_status = 0;
    struct rusage any_usage {};
    const pid_t reaped = ::wait4(-1, &any_status, 0, &any_usage);
    if (reaped < 0 && errno == EINTR) continue;
    if (reaped < 0) break;  // ECHILD: nothing left
    if (reaped != child) continue;
    status = any_status;
    usage = any_usage;
    if (own_pid_namespace) {
      ::kill(-1, SIGKILL);
      continue;
    }
    ::kill(-child, SIGKILL);
    for (int round = 0; round < 100; ++round) {
      const auto rest = judge::children_of(::getpid());
      if (rest.empty()) break;
      for (pid_t pid : rest) {
        ::kill(-pid, SIGKILL);
        ::kill(pid, SIGKILL);
      }
      while (::waitpid(-1, nullptr, WNOHANG) > 0) {
      }
      ::usleep(1000);
    }
  }
}

void send_exit_report(int status, const struct rusage& usage, bool cpu_limit_hit) {
  char report[512];
  std::snprintf(report, sizeof report,
                "exit {\"signaled\": %s, \"exit_code\": %d, \"signal\": %d, \"cpu_us\": %lld, "
                "\"maxrss_kib\": %ld, \"cpu_limit_hit\": %s}",
                WIFSIGNALED(status) ? "true" : "false", WIFEXITED(status) ? WEXITSTATUS(status) : 0,
                WIFSIGNALED(status) ? WTERMSIG(status) : 0,
                static_cast<long long>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1000000 +
                    usage.ru_utime.tv_usec + usage.ru_stime.tv_usec,
                usage.ru_maxrss, cpu_limit_hit ? "true" : "false");
  send_message(report);
}

// 4d. P's CPU limit, kept by C. The judge samples P's CPU clock every 20 ms and stops
//     it at its limit; a judge starved of CPU (a loaded machine) samples late, and the
//     kernel's RLIMIT_CPU counts whole seconds by ticks. So C also holds a POSIX timer
//     on P's own CPU clock (the scheduler's exact figure, the one the judge reads),
//     armed a little past the limit: when it expires, C, which sleeps on P's CPU and
//     is woken at once, kills P. C's timer covers P's threads; processes P starts are
//     timed by the judge (the test's cpuacct cgroup) and by RLIMIT_CPU. Returns when
//     P has ended or was killed here (true); P is reaped by the caller.
bool kill_program_at_cpu_limit(pid_t program, long cpu_limit_ms) {
  clockid_t clock {};
  if (cpu_limit_ms <= 0 || ::clock_getcpuclockid(program, &clock) != 0) return false;
  // The timer's signal is read from a signalfd, never handled: P (C's uid, in C's pid
  // namespace) could send C the same signal, so the clock is read again before a kill.
  sigset_t alarm;
  sigemptyset(&alarm);
  sigaddset(&alarm, SIGALRM);
  ::sigprocmask(SIG_BLOCK, &alarm, nullptr);
  const int signal_fd = ::signalfd(-1, &alarm, SFD_CLOEXEC);
  const int ended_fd = static_cast<int>(::syscall(SYS_pidfd_open, program, 0));
  struct sigevent event {};
  event.sigev_notify = SIGEV_SIGNAL;
  event.sigev_signo = SIGALRM;
  timer_t timer {};
  const long long limit_ns = static_cast<long long>(cpu_limit_ms) * 1000000LL;
  struct itimerspec when {{0, 20 * 1000000}, {static_cast<time_t>(limit_ns / 1000000000LL), static_cast<long>(limit_ns % 1000000000LL)}};
  const bool armed = signal_fd >= 0 && ended_fd >= 0 && ::timer_create(clock, &event, &timer) == 0;
  bool killed = false;
  if (armed && ::timer_settime(timer, 0, &when, nullptr) == 0) {
    for (;;) {
      struct pollfd fds[2] {{ended_fd, POLLIN, 0}, {signal_fd, POLLIN, 0}};
      if (::poll(fds, 2, -1) < 0 && errno != EINTR) break;
      if (fds[0].revents != 0) break;  // P has ended
      if (fds[1].revents == 0) continue;
      struct signalfd_siginfo info {};
      if (::read(signal_fd, &info, sizeof info) < 0) continue;
      struct timespec used {};
      if (::clock_gettime(clock, &used) != 0) break;  // P has ended
      if (used.tv_sec * 1000000000LL + used.tv_nsec < limit_ns) continue;
      ::kill(program, SIGKILL);
      killed = true;
      break;
    }
  }
  if (armed) ::timer_delete(timer);
  if (signal_fd >= 0) ::close(signal_fd);
  if (ended_fd >= 0) ::close(ended_fd);
  return killed;
}

// 4c. P's CPU. The judge runs a test's interactor and program on one CPU (a round trip
//     between two CPUs costs several times one on a CPU: docs/performance.md), but P's
//     start (the loader, its libraries, static constructors) need not wait for that
//     CPU while the interactor is still starting on it: pinned before exec, P's start
//     ran there after the interactor's, and the interactor then waited for the first
//     query several times as long as in the bare harness. So when the
//     judge hands the box the interactor's /proc/PID/stat (--interactor-stat-fd, as
//     descriptor 4) and the interactor is still running when C forks P, P starts on the
//     CPUs C runs on (the judge keeps its own thread, which B and C inherit, off the
//     test's CPU), and C moves the box to the test's CPU as soon as P waits (state S or
//     any other not running, in /proc/PID/stat), the interactor waits (its CPU is free
//     then), or 2 ms have passed (--cpu-move-after-us), polling every ~0.1 ms and
//     woken at once by P's end. A round trip always begins with P waiting, so every
//     round trip runs on the one CPU; only P's start ran beside the interactor's. If
//     the interactor already waits when P is forked (a short start, as in a run of
//     many one-round-trip tests), P is pinned before its exec, as it was before: its
//     start then takes the free test CPU rather than the one the judge and the box are
//     busy on. Why 2 ms and not longer: a C++ program's start fits in it (row 1 of the
//     benchmark); a longer bound left a slow start (Python's) beside the interactor,
//     which cost the test CPU time that 2 ms does not (the measurements are in
//     docs/performance-log.md). CPU time is the program's own wherever
//     it ran. Every thread of every process of the box moves, not only P's first: a
//     Java runtime's threads or the program a shell script starts were started before
//     P's first wait. Only in a pid namespace of the box's own with its /proc mounted
//     can C see all of them; elsewhere P pins itself before exec.

// The state letter of an open /proc/PID/stat file (re-read from its start each time:
// one open per process, not per poll), parsed by proc_stat's one parser; 0 if it
// cannot be read (the process has ended).
char process_state(int stat_fd) {
  char text[512];
  const ssize_t length = ::pread(stat_fd, text, sizeof text, 0);
  if (length <= 0) return 0;
  const std::optional<judge::ProcStat> stat =
      judge::parse_proc_stat(std::string_view(text, static_cast<std::size_t>(length)));
  return stat ? stat->state : 0;
}

bool starting(int stat_fd) {
  const char state = process_state(stat_fd);
  return state == 'R' || state == 'D';
}

// Returns once P or the interactor waits, P has ended, or `longest_us` has passed;
// true unless P has ended.
bool wait_for_first_wait(pid_t program, int interactor_stat_fd, long longest_us) {
  const std::string path = "/proc/" + std::to_string(program) + "/stat";
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  // P's end wakes C at once (a pidfd polls readable when its process ends).
  const int ended_fd = static_cast<int>(::syscall(SYS_pidfd_open, program, 0));
  bool ended = false;
  struct timespec start {};
  ::clock_gettime(CLOCK_MONOTONIC, &start);
  for (;;) {
    const char state = process_state(fd);
    if (state == 0 || state == 'Z' || state == 'X') {
      ended = true;
      break;
    }
    if (state != 'R' && state != 'D') break;  // P waits (or is stopped)
    if (!starting(interactor_stat_fd)) break;  // the interactor waits: its CPU is free
    struct timespec now {};
    ::clock_gettime(CLOCK_MONOTONIC, &now);
    const long long elapsed_us = (now.tv_sec - start.tv_sec) * 1000000LL + (now.tv_nsec - start.tv_nsec) / 1000;
    if (elapsed_us >= longest_us) break;
    const struct timespec pause {0, 50 * 1000};
    if (ended_fd >= 0) {
      struct pollfd end {ended_fd, POLLIN, 0};
      if (::ppoll(&end, 1, &pause, nullptr) > 0) {
        ended = true;
        break;
      }
    } else {
      ::nanosleep(&pause, nullptr);
    }
  }
  ::close(fd);
  if (ended_fd >= 0) ::close(ended_fd);
  return !ended;
}

// Every thread of every process in the box's pid namespace but C (pid 1) onto `cpu`.
// Again until a pass moves nothing: a thread started meanwhile by one not yet moved
// (it inherits its starter's CPUs) is caught by the next pass; the pids cgroup bounds
// how many there can be. A quiet pass is confirmed by one more, 0.2 ms later: a
// process forked while its parent was being moved can get the parent's old CPUs and
// show in /proc only once its fork is done, after the pass that moved the parent
// listed /proc (seen in about 1 of 15 runs of a program that forks at once,
// sandbox_test's TheProgramRunsOnTheCpuItWasGiven...).
void move_box_to_cpu(long cpu) {
  cpu_set_t wanted;
  CPU_ZERO(&wanted);
  CPU_SET(static_cast<int>(cpu), &wanted);
  auto number = [](const char* name) { return judge::parse_integer<long>(name).value_or(-1L); };
  bool quiet_once = false;
  for (int pass = 0; pass < 10; ++pass) {
    bool moved = false;
    DIR* processes = ::opendir("/proc");
    if (processes == nullptr) return;
    while (const dirent* process = ::readdir(processes)) {
      if (number(process->d_name) <= 1) continue;
      DIR* threads = ::opendir(("/proc/" + std::string(process->d_name) + "/task").c_str());
      if (threads == nullptr) continue;  // ended meanwhile
      while (const dirent* thread = ::readdir(threads)) {
        const long tid = number(thread->d_name);
        if (tid <= 1) continue;
        cpu_set_t now;
        CPU_ZERO(&now);
        if (::sched_getaffinity(static_cast<pid_t>(tid), sizeof now, &now) == 0 && CPU_EQUAL(&now, &wanted))
          continue;
        // A placement hint: the test runs either way.
        if (::sched_setaffinity(static_cast<pid_t>(tid), sizeof wanted, &wanted) == 0) moved = true;
      }
      ::closedir(threads);
    }
    ::closedir(processes);
    if (moved) {
      quiet_once = false;
      continue;
    }
    if (quiet_once) return;
    quiet_once = true;
    const struct timespec settle { 0, 200 * 1000 };
    ::nanosleep(&settle, nullptr);
  }
}

// C: starts P, reaps it, ends everything else P started, and reports.
[[noreturn]] void run_init(Options& options, Ledger& ledger, bool own_pid_namespace,
                           bool may_build_root) {
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  // The submission has C's uid: were C dumpable, the submission could ptrace it and
  // make it report anything. Non-dumpable, it takes CAP_SYS_PTRACE, which the
  // submission never has (its uid in the namespace is not 0).
  ::prctl(PR_SET_DUMPABLE, 0);
  // Without a pid namespace, orphans of P come to C (and are ended by it) rather
  // than to the judge.
  if (!own_pid_namespace) ::prctl(PR_SET_CHILD_SUBREAPER, 1);
  // The uid's lease is B's to hold (B outlives C); C and P never hold it.
  if (options.uid_lease_fd >= 0) ::close(options.uid_lease_fd);
  bool in_root = false;
  if (may_build_root) {
    const std::string failure = build_root(options);
    if (failure.empty()) {
      ledger.ok("filesystem");
      in_root = true;
    } else {
      ledger.failed("filesystem", failure);
    }
  }
  // Copied in (or not: no root): the descriptors of the judge's folders, and the
  // mounts of its large files (attached or not), go now.
  for (const CopyIn& in : options.copy_ins) ::close(in.fd);
  close_bind_trees(options);
  // No file lock, inotify or fanotify from here on, for C and whatever it starts
  // (channel_filter.hpp: two boxes share /usr's inodes).
  if (const std::string why = judge_box::install_channel_filter(judge_box::channel_filter()); why.empty())
    ledger.ok("no file locks, inotify or fanotify");
  else
    ledger.failed("no file locks, inotify or fanotify", "seccomp: " + why);
  send_message("setup " + ledger.json());

  // C watches P and moves the box's processes through /proc (4c), which must be its
  // own pid namespace's (the root mounts one), and only while the interactor is still
  // starting: otherwise its CPU is free, and P starts there.
  const bool pin_before_exec =
      !(own_pid_namespace && in_root) || options.interactor_stat_fd < 0 || !starting(options.interactor_stat_fd);
  const pid_t child = ::fork();
  if (child < 0) die(errno_text("fork"));
  if (child == 0) run_submission(options, in_root, pin_before_exec);

  // C keeps no end of the submission's pipes: the interactor must see end-of-file
  // as soon as P (and what it started) is gone.
  close_fifos(options);
  const int null_fd = ::open("/dev/null", O_RDWR | O_CLOEXEC);
  for (int fd = 0; fd < 3; ++fd) {
    if (null_fd >= 0) ::dup2(null_fd, fd);
    else ::close(fd);
  }
  if (options.cpu >= 0 && !pin_before_exec) {
    if (wait_for_first_wait(child, options.interactor_stat_fd, options.cpu_move_after_us))
      move_box_to_cpu(options.cpu);
  }
  // Past the limit by the judge's sampling interval and more: the judge stops P
  // first unless it is starved (4d).
  const bool cpu_limit_hit =
      kill_program_at_cpu_limit(child, options.cpu_limit_ms > 0 ? options.cpu_limit_ms + cpu_limit_margin_ms : 0);
  int status = 0;
  struct rusage usage {};
  reap_program_and_the_rest(child, own_pid_namespace, status, usage);
  // Everything of the box has ended: the folders to export are complete.
  for (const CopyOut& out : options.copy_outs) {
    const std::string failure = export_tree(out.box_path, out.fd);
    if (failure.empty()) continue;
    send_message("export-error {\"message\": \"" + json_escape(failure) + "\"}");
    break;
  }
  send_exit_report(status, usage, cpu_limit_hit);
  ::_exit(0);
}

// 2. The test's cgroups, joined while still privileged: every process of the box is
//    born inside them.
//
//    On a cgroup v1 hierarchy the box writes "0" (itself) to `tasks`, not its pid to
//    `cgroup.procs`. Both move the same process: the box is single-threaded here (it
//    has started no thread, and nothing of it runs yet), so its only thread is the
//    whole thread group, and every process it starts later is born in the cgroups.
//    The difference is the cost. Moving a whole thread group write-locks the kernel's
//    global cgroup_threadgroup_rwsem, and on a host without the `favordynmods` mount
//    option that write lock waits for an RCU grace period, paid once per test (figures:
//    docs/performance.md). The kernel skips that lock when the writer moves only
//    itself ("0" to `tasks`: its thread cannot exit or exec under the write), which
//    makes the join a small fraction of that cost; a kernel without that shortcut
//    takes the lock and is merely as slow as `cgroup.procs`. Where `tasks`
//    does not exist (cgroup v2) or refuses the write, the box uses `cgroup.procs`.
bool join_cgroup(const std::string& dir) {
  if (write_file(dir + "/tasks", "0\n")) return true;
  return write_file(dir + "/cgroup.procs", std::to_string(::getpid()) + "\n");
}

void join_cgroups(const Options& options, Ledger& ledger, bool born_in_cgroup) {
  // Forked into its one cgroup v2 directory by the server (serve.cpp fork_box).
  if (born_in_cgroup) {
    ledger.cgroup_entry = "born in";
    ledger.ok("cgroups");
    return;
  }
  bool cgroups_ok = true;
  for (const std::string& dir : options.cgroups) {
    if (!join_cgroup(dir)) {
      ledger.failed("cgroup " + dir, errno_text("join"));
      cgroups_ok = false;
    }
  }
  if (!options.cgroups.empty() && cgroups_ok) ledger.ok("cgroups");
}

// 1. The descriptors of the files to copy in and the folders to copy out, checked and
//    made close-on-exec: the program must never hold one (a folder's descriptor
//    outside its root would let it out of the chroot); C closes the copy-ins once the
//    root is built.
void check_descriptors(const Options& options) {
  for (const CopyIn& in : options.copy_ins) {
    struct stat st {};
    if (::fcntl(in.fd, F_SETFD, FD_CLOEXEC) != 0 || ::fstat(in.fd, &st) != 0)
      die(errno_text(("copy-in descriptor " + std::to_string(in.fd)).c_str()));
    if (!S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode)) die("copy-in descriptor is not a file or a folder");
    if (in.bind && !S_ISDIR(st.st_mode)) die("bind-in descriptor is not a folder");
  }
  for (const CopyOut& out : options.copy_outs) {
    struct stat st {};
    if (::fcntl(out.fd, F_SETFD, FD_CLOEXEC) != 0 || ::fstat(out.fd, &st) != 0 || !S_ISDIR(st.st_mode))
      die("copy-out descriptor " + std::to_string(out.fd) + " is not a folder");
  }
  // A FIFO end is all the program may be handed (a folder's descriptor would lead out
  // of its root); close-on-exec until P lets the passed ones through.
  std::vector<int> fifos = options.pass_fds;
  for (int fd : {options.stdin_fifo, options.stdout_fifo})
    if (fd >= 0) fifos.push_back(fd);
  for (int fd : fifos) {
    struct stat st {};
    if (::fcntl(fd, F_SETFD, FD_CLOEXEC) != 0 || ::fstat(fd, &st) != 0 || !S_ISFIFO(st.st_mode))
      die("FIFO descriptor " + std::to_string(fd) + " is not a FIFO");
  }
}

// 1a'. The folders given by --bind-in (the judge's build cache: a precompiled header of
//     124 MB for <bits/stdc++.h>), each a detached mount of the judge's own folder,
//     read-only, nosuid, nodev, noexec and noatime (two boxes that read the same file
//     see no access time move) before anything can see it; C attaches it (step 1a's
//     why: only B can make it). Not copied, not stocked: a `judge run` starts a server
//     of its own, so the store's copy of the header was made for every compile, 0.1-0.2
//     s of a 0.7 s one (docs/performance-log.md). What it costs: the box's
//     /proc/self/mountinfo shows the folder's path in the judge's file system (paths
//     only: what is bound is the header, made from the system's headers; docs/sandbox.md).
//     Where the kernel refuses, the folder is copied as a --copy-in is.
void bind_judge_folders(Options& options) {
  for (CopyIn& in : options.copy_ins) {
    if (!in.bind) continue;
    const int tree = ::open_tree(in.fd, "", AT_EMPTY_PATH | OPEN_TREE_CLONE | OPEN_TREE_CLOEXEC);
    if (tree < 0) continue;
    struct mount_attr attributes {};
    attributes.attr_set =
        MOUNT_ATTR_RDONLY | MOUNT_ATTR_NOSUID | MOUNT_ATTR_NODEV | MOUNT_ATTR_NOEXEC | MOUNT_ATTR_NOATIME;
    attributes.attr_clr = MOUNT_ATTR__ATIME;
    if (::mount_setattr(tree, "", AT_EMPTY_PATH, &attributes, sizeof attributes) != 0) {
      ::close(tree);
      continue;
    }
    in.bind_tree = tree;
  }
}

// 1a. What the copy-ins hold, listed by B while still root (before step 2), and for
//     each large file the server stocked (stock_request_files), a detached mount of
//     its copy in the store, read-only, nosuid and nodev before anything can see it
//     (FileStore::clone). Only here: open_tree clones a mount of the namespace the
//     caller is in and needs CAP_SYS_ADMIN over it, and once B has made its own
//     namespaces the store is out of reach. C attaches them in the new root
//     (bind_file). The store's descriptor is closed right after: nothing B starts
//     ever holds it. Folders, small files and whatever is not in the store are copied.
//     An executed B (no server) stocks a store of its own for its one box: the copy is
//     made for every box, as before, but before B joins the test's cgroups, so it is
//     charged to the judge, and the box sees the store's name for the file, as a
//     served box does.
void bind_large_files(Options& options, int file_store) {
  bind_judge_folders(options);
  options.list_failure = list_copy_ins(options);
  std::optional<judge_box::FileStore> own;
  const bool large = std::any_of(options.items.begin(), options.items.end(),
                                 [](const CopyItem& item) { return !item.folder && item.size >= bind_min_bytes; });
  if (file_store < 0 && large && options.list_failure.empty()) {
    own.emplace();
    stock_large_files(*own, options);
    file_store = own->fd();
  }
  int binds = 0;
  for (CopyItem& item : options.items) {
    if (!options.list_failure.empty() || file_store < 0) break;
    if (item.folder || item.size < bind_min_bytes || binds == max_binds) continue;
    const CopyIn& copy_in = options.copy_ins[item.copy_in];
    const int from = item.relative.empty() ? copy_in.fd : open_below(copy_in.fd, item.relative);
    if (from < 0) continue;  // C's copy reports it
    struct stat st {};
    const bool described = ::fstat(from, &st) == 0;
    if (from != copy_in.fd) ::close(from);
    if (described) item.bind_tree = judge_box::FileStore::clone(file_store, st);
    if (item.bind_tree >= 0) ++binds;
  }
  if (file_store >= 0 && !own) ::close(file_store);  // B's own store closes itself
}

// 2b. The judge's shared network namespace, joined while B is still root: setns needs
//     CAP_SYS_ADMIN over the namespace, which belongs to the host's user namespace.
//     Joined, step 5 makes no network namespace; a failure is not fatal (step 5 then
//     makes one, as without --net-namespace).
bool join_net_namespace(const Options& options) {
  if (options.net_namespace.empty() || !options.isolate) return false;
  const int fd = ::open(options.net_namespace.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  const bool joined = ::setns(fd, CLONE_NEWNET) == 0;
  ::close(fd);
  return joined;
}

// 2c. The box's command line, as /proc/PID/cmdline shows it, becomes "judge-box": the
//     program can read its init's (C's, a copy of B's memory) /proc/1/cmdline, and the
//     box shows no host path (issue 28: the cgroups', the network namespace's, judge-box's
//     own; the files already come by descriptor). The kernel reads that file from the
//     memory of the arguments, so B overwrites them in place (everything it needs is
//     copied into Options by now); PR_SET_MM would need CAP_SYS_RESOURCE in the
//     initial user namespace, which a judge in a container does not have.
void hide_command_line(int argc, char** argv) {
  char* const start = argv[0];
  char* const end = argv[argc - 1] + std::strlen(argv[argc - 1]);  // the arguments lie one after another
  std::memset(start, 0, static_cast<std::size_t>(end - start));
  static constexpr char shown[] = "judge-box";
  if (static_cast<std::size_t>(end - start) >= sizeof shown) std::memcpy(start, shown, sizeof shown);
}

// 3. An unprivileged uid on the host: even where the submission's own user namespace
//    fails, it is not root, and files it could reach stay the judge's.
//    With --uid-pool the uid is one no other box running on the machine has
//    (uid_pool.hpp); where none can be leased, the box runs as "nobody" (65534), as
//    every box did before, and says so.
void drop_privileges(Options& options, pid_t judge_pid, Ledger& ledger) {
  if (options.uid_pool) {
    const judge_box::UidLease lease =
        judge_box::lease_uid(judge_box::box_uid_folder, judge_box::box_first_uid, judge_box::box_uid_count);
    if (lease.failure.empty()) {
      options.uid = options.gid = static_cast<long>(lease.uid);
      options.uid_lease_fd = lease.lock_fd;
      ledger.ok("a uid of its own");
    } else {
      options.uid = options.gid = 65534;
      ledger.failed("a uid of its own", lease.failure + "; it runs as uid 65534, which other boxes share");
    }
  }
  if (options.uid < 0) {
    if (::geteuid() == 0) ledger.failed("unprivileged uid", "no --uid given: the submission runs as root");
    return;
  }
  const gid_t gid = static_cast<gid_t>(options.gid >= 0 ? options.gid : options.uid);
  const uid_t uid = static_cast<uid_t>(options.uid);
  // The folders the box copies out into (a compile's output) become the box uid's,
  // which writes them from C; the judge takes them back once the box has ended.
  for (const CopyOut& out : options.copy_outs)
    if (::fchown(out.fd, uid, gid) != 0) die(errno_text("fchown a copy-out folder"));
  if (::setgroups(0, nullptr) != 0 || ::setresgid(gid, gid, gid) != 0 || ::setresuid(uid, uid, uid) != 0)
    die(errno_text("drop to the unprivileged uid"));
  // The uid change made the process non-dumpable, which makes /proc/self/*_map root's
  // files; the maps below are written by this very process.
  ::prctl(PR_SET_DUMPABLE, 1);
  // The uid change also cleared the parent-death signal the judge set before exec
  // (prctl(2): a change of credentials clears it). Set again, B dies with the judge
  // even by SIGKILL, and C and P follow (their own PR_SET_PDEATHSIG). A judge that
  // died before this line is seen as a new parent: then B ends at once.
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (::getppid() != judge_pid) ::_exit(1);
  // Which uid it is stays out of the report: the same test's report is the same every
  // time (judge batch's record and judge run's are compared), and the range is fixed.
  ledger.ok("unprivileged uid");
}

// 3b. A session keyring of the box's own, empty. Keys belong to no mount, pid or ipc
//     namespace: a session keyring is inherited across fork, exec and the uid change,
//     and whoever holds it possesses its keys whatever its uid. Without this the
//     program could read and write the judge's (a login's Kerberos tickets live there)
//     and, through a server's, what the box before it left. Made while B is still the
//     judge's uid, so the keyring is charged to the judge's key quota, not the box
//     uid's. The thread and process keyrings are not inherited by fork; the user and
//     persistent keyrings are per user namespace (step 4: a fresh one per box).
void join_own_session_keyring(Ledger& ledger) {
  if (::syscall(SYS_keyctl, KEYCTL_JOIN_SESSION_KEYRING, nullptr) < 0)
    ledger.failed("session keyring", errno_text("keyctl(KEYCTL_JOIN_SESSION_KEYRING)"));
  else
    ledger.ok("session keyring");
}

// 4. A user namespace: capabilities for the steps below, none on the host.
void unshare_user_namespace(Ledger& ledger) {
  const uid_t outer_uid = ::geteuid();
  const gid_t outer_gid = ::getegid();
  if (::unshare(CLONE_NEWUSER) != 0) {
    ledger.failed("user namespace", errno_text("unshare(CLONE_NEWUSER)"));
    return;
  }
  const bool mapped =
      write_file("/proc/self/setgroups", "deny") &&
      write_file("/proc/self/uid_map", std::to_string(inner_id) + " " + std::to_string(outer_uid) + " 1") &&
      write_file("/proc/self/gid_map", std::to_string(inner_id) + " " + std::to_string(outer_gid) + " 1");
  if (mapped) ledger.ok("user namespace");
  else ledger.failed("user namespace", errno_text("write the id maps"));
}

struct Namespaces {
  bool mount = false;
  bool pid = false;
};

// 5. The other namespaces, one by one so that each failure is named (the network
//    namespace is already there when step 2b joined the judge's).
Namespaces unshare_namespaces(Ledger& ledger, bool net_joined) {
  Namespaces got;
  const std::pair<int, const char*> spaces[] = {{CLONE_NEWNS, "mount namespace"},
                                                {CLONE_NEWNET, "network namespace"},
                                                {CLONE_NEWIPC, "ipc namespace"},
                                                {CLONE_NEWUTS, "uts namespace"},
                                                {CLONE_NEWPID, "pid namespace"}};
  for (const auto& [flag, name] : spaces) {
    if (flag == CLONE_NEWNET && net_joined) {
      ledger.ok(name);
      continue;
    }
    if (::unshare(flag) != 0) {
      ledger.failed(name, errno_text("unshare"));
      continue;
    }
    ledger.ok(name);
    if (flag == CLONE_NEWNS) got.mount = true;
    if (flag == CLONE_NEWPID) got.pid = true;
  }
  if (!got.mount) ledger.failed("filesystem", "no mount namespace");
  return got;
}

// B: one box, executed by the judge (`judge-box ARGS`) or forked by a judge-box
// server (serve.hpp). `parent` is the process B was started by (the judge, or the
// server), which must still be there once B's uid has changed. `executed`: argv is
// B's own command line, as the kernel shows it (a served B's is the server's, hidden
// by the server already, and argv is B's heap). `born_in_cgroup`: the server forked B
// into its one cgroup v2 directory, which B then does not join (serve.cpp fork_box).
int run_box(int argc, char** argv, pid_t parent, bool executed, bool born_in_cgroup, int file_store) {
  // The report socket came to B as descriptor 3; neither the program nor anything it
  // starts may hold it (it could forge the box's report), so it is close-on-exec.
  ::fcntl(report_fd, F_SETFD, FD_CLOEXEC);
  const pid_t judge_pid = parent;
  Options options = parse(argc, argv);
  // The interactor's stat file (4c): read by C, never held by the program either.
  if (options.interactor_stat_fd >= 0 && ::fcntl(options.interactor_stat_fd, F_SETFD, FD_CLOEXEC) != 0)
    options.interactor_stat_fd = -1;
  Ledger ledger;
  if (!executed) ledger.started = "served";
  check_descriptors(options);
  if (options.isolate) bind_large_files(options, file_store);
  else if (file_store >= 0)
    ::close(file_store);
  join_cgroups(options, ledger, born_in_cgroup);
  if (executed) hide_command_line(argc, argv);
  const bool net_joined = join_net_namespace(options);
  join_own_session_keyring(ledger);
  drop_privileges(options, judge_pid, ledger);
  Namespaces namespaces;
  if (options.isolate) {
    unshare_user_namespace(ledger);
    namespaces = unshare_namespaces(ledger, net_joined);
  } else {
    ledger.failed("namespaces", "--no-namespaces");
  }

  const pid_t init = ::fork();
  if (init < 0) die(errno_text("fork"));
  if (init == 0) run_init(options, ledger, namespaces.pid, namespaces.mount);

  // B only waits: the report is C's. It keeps no end of the submission's pipes,
  // no mount of the judge's files and no copy of the report socket (C's exit must
  // close the judge's view of it).
  ::close(report_fd);
  close_bind_trees(options);
  close_fifos(options);
  const int null_fd = ::open("/dev/null", O_RDWR | O_CLOEXEC);
  for (int fd = 0; fd < 3; ++fd) {
    if (null_fd >= 0) ::dup2(null_fd, fd);
    else ::close(fd);
  }
  int status = 0;
  while (::waitpid(init, &status, 0) < 0 && errno == EINTR) {
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

}  // namespace

int main(int argc, char** argv) {
  // `judge-box --serve`: started once, forks a box for each request on descriptor 3
  // (serve.hpp); its own command line names no test.
  // Its command line becomes "judge-box" too, as an executed B's (2c): every box's
  // /proc/1/cmdline, which the program can read, is its init's, a copy of this one.
  // `--serve --no-file-store`: no store in the server, each box copies its large files
  // into one of its own (a benchmark's hook, JUDGE_TEST_NO_FILE_STORE=1 in the judge).
  const bool serve_copying =
      argc == 3 && std::strcmp(argv[1], "--serve") == 0 && std::strcmp(argv[2], "--no-file-store") == 0;
  if ((argc == 2 && std::strcmp(argv[1], "--serve") == 0) || serve_copying) {
    hide_command_line(argc, argv);
    // The boxes' seccomp program, built once here: each box forked from the server
    // only installs it (channel_filter.hpp).
    (void)judge_box::channel_filter();
    return judge_box::serve(
        report_fd,
        [](int box_argc, char** box_argv, pid_t server, bool born_in_cgroup, int file_store) {
          return run_box(box_argc, box_argv, server, false, born_in_cgroup, file_store);
        },
        serve_copying ? nullptr : stock_request_files);
  }
  return run_box(argc, argv, ::getppid(), true, false, -1);
}
