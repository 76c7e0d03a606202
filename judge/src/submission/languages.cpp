#include "submission/languages.hpp"

#include <cstdio>
#include <cstdlib>

#include <fmt/core.h>
#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include "base/errors.hpp"
#include "base/search_path.hpp"
#include "base/text_file.hpp"
#include "base/yaml_file.hpp"
#include "process/environment.hpp"

namespace judge {
namespace fs = std::filesystem;

namespace {

const std::set<std::string> language_keys{"name",    "extensions", "compile",       "check",         "dependencies",
                                          "run",     "entry",      "entry_pattern", "address_space", "threads",
                                          "install", "flags_from", "speed"};

Language parse_language(const std::string& id, const YAML::Node& node, const YamlFile& file) {
  if (!node.IsMap()) throw ConfigError(fmt::format("{}: {} must be a map of the keys of a language", file.path.string(), id));
  for (const auto& key : unknown_keys(node, language_keys, id + "."))
    throw ConfigError(fmt::format("{}: unknown key {} (the keys: {})", file.path.string(), key,
                                  fmt::join(language_keys, ", ")));
  Language language;
  language.id = id;
  auto list = [&](const char* key) {
    return node[key] ? yaml_string_list(node[key], file, id + "." + key) : std::vector<std::string>{};
  };
  language.name = node["name"] ? yaml_string(node["name"], file, id + ".name") : id;
  language.extensions = list("extensions");
  language.compile = list("compile");
  language.check = list("check");
  language.dependencies = list("dependencies");
  language.run = list("run");
  language.entry = list("entry");
  language.install = list("install");
  if (node["flags_from"]) language.flags_from = yaml_string(node["flags_from"], file, id + ".flags_from");
  if (node["speed"]) language.speed = yaml_string(node["speed"], file, id + ".speed");
  if (node["entry_pattern"]) language.entry_pattern = yaml_string(node["entry_pattern"], file, id + ".entry_pattern");
  if (node["address_space"]) {
    const std::string value = yaml_string(node["address_space"], file, id + ".address_space");
    if (value != "limited" && value != "unlimited")
      throw ConfigError(file.where(id + ".address_space") + fmt::format("must be limited or unlimited, got {}", value));
    language.unlimited_address_space = value == "unlimited";
  }
  if (node["threads"]) language.threads = static_cast<std::int64_t>(yaml_number(node["threads"], file, id + ".threads"));
  if (language.run.empty()) throw ConfigError(file.where(id + ".run") + "is missing: how is the program run?");
  return language;
}

void add_all(std::map<std::string, Language>& languages, const std::string& text, const std::string& name) {
  YAML::Node root;
  try {
    root = YAML::Load(text);
  } catch (const YAML::Exception& error) {
    throw ConfigError(fmt::format("{} is not YAML: {}", name, error.what()));
  }
  if (!root || root.IsNull()) return;
  const YamlFile file{name, root};
  if (!root.IsMap()) throw ConfigError(fmt::format("{} must map language ids to languages", name));
  for (const auto& id : yaml_map_keys(root, file, ""))
    languages[id] = parse_language(id, root[id], file);
}

}  // namespace

fs::path user_languages_file() {
  if (const char* path = std::getenv("JUDGE_LANGUAGES"); path != nullptr && *path != '\0') return path;
  if (const char* xdg = std::getenv("XDG_CONFIG_HOME"); xdg != nullptr && *xdg != '\0')
    return fs::path(xdg) / "judge" / "languages.yaml";
  if (const char* home = std::getenv("HOME"); home != nullptr && *home != '\0')
    return fs::path(home) / ".config" / "judge" / "languages.yaml";
  return {};
}

Languages Languages::parse(const std::string& builtin_yaml, const std::string& user_yaml, const std::string& user_file) {
  Languages languages;
  add_all(languages.languages_, builtin_yaml, "judge/languages.yaml");
  if (!user_yaml.empty()) add_all(languages.languages_, user_yaml, user_file);
  return languages;
}

Languages Languages::load() {
  const fs::path user = user_languages_file();
  std::string user_text;
  if (!user.empty()) {
    if (auto text = read_file(user)) {
      user_text = *text;
    } else if (std::getenv("JUDGE_LANGUAGES") != nullptr) {
      throw ConfigError(fmt::format("JUDGE_LANGUAGES={}: cannot read that file", user.string()));
    }
  }
  return parse(builtin_languages_yaml, user_text, user.string());
}

const Language* Languages::by_id(const std::string& id) const {
  const auto it = languages_.find(id);
  return it == languages_.end() ? nullptr : &it->second;
}

const Language* Languages::by_extension(const fs::path& file) const {
  std::string ending = file.extension().string();
  if (ending.empty()) return nullptr;
  ending.erase(0, 1);
  for (const auto& [id, language] : languages_)
    for (const auto& extension : language.extensions)
      if (extension == ending) return &language;
  return nullptr;
}


std::string missing_tool(const Language& language) {
  for (const auto* command : {&language.compile, &language.check, &language.dependencies, &language.run}) {
    if (command->empty()) continue;
    const std::string& tool = command->front();
    if (tool.find('{') != std::string::npos) continue;  // the compiled program itself
    if (!find_on_box_path(tool)) return tool;
    // A linker the compiler is told to use (-fuse-ld=gold): without it every compile
    // would fail, and the contestant would be blamed for the host's missing package.
    for (const auto& word : *command)
      if (word.starts_with("-fuse-ld=") && !find_on_box_path("ld." + word.substr(9))) return "ld." + word.substr(9);
  }
  return "";
}

std::string not_installed_message(const Language& language, const std::string& tool) {
  std::string packages;
  for (const auto& package : language.install) packages += (packages.empty() ? "" : " ") + package;
  return fmt::format("{}: {} is not installed here{}", language.name, tool,
                     packages.empty() ? "" : fmt::format(" (apt-get install {}; scripts/install-deps.sh does)", packages));
}

std::string describe_languages(const Languages& languages, const std::function<std::string(const Language&)>& missing,
                               const fs::path& user_file) {
  std::string text = "id       endings            language\n";
  for (const auto& [id, language] : languages.all()) {
    std::string endings;
    for (const auto& extension : language.extensions) endings += (endings.empty() ? "." : " .") + extension;
    if (endings.empty()) endings = "(by id only)";
    const std::string tool = missing(language);
    text += fmt::format("{:<8} {:<18} {}{}\n", id, endings, language.name,
                        tool.empty() ? "" : fmt::format("  [not installed here: {}]", tool));
    if (!language.flags_from.empty()) text += fmt::format("{:<28}flags: {}\n", "", language.flags_from);
    if (!language.speed.empty()) text += fmt::format("{:<28}for speed: {}\n", "", language.speed);
  }
  text += "A folder is one submission of one language; a language given by id (submissions.yaml "
          "`language`) takes a file whatever its ending.\n";
  text += user_file.empty()
              ? "Your own languages: a YAML file named by $JUDGE_LANGUAGES (same keys; an entry replaces the "
                "built-in one of its id).\n"
              : fmt::format("Your own languages: {} (same keys; an entry replaces the built-in one of its id){}.\n",
                            user_file.string(), fs::exists(user_file) ? "" : ", not there now");
  return text;
}

int run_languages_command() {
  std::fputs(describe_languages(Languages::load(), missing_tool, user_languages_file()).c_str(), stdout);
  return 0;
}

}  // namespace judge
