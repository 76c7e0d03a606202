// OutputDrain: a pipe whose write end a child gets as its stdout and stderr, read by
// a thread of the judge that keeps the first `keep_bytes` and counts and drops the
// rest. What a child prints then takes no disk (a file in the run folder grew to
// 254 MB under an error flood before RLIMIT_FSIZE cut it, issue 28) and bounded
// memory, and the child is never blocked on a full pipe. Used for the compiler.
//
// finish() is called once the child and everything it started have ended (or been
// killed): it takes what is still in the pipe without waiting for an end-of-file that
// a stray process holding the write end would never send.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <string>
#include <thread>

#include "base/unique_fd.hpp"

namespace judge {

class OutputDrain {
 public:
  // Throws std::system_error when the pipe or the thread cannot be made.
  explicit OutputDrain(std::size_t keep_bytes);
  OutputDrain(const OutputDrain&) = delete;
  OutputDrain& operator=(const OutputDrain&) = delete;
  ~OutputDrain();

  // The write end, for the child (close-on-exec: give it through dup2 as 1 and 2).
  int write_fd() const { return write_end_.get(); }
  // The judge's copy of the write end goes (call right after the child started).
  void close_write_end() { write_end_.reset(); }
  // Waits for the reader (what is in the pipe is read first). Idempotent.
  void finish();

  const std::string& kept() const { return kept_; }
  std::uint64_t total_bytes() const { return total_; }

 private:
  void read_all();

  std::size_t keep_bytes_;
  UniqueFd read_end_;
  UniqueFd write_end_;
  UniqueFd stop_;  // an eventfd: finish() wakes the reader with it
  std::atomic<bool> stopping_{false};
  std::string kept_;
  std::uint64_t total_ = 0;
  std::thread reader_;
};

}  // namespace judge
