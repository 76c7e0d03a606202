// Taking in a submission's files on the host: the one place where the judge, as root,
// reads what a contestant handed in (a file, or a folder unpacked from a tar or zip)
// before any box exists. Its files are data, never host paths to follow:
//
// - every name below the folder is opened by the judge itself, relative to the
//   folder's descriptor (openat), without following links (O_NOFOLLOW), without
//   blocking (O_NONBLOCK: a FIFO never hangs the judge), and checked with fstat: only
//   regular files and folders are taken. A FIFO, a device or a socket is refused by
//   name. A symbolic link is followed only inside the folder (openat2 with
//   RESOLVE_BENEATH: a link to ../x, to /etc/shadow, through /proc is refused, naming
//   it and where it points); a link to a file inside is taken as a copy of that file
//   under the link's name; a link to a folder is refused (a tree with links between
//   its folders has no one shape);
// - names are bytes: a ':', a newline, a space, bytes that are not UTF-8 are ordinary
//   parts of a name (only '/' and NUL cannot be in one);
// - each file is read exactly as long as fstat says it is, in 64 KiB chunks, and
//   copied into a folder of the judge's own (`into`), so memory stays bounded and a
//   file of /proc (size 0) is never read at all; a file that changes while it is
//   read is refused;
// - a folder beyond the bounds (files, bytes, depth, names, path length) is refused,
//   saying which bound and what it is;
// - hidden names (starting with '.': .git, editor files) are left out, as before.
//
// The name the user gave on the command line (`judge run p sol.cpp` where sol.cpp is a
// link the user made) is followed: it is the user's own argument. With `confine_to`
// (judge batch: a participant's folder) even that name is resolved beneath the given
// folder only.
//
// Refusals are SubmissionRefused, a ConfigError (`judge run`: exit 2) that a batch
// records as the submission's CE (the contestant's to fix).
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "base/errors.hpp"
#include "base/unique_fd.hpp"

namespace judge {

class SubmissionRefused : public ConfigError {
 public:
  using ConfigError::ConfigError;
};

struct IngestBounds {
  std::size_t max_files = 1000;                          // regular files taken (links to files included)
  std::uint64_t max_total_bytes = 64ULL * 1024 * 1024;   // their sizes added up
  int max_depth = 16;                                    // folders below the submission's own
  std::size_t max_names = 10000;                         // every name looked at (hidden ones, folders)
  std::size_t max_path_bytes = 1024;                     // one file's path relative to the folder
};

struct IngestOptions {
  IngestBounds bounds;
  // Not empty: the submission's own name is resolved beneath this folder too.
  std::filesystem::path confine_to;
};

struct IngestedFile {
  std::string path;  // relative to the submission's folder, '/'-separated
  std::uint64_t size = 0;
  bool executable = false;
};

struct IngestedSubmission {
  std::string name;     // the file's or folder's own name, as given
  bool folder = false;  // a folder (else one file)
  std::vector<IngestedFile> files;  // sorted by path; one file: {name}
  std::uint64_t total_bytes = 0;
  // SHA-1 over an unambiguous encoding of the name, the kind, and each file's path,
  // executable bit, size and bytes: equal keys, equal submissions.
  std::string key;
};

// Reads `path` by the rules above and copies what it takes into `into` (an existing,
// empty folder of the judge's), as `into/<name>` (the file, or the folder with its
// files). Throws SubmissionRefused for a submission the rules refuse, ConfigError
// when it does not exist or cannot be read, JudgeFault when `into` cannot be written.
IngestedSubmission ingest_submission(const std::filesystem::path& path, const std::filesystem::path& into,
                                     const IngestOptions& options = {});

// What ingest_submission would take and its key, read by the same rules, with nothing
// copied: for a judge that finds the key already stored (BuildCache::store_sources).
IngestedSubmission hash_submission(const std::filesystem::path& path, const IngestOptions& options = {});

// The submission's own name, opened as ingest_submission opens it (followed as given,
// or beneath options.confine_to), read-only and non-blocking: for a reader that only
// hashes it (judge batch's plan). Throws as ingest_submission does.
UniqueFd open_submission(const std::filesystem::path& path, const IngestOptions& options);

// One file of a folder the judge did not make (a downloaded problem package that
// `judge export` copies), read by the rules above: `file` lies lexically inside
// `folder` and is opened beneath it (a link is followed only inside the folder), it
// must be a regular file, and it is read exactly as long as fstat says. Returns the
// bytes, or nullopt with `refusal` saying why it was not read ("a symbolic link that
// leads out of the folder", "a FIFO", "it changed while it was read").
std::optional<std::string> read_file_beneath(const std::filesystem::path& folder, const std::filesystem::path& file,
                                             std::string& refusal);

// A name or path as a message shows it: bytes that are not printable UTF-8 (a
// newline, an escape, \xff) as \xNN, so that no name can garble a terminal or a log.
std::string shown_name(const std::string& name);

}  // namespace judge
