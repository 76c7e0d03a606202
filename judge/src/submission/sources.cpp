#include "submission/sources.hpp"

#include <algorithm>
#include <map>

#include <boost/regex.hpp>

#include <fmt/core.h>

#include "base/errors.hpp"
#include "base/search_path.hpp"
#include "base/text_file.hpp"
#include "submission/jvm_entry.hpp"

namespace judge {
namespace fs = std::filesystem;

namespace {

std::vector<fs::path> files_below(const fs::path& dir) {
  std::vector<fs::path> files;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::recursive_directory_iterator();
       it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (!name.empty() && name[0] == '.') {  // .git, editor files: not part of the program
      if (it->is_directory()) it.disable_recursion_pending();
      continue;
    }
    // Not followed: the folder is the judge's copy, which holds no links anyway.
    if (it->symlink_status().type() == fs::file_type::regular) files.push_back(it->path().lexically_relative(dir));
  }
  std::sort(files.begin(), files.end());
  return files;
}

// The one language of a folder's sources; ConfigError when there are two or none.
const Language* language_of(const std::vector<fs::path>& files, const Languages& languages, const std::string& root) {
  std::map<std::string, const Language*> found;
  for (const auto& file : files)
    if (const Language* language = languages.by_extension(file)) found[language->id] = language;
  if (found.empty())
    throw ConfigError(fmt::format("submission {}: no source file of a known language in it (the languages "
                                  "and their endings: judge languages)", root));
  if (found.size() > 1) {
    std::string names;
    for (const auto& [id, language] : found) names += (names.empty() ? "" : ", ") + id;
    throw ConfigError(fmt::format("submission {} holds sources of several languages ({}): keep one", root, names));
  }
  return found.begin()->second;
}

// Whether the language's commands name an entry point ({entry}, {entry_class}).
bool uses_entry(const Language& language) {
  for (const auto* command : {&language.compile, &language.check, &language.run})
    for (const auto& word : *command)
      if (word.find("{entry") != std::string::npos) return true;
  return false;
}

// How much of a source is searched for its main function: a source's text, not a
// data file that happens to have its ending.
constexpr std::size_t entry_search_bytes = 1024 * 1024;

// Boost.Regex, not std::regex: libstdc++'s matcher recurses once per character a
// repetition takes, so `\s*` over a megabyte of spaces overflowed the judge's stack
// (a crash, not a verdict); Boost's keeps its own stack and gives up on a pattern
// too costly for the text with an exception, taken here as no match.
bool has_match(const std::string& text, const boost::regex& pattern) {
  try {
    return boost::regex_search(text, pattern);
  } catch (const std::exception&) {
    return false;
  }
}

fs::path entry_of(const Sources& sources, const std::string& entrypoint) {
  const auto& candidates = sources.language_files;
  if (!entrypoint.empty()) {
    if (std::find(sources.files.begin(), sources.files.end(), fs::path(entrypoint)) == sources.files.end())
      throw ConfigError(fmt::format("submission {}: its entry point {} is not one of its files",
                                    sources.shown, entrypoint));
    return entrypoint;
  }
  // A language compiled whole (C, C++) needs none: every file is compiled together.
  if (candidates.size() == 1 || !uses_entry(*sources.language)) return candidates.front();
  for (const auto& name : sources.language->entry)
    for (const auto& file : candidates)
      if (file.filename() == name) return file;
  std::vector<fs::path> with_main;
  if (!sources.language->entry_pattern.empty()) {
    const boost::regex pattern(sources.language->entry_pattern);
    for (const auto& file : candidates)
      if (has_match(read_head(sources.base / file, entry_search_bytes), pattern)) with_main.push_back(file);
  }
  if (with_main.size() == 1) return with_main.front();
  throw ConfigError(fmt::format(
      "submission {}: cannot tell its entry point ({} of its {} files {} a main function): name it {} or give an "
      "entrypoint (submissions.yaml)",
      sources.shown, with_main.empty() ? "none" : std::to_string(with_main.size()), candidates.size(),
      with_main.size() == 1 ? "has" : "have",
      sources.language->entry.empty() ? "after the language's rule" : sources.language->entry.front()));
}

}  // namespace

Sources find_sources(const fs::path& path, const Languages& languages, const std::string& language_id,
                     const std::string& entrypoint, const std::string& shown_as) {
  Sources sources;
  sources.shown = shown_as.empty() ? path.string() : shown_as;
  std::error_code ec;
  sources.root = fs::absolute(path).lexically_normal();
  const bool folder = fs::is_directory(sources.root, ec);
  sources.base = folder ? sources.root : sources.root.parent_path();
  sources.files = folder ? files_below(sources.root) : std::vector<fs::path>{sources.root.filename()};
  if (!language_id.empty()) {
    sources.language = languages.by_id(language_id);
    if (sources.language == nullptr)
      throw ConfigError(fmt::format("submission {}: no language {} in the languages table", sources.shown, language_id));
  } else if (folder) {
    sources.language = language_of(sources.files, languages, sources.shown);
  } else {
    sources.language = languages.by_extension(sources.root);
    if (sources.language == nullptr) {
      if (is_executable_file(sources.root)) return sources;  // an executable as it is
      throw ConfigError(fmt::format("submission {} is neither an executable nor a source of a known language "
                                    "(the languages and their endings: judge languages; chmod +x it if it is a program)",
                                    sources.shown));
    }
  }
  // A language given by id (submissions.yaml) takes a single file whatever its ending.
  for (const auto& file : sources.files)
    if (!folder || languages.by_extension(file) == sources.language) sources.language_files.push_back(file);
  if (sources.language_files.empty())
    throw ConfigError(fmt::format("submission {}: no {} source in it", sources.shown, sources.language->name));
  sources.entry = entry_of(sources, entrypoint);
  find_jvm_entry(sources);
  return sources;
}

fs::path compiled_name(const Sources& sources, const fs::path& file) {
  const auto found = sources.compiled_as.find(file);
  return found == sources.compiled_as.end() ? file : found->second;
}

std::string entry_class_of(const Sources& sources) {
  return sources.entry_class.empty() ? sources.entry.stem().string() : sources.entry_class;
}

}  // namespace judge
