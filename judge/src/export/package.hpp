// A problem package before it is written: every file at its path with its bytes (or
// the file it is copied from), and what the target format could not carry. The
// exporters (icpc_export.hpp, polygon_export.hpp) fill one; it is written as a folder
// here or as a zip archive (zip_writer.hpp), the same files either way.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace judge {

struct PackageFile {
  std::string path;              // relative, '/'-separated: "data/secret/01.in"
  std::filesystem::path source;  // copied from this file, or (empty) ...
  std::string text;              // ... these bytes
  bool executable = false;       // mode 0755 instead of 0644
};

struct Package {
  std::vector<PackageFile> files;
  // What the format cannot carry, one sentence each: printed on stderr and listed in
  // the package's README.md.
  std::vector<std::string> not_carried;
  // The problem's folder, which the judge did not make (a package downloaded from
  // anywhere): a file copied from inside it is read by the rules of a submission's
  // files (submission/submission_files.hpp, read_file_beneath), so a link in it to
  // /etc/shadow, a FIFO or a device never reaches the package; such a file is left
  // out, and said in not_carried. Empty: every source is the judge's own.
  std::filesystem::path user_folder;

  void add_text(std::string path, std::string text, bool executable = false);
  // A copy of `source`; one of user_folder that its rules refuse is left out (said).
  void add_copy(std::string path, std::filesystem::path source);
  // Whether a file is at `path` already.
  bool has(const std::string& path) const;
};

// The bytes of a file of the package (its text, or its source's bytes, read again by
// the rules of `user_folder` when it lies there). Throws ConfigError when the source
// cannot be read.
std::string package_file_bytes(const PackageFile& file, const std::filesystem::path& user_folder = {});

// Whether `file` lies (lexically) inside `folder`, `folder` not empty.
bool lies_inside(const std::filesystem::path& folder, const std::filesystem::path& file);

// Writes the package into `dest`, which must not exist or be an empty folder
// (ConfigError otherwise). The files are written into a fresh folder beside it,
// renamed into place at the end: a failed export leaves nothing half-written.
void write_package_folder(const Package& package, const std::filesystem::path& dest);

}  // namespace judge
