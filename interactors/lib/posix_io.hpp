// Thin wrappers over read(2)/write(2) that retry on EINTR and report errno instead of
// throwing, plus the atomic file write used for the feedback files.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string_view>
#include <sys/types.h>

namespace interactor {

// read(2), retried on EINTR. Returns the byte count (0 at end of file) or -errno.
ssize_t read_some(int fd, char* buffer, std::size_t size);

// Writes all of `bytes` (looping over partial writes). Returns 0 or the errno.
int write_all(int fd, std::string_view bytes);

// Writes `bytes` to `path` atomically: a temporary file in the same directory, then
// rename(2), so a reader sees either no file or the whole of it. Throws
// std::system_error on failure.
void write_file_atomically(const std::filesystem::path& path, std::string_view bytes);

}  // namespace interactor
