// `judge export PROBLEM DEST [--format icpc|polygon]`: any problem the judge reads
// (problem.json, an ICPC package, a Polygon package) written as a package other
// judges import, into the folder DEST or the zip archive DEST.zip. What the format
// cannot carry is printed on stderr and written in the package's README.md.
#pragma once

#include <string>

#include "export/package.hpp"
#include "problem/problem.hpp"

namespace judge {

struct ExportCommandOptions {
  std::string problem;
  std::string dest;
  std::string format = "icpc";  // "icpc" or "polygon"
  std::string uuid;             // problem.yaml uuid; "": one derived from the name
  bool quiet = false;
};

// The package of `problem` in `format` (ConfigError for an unknown format).
Package export_package(const Problem& problem, const ExportCommandOptions& options);

// Writes the package (a folder, or a zip when DEST ends in .zip). Exit 0; ConfigError
// (exit 2) for a problem that cannot be exported or a DEST in the way.
int run_export_command(const ExportCommandOptions& options);

}  // namespace judge
