// A test manifest (testdata/<problem>/manifest.txt): one test per line,
// `NAME GENERATOR-ARGS...`; blank lines and `#` comments skipped. NAME is
// [A-Za-z0-9][A-Za-z0-9._-]* and listed once; the generator run with the arguments
// writes NAME.in on its stdout. The manifest is the whole truth of a problem's test
// inputs: `judge generate` removes the .in files it does not list.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace judge {

struct ManifestEntry {
  std::string name;
  std::vector<std::string> args;
  int line = 0;
};

// Throws ConfigError naming the file and line (a bad name, a name listed twice).
std::vector<ManifestEntry> parse_manifest(const std::string& text, const std::filesystem::path& file);

}  // namespace judge
