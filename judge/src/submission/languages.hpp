// The languages submissions are compiled and run in: a table (judge/languages.yaml,
// compiled into the judge; read it for every field) that a user extends or overrides
// with a file of their own ($JUDGE_LANGUAGES, else $XDG_CONFIG_HOME or
// ~/.config/judge/languages.yaml): an entry there replaces the one of the same id.
// A language whose toolchain is not installed is said as such (which Debian packages
// to install), never a crash.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace judge {

struct Language {
  std::string id;    // "cpp", "python3", ...
  std::string name;  // "C++ (g++, C++20)"
  std::vector<std::string> extensions;    // without the dot
  std::vector<std::string> compile;       // empty: nothing to compile
  std::vector<std::string> check;         // without a compiler: its failure is CE
  std::vector<std::string> dependencies;  // prints make-style dependencies
  std::vector<std::string> run;
  std::vector<std::string> entry;          // entry file names of a folder, in order
  std::string entry_pattern;               // a regular expression the entry matches
  bool unlimited_address_space = false;    // address_space: unlimited (a JVM)
  std::int64_t threads = 0;                // added to the process limit
  std::vector<std::string> install;        // Debian packages of the toolchain
  std::string flags_from;                  // whose flags these are (a contest system's)
  std::string speed;                       // what was changed for speed, and why it changes nothing else
};

class Languages {
 public:
  // The built-in table with the user's file over it. Throws ConfigError for a
  // malformed file (naming it and the key).
  static Languages load();
  // From YAML texts (tests): the built-in one, then overrides.
  static Languages parse(const std::string& builtin_yaml, const std::string& user_yaml = "",
                         const std::string& user_file = "");

  const Language* by_id(const std::string& id) const;
  // The language of a file by its ending, or nullptr.
  const Language* by_extension(const std::filesystem::path& file) const;
  const std::map<std::string, Language>& all() const { return languages_; }

 private:
  std::map<std::string, Language> languages_;
};

// The text of judge/languages.yaml (generated into the build by CMake).
extern const char* const builtin_languages_yaml;

// The first missing program of the language's commands (looked for where a boxed
// program finds them: /usr/local/bin, /usr/bin, /bin), or "" when all are there.
std::string missing_tool(const Language& language);

// "kotlin: kotlinc is not installed here (apt-get install kotlin default-jdk-headless)".
std::string not_installed_message(const Language& language, const std::string& tool);

// Where the user's table is read from ($JUDGE_LANGUAGES, else
// $XDG_CONFIG_HOME/judge/languages.yaml, else ~/.config/judge/languages.yaml; empty
// when none of them is set).
std::filesystem::path user_languages_file();

// `judge languages`: one line per language (id, endings, name, whether its toolchain
// is installed here), under it whose flags these are and what was changed for speed
// (when the entry says), then where a user's table is read from. `missing` says which
// tool of a language is not installed (missing_tool; tests pass their own).
std::string describe_languages(const Languages& languages,
                               const std::function<std::string(const Language&)>& missing,
                               const std::filesystem::path& user_file);

// The command: prints describe_languages for the table this judge uses. Exit 0 (2
// when the user's table is broken: a ConfigError).
int run_languages_command();

}  // namespace judge
