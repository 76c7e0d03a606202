// Tries to read what a submission must never see: every file under the
// repository's testdata/ (by its absolute path), and the /proc entries of every
// other process it can find (the interactor's among them, when visible: its
// command line names the test file, its environ and its open files). Answers
// correctly only if every attempt failed; one success makes the answer wrong (WA),
// so the scenario fails if the box lets anything through.
#include <dirent.h>
#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

namespace {

struct Leaks {
  int count = 0;
  std::string first;
  void note(const std::string& path) {
    if (count++ == 0) first = path;
  }
};

bool can_read(const char* path) {
  const int fd = ::open(path, O_RDONLY);
  if (fd < 0) return false;
  char byte;
  const bool got = ::read(fd, &byte, 1) >= 0;
  ::close(fd);
  return got;
}

// Every file under dir that can be read, and dir itself if it can be listed.
void walk(const std::string& dir, Leaks& leaks) {
  DIR* listing = ::opendir(dir.c_str());
  if (listing == nullptr) return;
  leaks.note(dir);  // even listing the directory is a leak
  while (const dirent* entry = ::readdir(listing)) {
    const std::string name = entry->d_name;
    if (name == "." || name == "..") continue;
    const std::string path = dir + "/" + name;
    if (entry->d_type == DT_DIR) walk(path, leaks);
    else if (can_read(path.c_str())) leaks.note(path);
  }
  ::closedir(listing);
}

}  // namespace

int main() {
  long long x;
  if (std::scanf("%lld", &x) != 1) return 1;
  Leaks leaks;
  walk(JUDGE_SOURCE_DIR "/testdata", leaks);
  if (can_read(JUDGE_SOURCE_DIR "/README.md")) leaks.note(JUDGE_SOURCE_DIR "/README.md");
  const std::string self = std::to_string(::getpid());
  if (DIR* proc = ::opendir("/proc")) {
    while (const dirent* entry = ::readdir(proc)) {
      if (entry->d_name[0] < '0' || entry->d_name[0] > '9' || self == entry->d_name) continue;
      for (const char* part : {"cmdline", "environ", "fd", "root/"}) {
        const std::string path = std::string("/proc/") + entry->d_name + "/" + part;
        if (std::strcmp(part, "cmdline") == 0) {
          // A command line is public on Linux; it must not name the test data.
          char text[4096] = {};
          const int fd = ::open(path.c_str(), O_RDONLY);
          if (fd >= 0) {
            const ssize_t n = ::read(fd, text, sizeof text - 1);
            ::close(fd);
            for (ssize_t i = 0; i < n; ++i)
              if (text[i] == '\0') text[i] = ' ';
            if (std::strstr(text, "testdata") != nullptr || std::strstr(text, ".in") != nullptr)
              leaks.note(path);
          }
        } else if (DIR* dir = ::opendir(path.c_str())) {
          ::closedir(dir);
          if (std::strcmp(part, "root/") != 0 || ::access((path + "etc/passwd").c_str(), R_OK) == 0)
            leaks.note(path);
        } else if (can_read(path.c_str())) {
          leaks.note(path);
        }
      }
    }
    ::closedir(proc);
  }
  std::fprintf(stderr, "readable: %d, first: %s\n", leaks.count, leaks.first.c_str());
  std::printf("%lld\n", leaks.count == 0 ? x + 1 : x + 2);
  std::fflush(stdout);
  return 0;
}
