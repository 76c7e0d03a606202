// Reading a file whole, or only its end: the one place the judge turns a file into a
// string (problem configs, compiler logs, cgroup counters, an interactor's message,
// a program's stderr).
#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>

namespace judge {

// The file's bytes, or nullopt when it cannot be opened.
std::optional<std::string> read_file(const std::filesystem::path& path);

// The first `max_bytes` bytes of the file ("" when it cannot be opened): enough to
// tell a script ("#!") from a binary ("\x7fELF").
std::string read_head(const std::filesystem::path& path, std::size_t max_bytes);

// The last `max_bytes` bytes of the file ("" when it cannot be opened): a program's
// stderr may be megabytes, and only its end says how it failed.
std::string read_tail(const std::filesystem::path& path, std::size_t max_bytes);

// `text` without the line ends at its end.
std::string without_trailing_newlines(std::string text);

// How much of judgemessage.txt and of a program's stderr the judge keeps.
inline constexpr std::size_t message_tail_bytes = 4096;

}  // namespace judge
