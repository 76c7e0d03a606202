#include "channel_filter.hpp"

#include <fcntl.h>
#include <linux/seccomp.h>
#include <seccomp.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <memory>

namespace judge_box {

namespace {

struct FilterDeleter {
  void operator()(void* filter) const { seccomp_release(filter); }
};

std::string failure(const char* step, int result) { return std::string(step) + ": " + std::strerror(-result); }

// The fcntl commands that take, probe or watch something of an inode another box may
// hold open too (the header says why).
constexpr int lock_commands[] = {F_SETLK, F_SETLKW, F_GETLK, F_OFD_SETLK, F_OFD_SETLKW, F_OFD_GETLK};
constexpr int watch_commands[] = {F_SETLEASE, F_NOTIFY};

// The rules, for one architecture's numbers (libseccomp resolves each name per
// architecture; a name an architecture lacks is skipped).
std::string add_rules(scmp_filter_ctx filter) {
  const auto refuse = [&](const char* name, int error) -> std::string {
    const int number = seccomp_syscall_resolve_name(name);
    if (number == __NR_SCMP_ERROR) return "";
    const int result = seccomp_rule_add(filter, SCMP_ACT_ERRNO(static_cast<unsigned>(error)), number, 0);
    return result == 0 ? "" : failure(name, result);
  };
  const auto refuse_command = [&](const char* name, int command, int error) -> std::string {
    const int number = seccomp_syscall_resolve_name(name);
    if (number == __NR_SCMP_ERROR) return "";
    const int result = seccomp_rule_add(filter, SCMP_ACT_ERRNO(static_cast<unsigned>(error)), number, 1,
                                        SCMP_A1_32(SCMP_CMP_EQ, static_cast<unsigned>(command)));
    return result == 0 ? "" : failure(name, result);
  };
  std::string why = refuse("flock", ENOLCK);
  for (const char* name : {"inotify_init", "inotify_init1", "fanotify_init"})
    if (why.empty()) why = refuse(name, ENOSYS);
  for (const char* name : {"fcntl", "fcntl64"}) {
    for (const int command : lock_commands)
      if (why.empty()) why = refuse_command(name, command, ENOLCK);
    for (const int command : watch_commands)
      if (why.empty()) why = refuse_command(name, command, EPERM);
  }
  return why;
}

}  // namespace

ChannelFilter build_channel_filter() {
  ChannelFilter built;
  // Everything else is allowed; a system call of an architecture not added (x32) is
  // refused with ENOSYS rather than killing the program.
  const std::unique_ptr<void, FilterDeleter> filter(seccomp_init(SCMP_ACT_ALLOW));
  if (!filter) {
    built.failure = "seccomp_init failed";
    return built;
  }
  int result = seccomp_attr_set(filter.get(), SCMP_FLTATR_ACT_BADARCH, SCMP_ACT_ERRNO(ENOSYS));
  if (result != 0) {
    built.failure = failure("seccomp_attr_set", result);
    return built;
  }
  result = seccomp_arch_add(filter.get(), SCMP_ARCH_X86);
  if (result != 0 && result != -EEXIST) {
    built.failure = failure("seccomp_arch_add(x86)", result);
    return built;
  }
  if (std::string why = add_rules(filter.get()); !why.empty()) {
    built.failure = why;
    return built;
  }
  // libseccomp 2.5 exports the program only to a descriptor: a memory file, read back.
  const int memory = ::memfd_create("channel-filter", MFD_CLOEXEC);
  if (memory < 0) {
    built.failure = std::string("memfd_create: ") + std::strerror(errno);
    return built;
  }
  result = seccomp_export_bpf(filter.get(), memory);
  const off_t bytes = ::lseek(memory, 0, SEEK_END);
  if (result == 0 && bytes > 0 && bytes % static_cast<off_t>(sizeof(sock_filter)) == 0) {
    built.program.resize(static_cast<std::size_t>(bytes) / sizeof(sock_filter));
    if (::pread(memory, built.program.data(), static_cast<std::size_t>(bytes), 0) != bytes) built.program.clear();
  }
  ::close(memory);
  if (built.program.empty()) built.failure = result != 0 ? failure("seccomp_export_bpf", result) : "no program";
  return built;
}

const ChannelFilter& channel_filter() {
  static const ChannelFilter filter = build_channel_filter();
  return filter;
}

std::string install_channel_filter(const ChannelFilter& filter) {
  if (!filter.failure.empty()) return filter.failure;
  if (::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return std::string("no_new_privs: ") + std::strerror(errno);
  sock_fprog program{static_cast<unsigned short>(filter.program.size()),
                     const_cast<sock_filter*>(filter.program.data())};
  if (::syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &program) != 0)
    return std::string("seccomp(SECCOMP_SET_MODE_FILTER): ") + std::strerror(errno);
  return "";
}

}  // namespace judge_box
