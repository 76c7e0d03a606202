// Finding a program on $PATH the way a shell does, so that the judge can run the
// python3 (or any tool) the user has, by its absolute path: the judge execs argv[0]
// directly (process.hpp) and does no PATH search of its own.
#pragma once

#include <filesystem>
#include <optional>
#include <string_view>

namespace judge {

// A regular file (after symlinks) that the judge may execute.
bool is_executable_file(const std::filesystem::path& path);

// The first executable regular file NAME in the folders of $PATH (an empty entry is
// the current folder), as an absolute path; nullopt if there is none. A NAME that
// holds a '/' is not searched for: it is returned as it is if it is executable.
std::optional<std::filesystem::path> find_on_path(std::string_view name);

// The PATH of a program in judge-box: only what the box shows (it binds /usr).
inline constexpr const char* box_search_path = "/usr/local/bin:/usr/bin:/bin";

// The same search on the box's PATH: how a submission's or a compiler's tools are
// found (never the judge's own PATH: a pyenv or rustup shim outside /usr is not in
// the box).
std::optional<std::filesystem::path> find_on_box_path(std::string_view name);

// The search on a PATH given as text.
std::optional<std::filesystem::path> find_on(const std::string& search, std::string_view name);

}  // namespace judge
