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

  void add_text(std::string path, std::string text, bool executable = false);
  void add_copy(std::string path, std::filesystem::path source);
  // Whether a file is at `path` already.
  bool has(const std::string& path) const;
};

// The bytes of a file of the package (its text, or its source's bytes). Throws
// ConfigError when the source cannot be read.
std::string package_file_bytes(const PackageFile& file);

// Writes the package into `dest`, which must not exist or be an empty folder
// (ConfigError otherwise). The files are written into a fresh folder beside it,
// renamed into place at the end: a failed export leaves nothing half-written.
void write_package_folder(const Package& package, const std::filesystem::path& dest);

}  // namespace judge
