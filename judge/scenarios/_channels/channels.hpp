// The channel probes (scripts/test_channels.py, issue 45): ways one program (the
// sender) could pass a secret (0..63) to another (the receiver) around the judge.
// Each channel is a pair send(secret) / receive(): send sets the channel's state and
// leaves it set (until the next send or the program's end); receive looks for up to
// `wait_ms` and returns what it learned, -1 if nothing. The test composes a
// submission from this file (the judge compiles it as a contestant's source) and
// checks that, boxed, no receiver learns the secret, and that, unboxed, each probe can
// tell (so a probe that cannot fail is seen).
//
// Channels: flock, posix_lock, ofd_lock_store (a lock on the program's own file, bound
// from judge-box's store), inotify, keys, key_users, signal, abstract_socket,
// path_socket, sysv_shm, sysv_msg, sysv_sem, posix_mq, dev_shm, tmp_file, proc,
// cgroup, cpu_locks.
#include <dirent.h>
#include <fcntl.h>
#include <linux/keyctl.h>
#include <mqueue.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/inotify.h>
#include <sys/ipc.h>
#include <sys/mman.h>
#include <sys/msg.h>
#include <sys/prctl.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

namespace probe {

constexpr int bits = 6;  // secrets are 0..63
constexpr key_t ipc_key = 0x6a700000;
constexpr const char* marker = "judge-probe";

inline long now_ms() {
  timespec t{};
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1000L + t.tv_nsec / 1000000L;
}

inline void sleep_ms(int ms) { std::this_thread::sleep_for(std::chrono::milliseconds(ms)); }

// Files every box shares, the same list for both sides: regular files of /usr/bin,
// sorted, bits + 1 of them (the first says "a sender is here").
inline std::vector<std::string> shared_files() {
  std::vector<std::string> names;
  if (DIR* dir = opendir("/usr/bin")) {
    while (dirent* entry = readdir(dir)) {
      const std::string path = std::string("/usr/bin/") + entry->d_name;
      struct stat st {};
      if (entry->d_name[0] != '.' && stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode)) names.push_back(path);
    }
    closedir(dir);
  }
  std::sort(names.begin(), names.end());
  if (names.size() > bits + 1) names.resize(bits + 1);
  return names;
}

// The sender's state: descriptors held, processes and threads kept alive.
struct Held {
  std::vector<int> fds;
  void clear() {
    for (int fd : fds) close(fd);
    fds.clear();
  }
};
inline Held& held() {
  static Held state;
  return state;
}

// Decodes bits [sync, b0..b5] into a number, or -1 without the sync bit.
inline int decoded(const std::vector<bool>& seen) {
  if (seen.empty() || !seen[0]) return -1;
  int value = 0;
  for (int bit = 0; bit < bits; ++bit)
    if (seen[static_cast<std::size_t>(bit) + 1]) value |= 1 << bit;
  return value;
}

inline bool bit_set(int secret, std::size_t index) { return index == 0 || ((secret >> (index - 1)) & 1) != 0; }

// --- locks ----------------------------------------------------------------------

inline void send_flock(int secret) {
  const auto files = shared_files();
  for (std::size_t i = 0; i < files.size(); ++i) {
    if (!bit_set(secret, i)) continue;
    const int fd = open(files[i].c_str(), O_RDONLY);
    if (fd >= 0 && flock(fd, LOCK_EX | LOCK_NB) == 0) held().fds.push_back(fd);
  }
}

inline int receive_flock(int wait_ms) {
  const auto files = shared_files();
  for (const long end = now_ms() + wait_ms; now_ms() < end; sleep_ms(20)) {
    std::vector<bool> seen(files.size(), false);
    for (std::size_t i = 0; i < files.size(); ++i) {
      const int fd = open(files[i].c_str(), O_RDONLY);
      if (fd < 0) continue;
      if (flock(fd, LOCK_SH | LOCK_NB) != 0 && errno == EWOULDBLOCK) seen[i] = true;
      close(fd);
    }
    if (decoded(seen) >= 0) return decoded(seen);
  }
  return -1;
}

// Record locks (POSIX, or open-file-description ones) on bytes of one shared file:
// byte i stands for bit i.
inline void send_record_lock(int secret, const std::string& path, int command) {
  const int fd = open(path.c_str(), O_RDONLY);
  if (fd < 0) return;
  held().fds.push_back(fd);
  for (std::size_t i = 0; i < bits + 1; ++i) {
    if (!bit_set(secret, i)) continue;
    struct flock lock {};
    lock.l_type = F_RDLCK;
    lock.l_whence = SEEK_SET;
    lock.l_start = static_cast<off_t>(i);
    lock.l_len = 1;
    fcntl(fd, command, &lock);
  }
}

inline int receive_record_lock(int wait_ms, const std::string& path, int get_command) {
  const int fd = open(path.c_str(), O_RDONLY);  // F_GETLK asks about any lock whatever the mode
  if (fd < 0) return -1;
  for (const long end = now_ms() + wait_ms; now_ms() < end; sleep_ms(20)) {
    std::vector<bool> seen(bits + 1, false);
    for (std::size_t i = 0; i < seen.size(); ++i) {
      struct flock lock {};
      lock.l_type = F_WRLCK;  // asks whether anyone holds any lock on the byte
      lock.l_whence = SEEK_SET;
      lock.l_start = static_cast<off_t>(i);
      lock.l_len = 1;
      if (fcntl(fd, get_command, &lock) == 0 && lock.l_type != F_UNLCK) seen[i] = true;
    }
    if (decoded(seen) >= 0) return decoded(seen);
  }
  return -1;
}

inline std::string own_file() {
  char path[4096];
  const ssize_t n = readlink("/proc/self/exe", path, sizeof path - 1);
  return n > 0 ? std::string(path, static_cast<std::size_t>(n)) : std::string();
}

// --- inotify ------------------------------------------------------------------------

// A child of the sender (no threads: a CMS stub may be linked without them), which
// dies with it.
inline bool spawn_child(void (*work)(int), int secret) {
  const pid_t child = fork();
  if (child != 0) return child > 0;
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  work(secret);
  _exit(0);
}

inline void open_set_files_forever(int secret) {
  const auto files = shared_files();
  for (;;) {
    for (std::size_t i = 0; i < files.size(); ++i)
      if (bit_set(secret, i)) close(open(files[i].c_str(), O_RDONLY));
    sleep_ms(10);
  }
}

// Opens the files of the set bits again and again while it waits (the receiver's
// watch sees each open).
inline void send_inotify(int secret) { spawn_child(open_set_files_forever, secret); }

inline int receive_inotify(int wait_ms) {
  const auto files = shared_files();
  const int watch = inotify_init1(IN_NONBLOCK);
  if (watch < 0) return -1;
  std::vector<int> watches;
  for (const auto& file : files) watches.push_back(inotify_add_watch(watch, file.c_str(), IN_OPEN));
  // A file counts as a set bit when it was opened again and again, as the sender does
  // every 10 ms: the files are /usr/bin's, which any program the host starts opens
  // once (a test beside this one running g++ or python3 set stray bits: twice WA in
  // the unboxed control, channels.cms.inotify.control).
  constexpr int sender_opens = 4;
  std::vector<int> opens(files.size(), 0);
  for (const long end = now_ms() + wait_ms; now_ms() < end; sleep_ms(20)) {
    alignas(inotify_event) char buffer[4096];
    for (ssize_t n; (n = read(watch, buffer, sizeof buffer)) > 0;)
      for (char* p = buffer; p < buffer + n;) {
        const auto* event = reinterpret_cast<const inotify_event*>(p);
        for (std::size_t i = 0; i < watches.size(); ++i)
          if (watches[i] == event->wd) ++opens[i];
        p += sizeof(inotify_event) + event->len;
      }
  }
  std::vector<bool> seen(files.size(), false);
  for (std::size_t i = 0; i < files.size(); ++i) seen[i] = opens[i] >= sender_opens;
  return decoded(seen);
}

// --- keys ---------------------------------------------------------------------------

inline long key_call(int op, long a, long b = 0, long c = 0, long d = 0) { return syscall(SYS_keyctl, op, a, b, c, d); }

// The sender puts the key in a session keyring of its own (which goes with it, so an
// unboxed control leaves nothing in its caller's), viewable by everyone; the receiver
// looks for it in /proc/keys, which lists every key its uid may view.
inline void send_keys(int secret) {
  const std::string description = std::string(marker) + ":" + std::to_string(secret);
  key_call(KEYCTL_JOIN_SESSION_KEYRING, 0);
  const long key = syscall(SYS_add_key, "user", description.c_str(), "x", 1, KEY_SPEC_SESSION_KEYRING);
  if (key >= 0) key_call(KEYCTL_SETPERM, key, 0x3f3f3f3f);
}

inline int receive_keys(int wait_ms) {
  for (const long end = now_ms() + wait_ms; now_ms() < end; sleep_ms(50)) {
    std::ifstream keys("/proc/keys");
    for (std::string line; std::getline(keys, line);) {
      const auto at = line.find(std::string(marker) + ":");
      if (at == std::string::npos || line.find(" I") == std::string::npos) continue;  // instantiated ones only
      return std::atoi(line.c_str() + at + std::strlen(marker) + 1);
    }
  }
  return -1;
}

// The number of keys of a uid, as /proc/key-users counts them: the sender holds 10 +
// secret keys, the receiver (which makes none) reads the counts it can see, its own
// uid's included (boxes that share a uid share its count).
inline void send_key_users(int secret) {
  // As send_keys: they go with the sender. Its new session keyring is one key of its
  // uid, so 9 + secret more make the count 10 + secret.
  key_call(KEYCTL_JOIN_SESSION_KEYRING, 0);
  for (int i = 0; i < 9 + secret; ++i) {
    const std::string description = std::string(marker) + "-count-" + std::to_string(i);
    syscall(SYS_add_key, "user", description.c_str(), "x", 1, KEY_SPEC_SESSION_KEYRING);
  }
}

inline int receive_key_users(int wait_ms) {
  for (const long end = now_ms() + wait_ms; now_ms() < end; sleep_ms(50)) {
    std::ifstream users("/proc/key-users");
    for (std::string line; std::getline(users, line);) {
      long uid = -1;
      int usage = 0;
      int keys = 0;
      int instantiated = 0;
      // "  UID:     USAGE NKEYS/NIKEYS ..."
      if (std::sscanf(line.c_str(), " %ld: %d %d/%d", &uid, &usage, &keys, &instantiated) != 4) continue;
      if (uid != 0 && keys >= 10 && keys < 10 + (1 << bits)) return keys - 10;
    }
  }
  return -1;
}

// --- signals ------------------------------------------------------------------------

// The sender names itself and answers a receiver's signal with a queued one carrying
// the secret (sigqueue, async-signal-safe, to the asker's pid); the receiver finds
// the sender by its name in /proc. Both need the other's pid and the same uid.
inline volatile sig_atomic_t signal_secret = -1;

inline void answer_signal(int, siginfo_t* info, void*) {
  sigval value{};
  value.sival_int = signal_secret;
  sigqueue(info->si_pid, SIGRTMIN + 3, value);
}

inline void send_signal(int secret) {
  signal_secret = secret;
  struct sigaction action {};
  action.sa_sigaction = answer_signal;
  action.sa_flags = SA_SIGINFO | SA_RESTART;
  sigaction(SIGRTMIN + 4, &action, nullptr);
  prctl(PR_SET_NAME, "probe-sender");
}

inline int receive_signal(int wait_ms) {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGRTMIN + 3);
  sigprocmask(SIG_BLOCK, &set, nullptr);
  for (const long end = now_ms() + wait_ms; now_ms() < end; sleep_ms(20)) {
    DIR* proc = opendir("/proc");
    if (proc == nullptr) return -1;
    while (dirent* entry = readdir(proc)) {
      const int pid = std::atoi(entry->d_name);
      std::ifstream comm(std::string("/proc/") + entry->d_name + "/comm");
      std::string name;
      if (pid <= 0 || pid == getpid() || !std::getline(comm, name) || name != "probe-sender") continue;
      sigqueue(pid, SIGRTMIN + 4, sigval{});
    }
    closedir(proc);
    timespec wait{0, 20 * 1000000L};
    siginfo_t info{};
    if (sigtimedwait(&set, &info, &wait) > 0) return info.si_value.sival_int;
  }
  return -1;
}

// --- sockets ------------------------------------------------------------------------

// The sender listens on a name that holds the secret; the receiver tries the 64
// names: the one it can connect to (the kernel completes a connection into the
// backlog without an accept) is the secret.
inline sockaddr_un socket_address(bool abstract, int secret, socklen_t& length) {
  sockaddr_un address{};
  address.sun_family = AF_UNIX;
  const std::string stem = std::string(marker) + "-" + std::to_string(secret);
  const std::string name = abstract ? std::string("\0", 1) + stem : "/tmp/" + stem + ".sock";
  std::memcpy(address.sun_path, name.data(), name.size());
  length = static_cast<socklen_t>(offsetof(sockaddr_un, sun_path) + name.size() + (abstract ? 0 : 1));
  return address;
}

inline void send_socket(int secret, bool abstract) {
  socklen_t length = 0;
  const sockaddr_un address = socket_address(abstract, secret, length);
  const int s = socket(AF_UNIX, SOCK_STREAM, 0);
  if (!abstract) unlink(address.sun_path);
  if (s >= 0 && bind(s, reinterpret_cast<const sockaddr*>(&address), length) == 0 && listen(s, 64) == 0)
    held().fds.push_back(s);
  else if (s >= 0)
    close(s);
}

inline int receive_socket(int wait_ms, bool abstract) {
  for (const long end = now_ms() + wait_ms; now_ms() < end; sleep_ms(20))
    for (int secret = 0; secret < (1 << bits); ++secret) {
      socklen_t length = 0;
      const sockaddr_un address = socket_address(abstract, secret, length);
      const int s = socket(AF_UNIX, SOCK_STREAM, 0);
      const bool connected = s >= 0 && connect(s, reinterpret_cast<const sockaddr*>(&address), length) == 0;
      if (s >= 0) close(s);
      if (connected) return secret;
    }
  return -1;
}

// --- IPC ----------------------------------------------------------------------------

// The IPC objects and files are made fresh by the sender and removed by the receiver
// that read them: unboxed (the probes' controls) they live in the host's namespaces.
inline void send_sysv_shm(int secret) {
  if (const int old = shmget(ipc_key + 1, 0, 0); old >= 0) shmctl(old, IPC_RMID, nullptr);
  const int id = shmget(ipc_key + 1, 4096, IPC_CREAT | 0666);
  if (id < 0) return;
  if (void* memory = shmat(id, nullptr, 0); memory != reinterpret_cast<void*>(-1))
    std::snprintf(static_cast<char*>(memory), 64, "%s %d", marker, secret);
}

inline int parse_marked(const char* text) {
  int value = -1;
  const std::string format = std::string(marker) + " %d";
  return std::sscanf(text, format.c_str(), &value) == 1 ? value : -1;
}

inline int receive_sysv_shm(int wait_ms) {
  for (const long end = now_ms() + wait_ms; now_ms() < end; sleep_ms(20)) {
    const int id = shmget(ipc_key + 1, 0, 0);
    if (id < 0) continue;
    void* memory = shmat(id, nullptr, SHM_RDONLY);
    if (memory == reinterpret_cast<void*>(-1)) continue;
    const int value = parse_marked(static_cast<const char*>(memory));
    shmdt(memory);
    if (value >= 0) shmctl(id, IPC_RMID, nullptr);
    if (value >= 0) return value;
  }
  return -1;
}

struct Message {
  long type;
  char text[64];
};

inline void send_sysv_msg(int secret) {
  if (const int old = msgget(ipc_key + 2, 0); old >= 0) msgctl(old, IPC_RMID, nullptr);
  const int id = msgget(ipc_key + 2, IPC_CREAT | 0666);
  Message message{1, {}};
  std::snprintf(message.text, sizeof message.text, "%s %d", marker, secret);
  for (int i = 0; id >= 0 && i < 8; ++i) msgsnd(id, &message, sizeof message.text, IPC_NOWAIT);
}

inline int receive_sysv_msg(int wait_ms) {
  for (const long end = now_ms() + wait_ms; now_ms() < end; sleep_ms(20)) {
    const int id = msgget(ipc_key + 2, 0);
    Message message{};
    if (id >= 0 && msgrcv(id, &message, sizeof message.text, 0, IPC_NOWAIT) > 0) {
      msgctl(id, IPC_RMID, nullptr);
      return parse_marked(message.text);
    }
  }
  return -1;
}

inline void send_sysv_sem(int secret) {
  if (const int old = semget(ipc_key + 3, 1, 0); old >= 0) semctl(old, 0, IPC_RMID);
  const int id = semget(ipc_key + 3, 1, IPC_CREAT | 0666);
  if (id >= 0) semctl(id, 0, SETVAL, 1000 + secret);
}

inline int receive_sysv_sem(int wait_ms) {
  for (const long end = now_ms() + wait_ms; now_ms() < end; sleep_ms(20)) {
    const int id = semget(ipc_key + 3, 1, 0);
    const int value = id >= 0 ? semctl(id, 0, GETVAL) : -1;
    if (value >= 1000) semctl(id, 0, IPC_RMID);
    if (value >= 1000) return value - 1000;
  }
  return -1;
}

inline void send_posix_mq(int secret) {
  mq_attr attributes{};
  attributes.mq_maxmsg = 8;
  attributes.mq_msgsize = 64;
  mq_unlink("/judge-probe");
  const mqd_t queue = mq_open("/judge-probe", O_CREAT | O_WRONLY | O_NONBLOCK, 0666, &attributes);
  if (queue == static_cast<mqd_t>(-1)) return;
  char text[64];
  std::snprintf(text, sizeof text, "%s %d", marker, secret);
  for (int i = 0; i < 8; ++i) mq_send(queue, text, sizeof text, 0);
}

inline int receive_posix_mq(int wait_ms) {
  for (const long end = now_ms() + wait_ms; now_ms() < end; sleep_ms(20)) {
    const mqd_t queue = mq_open("/judge-probe", O_RDONLY | O_NONBLOCK);
    if (queue == static_cast<mqd_t>(-1)) continue;
    char text[64] = {};
    const ssize_t n = mq_receive(queue, text, sizeof text, nullptr);
    mq_close(queue);
    if (n > 0) mq_unlink("/judge-probe");
    if (n > 0) return parse_marked(text);
  }
  return -1;
}

// --- files ----------------------------------------------------------------------------

inline void send_file(int secret, const std::string& path) {
  FILE* file = std::fopen(path.c_str(), "w");
  if (file == nullptr) return;
  std::fprintf(file, "%s %d\n", marker, secret);
  std::fclose(file);
}

inline int receive_file(int wait_ms, const std::string& path) {
  for (const long end = now_ms() + wait_ms; now_ms() < end; sleep_ms(20)) {
    std::ifstream file(path);
    std::string line;
    if (std::getline(file, line) && parse_marked(line.c_str()) >= 0) {
      unlink(path.c_str());
      return parse_marked(line.c_str());
    }
  }
  return -1;
}

// --- /proc of the other box -------------------------------------------------------------

inline void send_proc(int secret) {
  const std::string name = "jp-" + std::to_string(secret);
  prctl(PR_SET_NAME, name.c_str());
}

inline int receive_proc(int wait_ms) {
  const int own = getpid();
  for (const long end = now_ms() + wait_ms; now_ms() < end; sleep_ms(20)) {
    DIR* proc = opendir("/proc");
    if (proc == nullptr) return -1;
    int found = -1;
    while (dirent* entry = readdir(proc)) {
      const int pid = std::atoi(entry->d_name);
      if (pid <= 0 || pid == own) continue;
      std::ifstream comm(std::string("/proc/") + entry->d_name + "/comm");
      std::string name;
      if (std::getline(comm, name) && name.rfind("jp-", 0) == 0) found = std::atoi(name.c_str() + 3);
    }
    closedir(proc);
    if (found >= 0) return found;
  }
  return -1;
}

// --- cgroup files: the sender holds 1 + secret extra threads; the receiver reads
//     pids.current of every pids cgroup it can see but its own ------------------------

inline void sleep_forever(int) { sleep_ms(60000); }

inline void send_cgroup(int secret) {
  for (int i = 0; i < 1 + secret; ++i) spawn_child(sleep_forever, 0);
}

inline std::string own_pids_cgroup() {
  std::ifstream cgroups("/proc/self/cgroup");
  for (std::string line; std::getline(cgroups, line);)
    if (line.find(":pids:") != std::string::npos) return line.substr(line.rfind(':') + 1);
  return "";
}

inline void find_pids_current(const std::string& dir, int depth, std::vector<std::pair<std::string, int>>& found) {
  if (depth > 6) return;
  DIR* handle = opendir(dir.c_str());
  if (handle == nullptr) return;
  while (dirent* entry = readdir(handle)) {
    const std::string name = entry->d_name;
    if (name == "." || name == "..") continue;
    const std::string path = dir + "/" + name;
    if (name == "pids.current") {
      std::ifstream file(path);
      int value = 0;
      if (file >> value) found.emplace_back(dir, value);
    } else if (entry->d_type == DT_DIR) {
      find_pids_current(path, depth + 1, found);
    }
  }
  closedir(handle);
}

inline int receive_cgroup(int wait_ms) {
  const std::string own = own_pids_cgroup();
  for (const long end = now_ms() + wait_ms; now_ms() < end; sleep_ms(50)) {
    std::vector<std::pair<std::string, int>> found;
    find_pids_current("/sys/fs/cgroup/pids", 0, found);
    for (const auto& [dir, value] : found)
      // The sender's test: its program and 1 + secret threads (and the shell of a
      // stub, if any): the value is taken as the largest plausible one.
      if (!own.empty() && dir.size() >= own.size() && dir.compare(dir.size() - own.size(), own.size(), own) != 0 &&
          dir.find("judge") != std::string::npos && value >= 2 && value <= 2 + (1 << bits))
        return value - 2;
  }
  return -1;
}

// --- the judge's CPU lock files: whether the receiver can see any ---------------------

inline void send_cpu_locks(int) {}

// It carries no value: a receiver that can list the lock folder root's judges use
// (/run/judge/cpu-locks) sees which CPUs other tests hold, and says so with the secret.
inline int receive_cpu_locks(int wait_ms, int secret_if_seen) {
  for (const long end = now_ms() + wait_ms; now_ms() < end; sleep_ms(50))
    if (DIR* handle = opendir("/run/judge/cpu-locks")) {
      bool any = false;
      while (dirent* entry = readdir(handle)) any = any || entry->d_name[0] != '.';
      closedir(handle);
      if (any) return secret_if_seen;
    }
  return -1;
}

// --- the table ------------------------------------------------------------------------

struct Channel {
  const char* name;
  void (*send)(int secret);
  // `expected`: only the CPU-lock probe, which carries no value, says it with it.
  int (*receive)(int wait_ms, int expected);
};

inline const Channel channels[] = {
    {"flock", send_flock, [](int ms, int) { return receive_flock(ms); }},
    {"posix_lock", [](int x) { send_record_lock(x, shared_files().front(), F_SETLK); },
     [](int ms, int) { return receive_record_lock(ms, shared_files().front(), F_GETLK); }},
    {"ofd_lock_store", [](int x) { send_record_lock(x, own_file(), F_OFD_SETLK); },
     [](int ms, int) { return receive_record_lock(ms, own_file(), F_OFD_GETLK); }},
    {"inotify", send_inotify, [](int ms, int) { return receive_inotify(ms); }},
    {"keys", send_keys, [](int ms, int) { return receive_keys(ms); }},
    {"key_users", send_key_users, [](int ms, int) { return receive_key_users(ms); }},
    {"signal", send_signal, [](int ms, int) { return receive_signal(ms); }},
    {"abstract_socket", [](int x) { send_socket(x, true); }, [](int ms, int) { return receive_socket(ms, true); }},
    {"path_socket", [](int x) { send_socket(x, false); }, [](int ms, int) { return receive_socket(ms, false); }},
    {"sysv_shm", send_sysv_shm, [](int ms, int) { return receive_sysv_shm(ms); }},
    {"sysv_msg", send_sysv_msg, [](int ms, int) { return receive_sysv_msg(ms); }},
    {"sysv_sem", send_sysv_sem, [](int ms, int) { return receive_sysv_sem(ms); }},
    {"posix_mq", send_posix_mq, [](int ms, int) { return receive_posix_mq(ms); }},
    {"dev_shm", [](int x) { send_file(x, "/dev/shm/judge-probe"); },
     [](int ms, int) { return receive_file(ms, "/dev/shm/judge-probe"); }},
    {"tmp_file", [](int x) { send_file(x, "/tmp/judge-probe"); },
     [](int ms, int) { return receive_file(ms, "/tmp/judge-probe"); }},
    {"proc", send_proc, [](int ms, int) { return receive_proc(ms); }},
    {"cgroup", send_cgroup, [](int ms, int) { return receive_cgroup(ms); }},
    {"cpu_locks", send_cpu_locks, receive_cpu_locks},
};

inline const Channel* find(const std::string& name) {
  for (const Channel& channel : channels)
    if (name == channel.name) return &channel;
  return nullptr;
}

inline void send(const std::string& channel, int secret) {
  held().clear();
  if (const Channel* found = find(channel)) found->send(secret);
}

inline int receive(const std::string& channel, int wait_ms, int expected) {
  const Channel* found = find(channel);
  return found ? found->receive(wait_ms, expected) : -1;
}

}  // namespace probe
