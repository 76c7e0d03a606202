#include "base/memory_file.hpp"

#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <system_error>

namespace judge {

UniqueFd make_memory_file(const char* name) {
  const int fd = ::memfd_create(name, MFD_CLOEXEC);
  if (fd < 0) throw std::system_error(errno, std::generic_category(), std::string("memfd_create ") + name);
  return UniqueFd(fd);
}

std::string read_tail(const UniqueFd& file, std::size_t max_bytes) {
  struct stat st {};
  if (!file.valid() || ::fstat(file.get(), &st) != 0 || st.st_size <= 0) return {};
  const auto size = static_cast<std::size_t>(st.st_size);
  const std::size_t start = size > max_bytes ? size - max_bytes : 0;
  std::string text(size - start, '\0');
  std::size_t got = 0;
  while (got < text.size()) {
    const ssize_t n = ::pread(file.get(), text.data() + got, text.size() - got, static_cast<off_t>(start + got));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    got += static_cast<std::size_t>(n);
  }
  text.resize(got);
  return text;
}

}  // namespace judge
