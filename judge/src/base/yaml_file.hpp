// Reading the YAML files of a problem package (problem.yaml, test_group.yaml,
// testdata.yaml, a test's X.yaml, submissions.yaml) with yaml-cpp, so that every
// mistake in them is a ConfigError naming the file and the key ("problem.yaml:
// limits.memory must be a whole number of MiB > 0, got 'lots'").
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <yaml-cpp/yaml.h>

namespace judge {

// A YAML file of the package and where it is, for messages.
struct YamlFile {
  std::filesystem::path path;
  YAML::Node root;  // a map; an empty file is an empty map

  // Throws ConfigError when the file cannot be read, is not YAML, or does not hold
  // a map at its top.
  static YamlFile load(const std::filesystem::path& path);

  // "FILE: KEY " + what: the prefix of every message about one key.
  std::string where(std::string_view key) const;
};

// The value of `key` in `map` as the type asked, or a ConfigError from `file`
// saying what `key` must be ("a number", "a list of strings"). `key` is the full
// dotted name for the message ("limits.time_limit").
std::string yaml_string(const YAML::Node& value, const YamlFile& file, std::string_view key);
double yaml_number(const YAML::Node& value, const YamlFile& file, std::string_view key);
bool yaml_bool(const YAML::Node& value, const YamlFile& file, std::string_view key);
// A number > 0 (`what` names its unit for the message: "seconds", "MiB").
double yaml_positive(const YAML::Node& value, const YamlFile& file, std::string_view key,
                     std::string_view what);
// A list of scalars, each taken as its text ([limit, 12] -> "limit", "12").
std::vector<std::string> yaml_string_list(const YAML::Node& value, const YamlFile& file,
                                          std::string_view key);
// A map's keys, in the file's order; a ConfigError if `value` is not a map.
std::vector<std::string> yaml_map_keys(const YAML::Node& value, const YamlFile& file,
                                       std::string_view key);

// The keys of `map` that are not in `known` ("limits.foo" with prefix "limits.").
std::vector<std::string> unknown_keys(const YAML::Node& map, const std::set<std::string>& known,
                                      std::string_view prefix = "");

// The known key closest to a misspelt one (`typ` -> `type`, `time_limt` ->
// `time_limit`): at most a third of its letters apart (one letter for short keys),
// by edit distance; nullopt when none is that close.
std::optional<std::string> closest_key(std::string_view key, const std::set<std::string>& known);

// "FILE: unknown key \"typ\" (did you mean \"type\"? it is ignored)", for a key that
// `unknown_keys` found (`key` with its prefix, `known` the keys of its map).
std::string unknown_key_message(const std::filesystem::path& file, const std::string& key,
                                std::string_view prefix, const std::set<std::string>& known);

// Splits flags the way a POSIX shell splits words: on whitespace, with '...' and
// "..." quoting and backslash escapes (`--teammessage "two words"` -> two words,
// the second "two words"), as real legacy validator_flags are written (DOMjudge's
// hangman). No expansion of any kind.
std::vector<std::string> split_words(std::string_view text);

}  // namespace judge
