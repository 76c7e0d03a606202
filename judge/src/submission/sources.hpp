// The sources of a submission: one file, or a folder of files (one multi-file
// submission, compiled and run whole: every file of it goes into the box). Which
// language they are (the languages table, by file ending) and, for a folder, which
// file is the entry point, by the ICPC rules: the language's entry names in order
// (main.py, Main.java, ...), else the only file of the language, else the one file
// whose text has the main function (the language's entry_pattern, searched in the
// first 1 MiB of each file by Boost.Regex, whose matcher keeps its own bounded stack:
// no source text can overflow the judge's).
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "submission/languages.hpp"

namespace judge {

struct Sources {
  std::string shown;            // the submission as messages name it (as the user gave it)
  std::filesystem::path root;   // the file, or the folder (absolute)
  std::filesystem::path base;   // the folder the files are relative to
  std::vector<std::filesystem::path> files;  // every file, relative to base, sorted
  const Language* language = nullptr;
  std::filesystem::path entry;  // relative to base
  // The files of the language (what {files} expands to), relative to base.
  std::vector<std::filesystem::path> language_files;
  // The class a JVM language runs ({entry_class}); empty: the entry's stem
  // (jvm_entry.hpp: the class that declares main).
  std::string entry_class;
  // Files compiled under another name than their own, relative to base (a Java file
  // whose public class is not its name: javac needs <PublicClass>.java).
  std::map<std::filesystem::path, std::filesystem::path> compiled_as;
};

// The name a file of the sources is compiled as (compiled_as, else its own).
std::filesystem::path compiled_name(const Sources& sources, const std::filesystem::path& file);
// {entry_class}: sources.entry_class, else the entry's stem.
std::string entry_class_of(const Sources& sources);

// `path` is a folder of the judge's own (the sources as the cache took them in,
// build_cache.hpp): only its regular files count. `shown_as` names the submission in
// messages (default: `path`).
// Throws ConfigError: a file that is neither a source nor an executable, a folder
// with no source, sources of two languages, no entry point or several (each said with
// what to do). Returns language == nullptr for an executable given as it is.
Sources find_sources(const std::filesystem::path& path, const Languages& languages,
                     const std::string& language_id = "", const std::string& entrypoint = "",
                     const std::string& shown_as = "");

}  // namespace judge
