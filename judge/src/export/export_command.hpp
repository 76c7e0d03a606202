// `judge export PROBLEM DEST [--format icpc|polygon|cms]`: any problem the judge reads
// (problem.json, an ICPC package, a Polygon package) written as a package other
// judges import, into the folder DEST or the zip archive DEST.zip. What the format
// cannot carry is printed on stderr and written in the package's README.md.
//
// The formats are one table (export_formats()): a new format (CMS's, say) is one
// line there, and the command line's --format takes whatever the table names.
#pragma once

#include <span>
#include <string>

#include "export/package.hpp"
#include "problem/problem.hpp"

namespace judge {

struct ExportCommandOptions {
  std::string problem;
  std::string dest;
  std::string format = "icpc";  // a name of export_formats()
  std::string uuid;             // problem.yaml uuid; "": one derived from the name
  bool quiet = false;
};

struct ExportFormat {
  const char* name;         // --format NAME
  const char* description;  // "ICPC 2025-09": the summary line, --help
  Package (*make)(const Problem& problem, const ExportCommandOptions& options);
};

// Every format `judge export` writes, the default (icpc) first.
std::span<const ExportFormat> export_formats();

// The package of `problem` in `options.format` (ConfigError for an unknown format).
Package export_package(const Problem& problem, const ExportCommandOptions& options);

// Writes the package (a folder, or a zip when DEST ends in .zip). Exit 0; ConfigError
// (exit 2) for a problem that cannot be exported or a DEST in the way.
int run_export_command(const ExportCommandOptions& options);

}  // namespace judge
