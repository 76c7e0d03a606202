// BuildCache: a submission's files and its builds, kept in the cache folder
// (cache_dir.hpp: the judge's own, checked) and reused while nothing they came from
// has changed:
//
//   sources/<key>/<name>            the submission's files as the judge took them in
//                                   (submission_files.hpp): judge-owned, regular
//                                   files and folders only, the key their content's
//   builds/<key>/program/           what the compile wrote (the box's /tmp/out); the
//                                   only folder of a build that goes into a box
//   builds/<key>/judge-build.json   the files outside the submission the compile read
//
// A build's key covers the language's commands, the toolchain's identity (each tool's
// real path, size and modification time), the entry point and the submission's files
// (their content key: names, modes, sizes, bytes), as an unambiguous encoding
// (content_hash.hpp: lengths, not separators). That is not all a compile reads: a C or
// C++ source includes the system's headers. For languages with a `dependencies`
// command, the build records every file outside the submission the compile read with
// its size, modification time and inode; a later lookup checks them all and builds
// again when one changed. A build is published whole (built in a temporary folder,
// renamed), so two judges compiling the same source at once never see half of one.
//
// A package's programs (an output validator, an interactor, a generator given as
// sources: problem/program_build.hpp) are entries of builds/ too, with keys of their
// own, the same manifest, the same lookup and the same bound. They are built in place
// (build_in_place) instead of renamed into place, because a package's `run` script
// may remember the folder it was built in; a lock file per key keeps two judges from
// building the same one at once, and the manifest, written last, says it is whole.
//
// The cache is bounded: after each new entry, the least recently used entries of
// sources/ and builds/ are removed until they fit in the bound ($JUDGE_CACHE_MAX_MIB,
// default 2048 MiB). An entry used in the last hour is never removed (a judge may be
// copying it into a box right now); every use (a lookup that finds it, a batch test
// that runs it) marks it used.
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "base/unique_fd.hpp"
#include "submission/sources.hpp"
#include "submission/submission_files.hpp"

namespace judge {

struct StoredSources {
  std::filesystem::path root;  // sources/<key>/<name>: the file or the folder
  IngestedSubmission files;
};

struct CacheStats {
  std::size_t sources = 0, builds = 0, other = 0;  // entries (other: generated tests, ...)
  std::uint64_t sources_bytes = 0, builds_bytes = 0, other_bytes = 0;
  std::uint64_t bound_bytes = 0;
};

class BuildCache {
 public:
  // Throws ConfigError when the folder is not the judge's own (cache_dir.hpp).
  explicit BuildCache(std::filesystem::path cache_dir);

  // The submission's files, taken in by the rules of submission_files.hpp into
  // sources/<key>/, once per content. Throws as ingest_submission does.
  StoredSources store_sources(const std::filesystem::path& submission, const IngestOptions& options) const;

  // The build's key. `files_key`: the stored sources' key (else the files are read).
  std::string key_of(const Sources& sources, const std::string& files_key = "") const;
  // The program folder of a valid build for the key, or nullopt (none, or a file it
  // read changed). A found build is marked used.
  std::optional<std::filesystem::path> lookup(const std::string& key) const;
  // A fresh entry to build into; its program/ folder is writable by the box's
  // unprivileged user when the judge is root. Throws ConfigError when it cannot be made.
  std::filesystem::path staging(const std::string& key) const;
  // Publishes a finished build with the files outside the submission its compile
  // read; program/ is handed back to the judge's user first. Returns the program folder.
  std::filesystem::path publish(const std::string& key, const std::filesystem::path& staged,
                                const std::vector<std::filesystem::path>& read_files) const;

  // The program folder builds/<key>/program/ of a build that must not move once made:
  // found (built_now false), or made by `build`, which fills the empty folder and
  // returns the files outside it the build read (kept in the manifest as a compile's
  // are). Another judge building the same key meanwhile is waited for (a lock file,
  // builds/.<key>.lock); a build left half made by a killed judge has no manifest and
  // is made again. What `build` throws is passed on, its folder removed.
  struct InPlace {
    std::filesystem::path program;
    bool built_now = false;
  };
  using InPlaceBuilder = std::function<std::vector<std::filesystem::path>(const std::filesystem::path& program)>;
  InPlace build_in_place(const std::string& key, const InPlaceBuilder& build) const;
  // The same, without waiting: nullopt when another judge is building the key right
  // now (a batch's second worker compiles without a precompiled header instead of
  // idling while the first makes it).
  std::optional<InPlace> build_in_place_unless_busy(const std::string& key, const InPlaceBuilder& build) const;

  // Removes least recently used entries of sources/ and builds/ until they take at
  // most `bound_bytes`, sparing those used within `in_use`. Returns the number removed.
  std::size_t evict(std::uint64_t bound_bytes, std::chrono::seconds in_use = std::chrono::hours(1)) const;
  CacheStats stats() const;
  // Everything in the cache folder, removed (the folder stays).
  void clear() const;

  const std::filesystem::path& dir() const { return dir_; }

 private:
  // The key's lock (a file beside its entry), held while the descriptor is open:
  // making, replacing or publishing the entry happens under it. `wait` false: an
  // invalid descriptor when another holds it.
  UniqueFd lock_key(const std::string& key, bool wait = true) const;
  InPlace build_locked(const std::string& key, const InPlaceBuilder& build) const;
  std::filesystem::path dir_;
};

// $JUDGE_CACHE_MAX_MIB in bytes (default 2048 MiB); ConfigError when it is not a number.
std::uint64_t cache_bound_bytes();

// A build tool's identity for a key: its real path (found on the box's PATH when it is
// a bare name), its size and its modification time; a changed compiler changes it.
std::string build_tool_identity(const std::string& tool);

// Marks the cache entries holding these roots (a Submission's) used now.
void mark_cache_entries_used(const std::vector<std::string>& roots);

// The files of a make-style dependency list ("out: a.cpp /usr/include/x.h \ ..."),
// with the box's source folder (/box/src) mapped back to the submission's `base`.
std::vector<std::filesystem::path> parse_dependencies(const std::string& make_rules,
                                                      const std::filesystem::path& base);

}  // namespace judge
