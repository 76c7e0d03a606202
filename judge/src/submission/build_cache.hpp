// BuildCache: compiled submissions, each built once into $JUDGE_CACHE_DIR/builds/<key>/
// and reused while nothing it was built from has changed.
//
// The key covers the language's commands, the toolchain's identity (each tool's real
// path, size and modification time) and every file of the submission (paths and
// bytes). That is not all a compile reads: a C or C++ source includes headers. For
// languages with a `dependencies` command, the build records every file the compile
// read (the compiler's own dependency list) with its size, modification time and, for
// the submission's own files, a hash; a later lookup checks them all and builds again
// when one changed (a header of the system updated, a header beside the source
// edited). A build is published whole (built in a temporary folder, renamed), so two
// judges compiling the same source at once never see half of one.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "submission/sources.hpp"

namespace judge {

class BuildCache {
 public:
  explicit BuildCache(std::filesystem::path cache_dir) : dir_(std::move(cache_dir)) {}

  std::string key_of(const Sources& sources) const;
  // The folder of a valid build for the key, or nullopt (none, or a file it read changed).
  std::optional<std::filesystem::path> lookup(const std::string& key) const;
  // A fresh folder to build into (writable by the box's unprivileged user when the
  // judge is root). Throws ConfigError when the cache folder cannot be made.
  std::filesystem::path staging(const std::string& key) const;
  // Publishes a finished build with the files its compile read (host paths); the
  // folder is handed back to the judge's user first. Returns the published folder.
  std::filesystem::path publish(const std::string& key, const std::filesystem::path& staged,
                                const std::vector<std::filesystem::path>& read_files) const;

 private:
  std::filesystem::path dir_;
};

// The files of a make-style dependency list ("out: a.cpp /usr/include/x.h \ ..."),
// with the box's source folder (/box/src) mapped back to the submission's `base`.
std::vector<std::filesystem::path> parse_dependencies(const std::string& make_rules,
                                                      const std::filesystem::path& base);

}  // namespace judge
