#include "generate/manifest.hpp"

#include <set>
#include <sstream>

#include <fmt/core.h>

#include "base/errors.hpp"

namespace judge {

namespace {

bool valid_name(const std::string& name) {
  auto allowed = [](char c, bool first) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
           (!first && (c == '.' || c == '_' || c == '-'));
  };
  if (name.empty() || !allowed(name[0], true)) return false;
  for (char c : name)
    if (!allowed(c, false)) return false;
  return true;
}

}  // namespace

std::vector<ManifestEntry> parse_manifest(const std::string& text, const std::filesystem::path& file) {
  std::vector<ManifestEntry> entries;
  std::set<std::string> seen;
  std::istringstream lines(text);
  std::string line;
  int number = 0;
  while (std::getline(lines, line)) {
    ++number;
    if (const auto hash = line.find('#'); hash != std::string::npos) line.erase(hash);
    std::istringstream words(line);
    ManifestEntry entry;
    entry.line = number;
    if (!(words >> entry.name)) continue;
    for (std::string word; words >> word;) entry.args.push_back(word);
    if (!valid_name(entry.name))
      throw ConfigError(fmt::format("{}:{}: bad test name '{}' (letters, digits, '.', '_', '-'; not first '.')",
                                    file.string(), number, entry.name));
    if (!seen.insert(entry.name).second)
      throw ConfigError(fmt::format("{}:{}: test {} is listed twice", file.string(), number, entry.name));
    entries.push_back(std::move(entry));
  }
  if (entries.empty()) throw ConfigError(fmt::format("{} lists no test", file.string()));
  return entries;
}

}  // namespace judge
