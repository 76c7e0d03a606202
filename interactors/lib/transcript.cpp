#include "transcript.hpp"

#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <fcntl.h>
#include <sys/stat.h>
#include <stdexcept>
#include <system_error>
#include <unistd.h>
#include <utility>

#include "line.hpp"
#include "posix_io.hpp"

namespace interactor {

Transcript::Transcript(std::filesystem::path path, std::size_t limit_bytes)
    : enabled_(true), path_(std::move(path)), limit_bytes_(limit_bytes) {}

Transcript Transcript::from_environment() {
  const char* path = std::getenv("JUDGE_TRANSCRIPT_FILE");
  if (path == nullptr || *path == '\0') return {};
  std::size_t limit_bytes = kDefaultTranscriptLimitBytes;
  if (const char* limit = std::getenv("JUDGE_TRANSCRIPT_LIMIT_BYTES"); limit != nullptr && *limit != '\0') {
    std::uint64_t value = 0;
    if (parse_uint64(limit, value) != IntError::none) {
      throw std::invalid_argument(std::string("JUDGE_TRANSCRIPT_LIMIT_BYTES is not a byte count: ") + limit);
    }
    limit_bytes = static_cast<std::size_t>(value);
  }
  return Transcript(path, limit_bytes);
}

void Transcript::record(char prefix, std::string_view line) {
  if (!enabled_ || truncated_) return;
  if (buffer_.size() + line.size() + 2 > limit_bytes_) {
    truncated_ = true;
    buffer_ += kTranscriptTruncated;
    buffer_ += '\n';
    return;
  }
  buffer_ += prefix;
  buffer_ += line;
  buffer_ += '\n';
}

void Transcript::flush() const {
  if (!enabled_) return;
  // The transcript's folder may be shared with others (a --transcripts folder in
  // /tmp), and the interactor and the judge's relay often run as root: nothing
  // planted at the name may steer the write. So the final name is never followed
  // (O_NOFOLLOW), a FIFO is never waited for (O_NONBLOCK), and the file is cut and
  // written only if it is a regular file of this user with no other name (not a hard
  // link to someone's file); otherwise nothing is written.
  const int fd = ::open(path_.c_str(), O_WRONLY | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, 0644);
  if (fd < 0) throw std::system_error(errno, std::generic_category(), "cannot create transcript " + path_.string());
  struct stat st {};
  const bool ours = ::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_nlink == 1 && st.st_uid == ::geteuid();
  if (!ours) {
    ::close(fd);
    throw std::system_error(EPERM, std::generic_category(),
                            "cannot write transcript " + path_.string() +
                                ": not a regular file of this user with one name (a FIFO, a device or a hard link "
                                "someone left there)");
  }
  int error = ::ftruncate(fd, 0) == 0 ? write_all(fd, buffer_) : errno;
  if (::close(fd) != 0 && error == 0) error = errno;
  if (error != 0) {
    // A full or failing disk: a half-written transcript would read as an interaction
    // that stopped half-way, so none is left (the interactor's error says why).
    ::unlink(path_.c_str());
    throw std::system_error(error, std::generic_category(), "cannot write transcript " + path_.string());
  }
}

}  // namespace interactor
