#include "channel_filter.hpp"

#include <fcntl.h>
#include <seccomp.h>

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

std::string install_channel_filter() {
  // Everything else is allowed; a system call of an architecture not added (x32) is
  // refused with ENOSYS rather than killing the program.
  const std::unique_ptr<void, FilterDeleter> filter(seccomp_init(SCMP_ACT_ALLOW));
  if (!filter) return "seccomp_init failed";
  int result = seccomp_attr_set(filter.get(), SCMP_FLTATR_ACT_BADARCH, SCMP_ACT_ERRNO(ENOSYS));
  if (result != 0) return failure("seccomp_attr_set", result);
  result = seccomp_arch_add(filter.get(), SCMP_ARCH_X86);
  if (result != 0 && result != -EEXIST) return failure("seccomp_arch_add(x86)", result);
  if (std::string why = add_rules(filter.get()); !why.empty()) return why;
  result = seccomp_load(filter.get());
  return result == 0 ? "" : failure("seccomp_load", result);
}

}  // namespace judge_box
