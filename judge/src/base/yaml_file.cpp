#include "base/yaml_file.hpp"

#include <algorithm>
#include <vector>

#include <fmt/core.h>

#include "base/errors.hpp"
#include "base/text_file.hpp"

namespace judge {
namespace fs = std::filesystem;

namespace {

// The value as the file wrote it, for a message ('lots', a list, a map).
std::string shown(const YAML::Node& value) {
  if (value.IsScalar()) return "'" + value.Scalar() + "'";
  if (value.IsSequence()) return "a list";
  if (value.IsMap()) return "a map";
  return "nothing";
}

[[noreturn]] void wrong_type(const YAML::Node& value, const YamlFile& file, std::string_view key,
                             std::string_view expected) {
  throw ConfigError(
      fmt::format("{}must be {}, got {}", file.where(key), expected, shown(value)));
}

// The scalar as T, or the message that it must be `expected`.
template <typename T>
T converted(const YAML::Node& value, const YamlFile& file, std::string_view key,
            std::string_view expected) {
  T result{};
  if (!value.IsScalar() || !YAML::convert<T>::decode(value, result))
    wrong_type(value, file, key, expected);
  return result;
}

}  // namespace

YamlFile YamlFile::load(const fs::path& path) {
  const auto text = read_file(path);
  if (!text) throw ConfigError(fmt::format("cannot read {}", path.string()));
  YamlFile file{path, {}};
  try {
    file.root = YAML::Load(*text);
  } catch (const YAML::Exception& error) {
    throw ConfigError(fmt::format("{} is not valid YAML: {}", path.string(), error.what()));
  }
  if (file.root.IsNull()) file.root = YAML::Node(YAML::NodeType::Map);
  if (!file.root.IsMap())
    throw ConfigError(fmt::format("{} must hold a map of keys (key: value lines), got {}",
                                  path.string(), shown(file.root)));
  return file;
}

std::string YamlFile::where(std::string_view key) const {
  return fmt::format("{}: {} ", path.string(), key);
}

std::string yaml_string(const YAML::Node& value, const YamlFile& file, std::string_view key) {
  return converted<std::string>(value, file, key, "a string");
}

double yaml_number(const YAML::Node& value, const YamlFile& file, std::string_view key) {
  return converted<double>(value, file, key, "a number");
}

bool yaml_bool(const YAML::Node& value, const YamlFile& file, std::string_view key) {
  return converted<bool>(value, file, key, "true or false");
}

double yaml_positive(const YAML::Node& value, const YamlFile& file, std::string_view key,
                     std::string_view what) {
  const double number = yaml_number(value, file, key);
  if (!(number > 0)) wrong_type(value, file, key, fmt::format("a number of {} > 0", what));
  return number;
}

std::vector<std::string> yaml_string_list(const YAML::Node& value, const YamlFile& file,
                                          std::string_view key) {
  if (!value.IsSequence()) wrong_type(value, file, key, "a list of strings");
  std::vector<std::string> items;
  for (const auto& item : value) {
    if (!item.IsScalar()) wrong_type(value, file, key, "a list of strings (not of lists or maps)");
    items.push_back(item.Scalar());
  }
  return items;
}

std::vector<std::string> yaml_map_keys(const YAML::Node& value, const YamlFile& file,
                                       std::string_view key) {
  if (!value.IsMap()) wrong_type(value, file, key, "a map");
  std::vector<std::string> keys;
  for (const auto& entry : value) keys.push_back(entry.first.Scalar());
  return keys;
}

std::vector<std::string> unknown_keys(const YAML::Node& map, const std::set<std::string>& known,
                                      std::string_view prefix) {
  std::vector<std::string> unknown;
  if (!map || !map.IsMap()) return unknown;  // an absent key's node is invalid: test it first
  for (const auto& entry : map) {
    const std::string key = entry.first.Scalar();
    if (!known.contains(key)) unknown.push_back(std::string(prefix) + key);
  }
  return unknown;
}

namespace {

// Levenshtein distance (insertions, deletions, substitutions), one row at a time.
std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

}  // namespace

std::optional<std::string> closest_key(std::string_view key, const std::set<std::string>& known) {
  const std::size_t allowed = std::max<std::size_t>(1, key.size() / 3);
  std::optional<std::string> best;
  std::size_t best_distance = allowed + 1;
  for (const auto& candidate : known) {
    const std::size_t distance = edit_distance(key, candidate);
    if (distance < best_distance) {
      best = candidate;
      best_distance = distance;
    }
  }
  return best;
}

std::string unknown_key_message(const fs::path& file, const std::string& key, std::string_view prefix,
                                const std::set<std::string>& known) {
  const std::string bare = key.substr(std::min(key.size(), prefix.size()));
  const auto closest = closest_key(bare, known);
  return fmt::format("{}: unknown key \"{}\" ({}it is ignored)", file.string(), key,
                     closest ? fmt::format("did you mean \"{}{}\"? ", prefix, *closest) : "check its spelling; ");
}

std::vector<std::string> split_words(std::string_view text) {
  std::vector<std::string> words;
  std::string word;
  bool in_word = false;
  char quote = 0;  // ' or " while inside quotes
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (quote == '\'') {
      if (c == '\'') quote = 0;
      else word += c;
    } else if (quote == '"') {
      if (c == '"') quote = 0;
      else if (c == '\\' && i + 1 < text.size() && std::string_view("\"\\$`").find(text[i + 1]) != std::string_view::npos)
        word += text[++i];
      else word += c;
    } else if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
      if (in_word) words.push_back(std::move(word));
      word.clear();
      in_word = false;
    } else {
      in_word = true;
      if (c == '\'' || c == '"') quote = c;
      else if (c == '\\' && i + 1 < text.size()) word += text[++i];
      else word += c;
    }
  }
  if (in_word) words.push_back(std::move(word));  // an unclosed quote runs to the end
  return words;
}

}  // namespace judge
