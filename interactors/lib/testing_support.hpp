// Helpers for the library's unit tests only: temporary directories and files, pipes,
// and catching the Finish that a verdict throws. No child processes anywhere.
#pragma once

#include <cerrno>
#include <cstdlib>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unistd.h>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "finish.hpp"

namespace interactor::testing_support {

class TempDir {
 public:
  TempDir() {
    std::string pattern = (std::filesystem::temp_directory_path() / "interactor_lib_test.XXXXXX").string();
    if (::mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
    path_ = pattern;
  }
  ~TempDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::filesystem::path& path() const { return path_; }
  std::filesystem::path operator/(std::string_view name) const { return path_ / name; }

 private:
  std::filesystem::path path_;
};

inline void write_text(const std::filesystem::path& path, std::string_view text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
}

inline std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// A file descriptor that is closed when it goes out of scope.
class Fd {
 public:
  explicit Fd(int fd = -1) : fd_(fd) {}
  ~Fd() { reset(); }
  Fd(Fd&& other) noexcept : fd_(std::exchange(other.fd_, -1)) {}
  Fd& operator=(Fd&& other) noexcept {
    reset();
    fd_ = std::exchange(other.fd_, -1);
    return *this;
  }
  int get() const { return fd_; }
  void reset() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
  }

 private:
  int fd_;
};

inline Fd open_for_reading(const std::filesystem::path& path) { return Fd(::open(path.c_str(), O_RDONLY)); }
inline Fd open_for_writing(const std::filesystem::path& path) {
  return Fd(::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644));
}

struct Pipe {
  Pipe() {
    int fds[2];
    if (::pipe(fds) != 0) throw std::runtime_error("pipe failed");
    read_end = Fd(fds[0]);
    write_end = Fd(fds[1]);
  }
  Fd read_end;
  Fd write_end;
};

// Runs `action`, which must end with a verdict, and returns it.
template <typename Action>
Finish finish_of(Action&& action) {
  try {
    action();
  } catch (const Finish& finish) {
    return finish;
  }
  ADD_FAILURE() << "expected a verdict (a Finish), got none";
  return Finish{};
}

// argv for run_with_fds().
class Args {
 public:
  explicit Args(std::vector<std::string> args) : args_(std::move(args)) {
    for (std::string& arg : args_) pointers_.push_back(arg.data());
    pointers_.push_back(nullptr);
  }
  int argc() const { return static_cast<int>(args_.size()); }
  char** argv() { return pointers_.data(); }

 private:
  std::vector<std::string> args_;
  std::vector<char*> pointers_;
};

}  // namespace interactor::testing_support
