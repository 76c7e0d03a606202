#include "batch/journal.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <stdexcept>
#include <utility>

#include <fmt/core.h>

#include "base/errors.hpp"
#include "base/json_text.hpp"

namespace judge {
namespace fs = std::filesystem;

namespace {

[[noreturn]] void fail(const fs::path& path, const char* what) {
  throw JudgeFault(fmt::format("journal {}: {} failed: {}", path.string(), what, std::strerror(errno)));
}

void write_journal_text(int fd, const std::string& text, const fs::path& path) {
  std::size_t written = 0;
  while (written < text.size()) {
    const ssize_t n = ::write(fd, text.data() + written, text.size() - written);
    if (n < 0) {
      if (errno == EINTR) continue;
      fail(path, "write");
    }
    written += static_cast<std::size_t>(n);
  }
}

}  // namespace

JournalWriter::JournalWriter(const fs::path& path, std::chrono::milliseconds sync_window,
                             std::function<Clock::time_point()> now)
    : path_(path), sync_window_(sync_window), now_(std::move(now)) {
  const bool existed = fs::exists(path);
  fd_ = UniqueFd(::open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644));
  if (!fd_.valid()) fail(path, "open");
  if (!existed) {
    // Make the new file's name durable too.
    const fs::path dir = path.has_parent_path() ? path.parent_path() : fs::path(".");
    UniqueFd dir_fd(::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (dir_fd.valid()) ::fsync(dir_fd.get());
    return;
  }
  UniqueFd reader(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
  if (!reader.valid()) fail(path, "open");
  struct stat info {};
  if (::fstat(reader.get(), &info) != 0) fail(path, "stat");
  if (info.st_size == 0) return;
  char last = '\n';
  if (::pread(reader.get(), &last, 1, info.st_size - 1) != 1) fail(path, "read");
  if (last != '\n') {
    write_journal_text(fd_.get(), "\n", path_);
    if (::fsync(fd_.get()) != 0) fail(path_, "fsync");
  }
}

JournalWriter::~JournalWriter() {
  if (oldest_unsynced_) ::fsync(fd_.get());
}

void JournalWriter::append(const nlohmann::json& record) {
  // One write of the whole line: with O_APPEND it lands at the end in one piece, and
  // from then on it survives the batch's death; only its fsync may wait.
  write_journal_text(fd_.get(), json_text(record) + "\n", path_);
  if (!oldest_unsynced_) oldest_unsynced_ = now_();
  sync_if_due();
}

void JournalWriter::sync() {
  if (!oldest_unsynced_) return;
  if (::fsync(fd_.get()) != 0) fail(path_, "fsync");
  oldest_unsynced_.reset();
  ++syncs_;
}

void JournalWriter::sync_if_due() {
  if (oldest_unsynced_ && now_() - *oldest_unsynced_ >= sync_window_) sync();
}

std::optional<std::chrono::milliseconds> JournalWriter::sync_due_in() const {
  if (!oldest_unsynced_) return std::nullopt;
  const auto waited = std::chrono::duration_cast<std::chrono::milliseconds>(now_() - *oldest_unsynced_);
  return waited >= sync_window_ ? std::chrono::milliseconds(0) : sync_window_ - waited;
}

JournalContents read_journal(const fs::path& path) {
  JournalContents contents;
  std::ifstream in(path, std::ios::binary);
  if (!in) return contents;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    // A torn line (a write cut short) is never a whole JSON object: a prefix of one
    // does not parse.
    nlohmann::json record = nlohmann::json::parse(line, nullptr, false);
    if (record.is_discarded() || !record.is_object() ||
        !record.contains("participant") || !record.contains("problem") ||
        !record.contains("test")) {
      ++contents.skipped_lines;
      continue;
    }
    contents.records.push_back(std::move(record));
  }
  return contents;
}

std::string unit_key(const std::string& participant, const std::string& problem, const std::string& test,
                     const std::string& submission_id) {
  if (submission_id.empty()) return participant + '\x1f' + problem + '\x1f' + test;
  return participant + '\x1f' + problem + '\x1e' + submission_id + '\x1f' + test;
}

std::string record_key(const nlohmann::json& record) {
  return unit_key(record.value("participant", ""), record.value("problem", ""), record.value("test", ""),
                  record.value("submission", ""));
}

}  // namespace judge
