#include "submission/build_cache.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "base/atomic_file.hpp"
#include "base/content_hash.hpp"
#include "base/errors.hpp"
#include "base/search_path.hpp"
#include "base/text_file.hpp"
#include "box/sandbox.hpp"

namespace judge {
namespace fs = std::filesystem;

namespace {

constexpr const char* manifest_name = "judge-build.json";

// What identifies a file a build read without reading it again: a system header is
// the package's until the package changes, which changes these.
nlohmann::json stat_of(const fs::path& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return nullptr;
  return {{"size", st.st_size},
          {"mtime_ns", static_cast<long long>(st.st_mtim.tv_sec) * 1000000000LL + st.st_mtim.tv_nsec},
          {"inode", st.st_ino}};
}

// A tool's identity: its real path, size and modification time.
std::string tool_identity(const std::string& tool) {
  if (tool.find('{') != std::string::npos) return tool;
  const auto path = find_on_box_path(tool);
  if (!path) return tool + " (missing)";
  std::error_code ec;
  const fs::path real = fs::canonical(*path, ec);
  return fmt::format("{} {}", real.string(), stat_of(real).dump());
}

// Hands a staged build back to the judge's user (the box wrote it as its own).
void give_back(const fs::path& dir) {
  const uid_t uid = ::geteuid();
  const gid_t gid = ::getegid();
  std::error_code ec;
  (void)::chown(dir.c_str(), uid, gid);
  ::chmod(dir.c_str(), 0755);
  for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::recursive_directory_iterator(); it.increment(ec))
    (void)::lchown(it->path().c_str(), uid, gid);
}

}  // namespace

std::string BuildCache::key_of(const Sources& sources) const {
  ContentHash hash;
  const Language& language = *sources.language;
  hash.add(language.id);
  for (const auto* command : {&language.compile, &language.check, &language.dependencies, &language.run}) {
    hash.add("\x1e");
    for (const auto& word : *command) hash.add(word + '\0');
    if (!command->empty()) hash.add(tool_identity(command->front()));
  }
  hash.add(sources.entry.string());
  for (const auto& file : sources.files) {
    hash.add("\x1f" + file.string() + '\0');
    hash.add(read_file(sources.base / file).value_or(""));
  }
  return hash.hex();
}

std::optional<fs::path> BuildCache::lookup(const std::string& key) const {
  const fs::path entry = dir_ / "builds" / key;
  const auto text = read_file(entry / manifest_name);
  if (!text) return std::nullopt;
  const auto manifest = nlohmann::json::parse(*text, nullptr, false);
  if (!manifest.is_object() || !manifest.contains("read")) return std::nullopt;
  for (const auto& [path, facts] : manifest["read"].items())
    if (stat_of(path) != facts) return std::nullopt;  // a file the compile read changed
  return entry;
}

fs::path BuildCache::staging(const std::string& key) const {
  std::error_code ec;
  fs::create_directories(dir_ / "builds", ec);
  if (ec)
    throw ConfigError(fmt::format("cannot create the compile cache {}: {} (set JUDGE_CACHE_DIR)",
                                  (dir_ / "builds").string(), ec.message()));
  std::string pattern = (dir_ / "builds" / ("." + key + ".XXXXXX")).string();
  if (::mkdtemp(pattern.data()) == nullptr)
    throw ConfigError(fmt::format("cannot create a folder in the compile cache {}", (dir_ / "builds").string()));
  // The box writes there as its unprivileged user.
  if (::geteuid() == 0) (void)::chown(pattern.c_str(), box_uid, box_gid);
  return pattern;
}

fs::path BuildCache::publish(const std::string& key, const fs::path& staged,
                             const std::vector<fs::path>& read_files) const {
  give_back(staged);
  nlohmann::json read = nlohmann::json::object();
  for (const auto& file : read_files) read[fs::absolute(file).lexically_normal().string()] = stat_of(file);
  write_file_atomically(staged / manifest_name, nlohmann::json{{"read", read}}.dump(1) + "\n");
  const fs::path entry = dir_ / "builds" / key;
  std::error_code ec;
  fs::remove_all(entry, ec);  // a stale build of the same key (a file it read changed)
  fs::rename(staged, entry, ec);
  if (ec) fs::remove_all(staged, ec);  // another judge published the same build meanwhile
  return entry;
}

std::vector<fs::path> parse_dependencies(const std::string& make_rules, const fs::path& base) {
  std::vector<fs::path> files;
  std::string word;
  bool target = true;  // the words before a rule's ':' are its targets
  auto finish = [&] {
    if (word.empty() || word == "\\") {
      word.clear();
      return;
    }
    if (!target) {
      const std::string box_prefix = "/box/src/";
      files.push_back(word.rfind(box_prefix, 0) == 0 ? base / word.substr(box_prefix.size()) : fs::path(word));
    }
    word.clear();
  };
  for (std::size_t i = 0; i < make_rules.size(); ++i) {
    const char c = make_rules[i];
    if (c == '\\' && i + 1 < make_rules.size() && make_rules[i + 1] == ' ') {
      word += ' ';  // an escaped space inside a path
      ++i;
    } else if (c == ':' && target && (i + 1 == make_rules.size() || std::isspace(static_cast<unsigned char>(make_rules[i + 1])))) {
      word.clear();
      target = false;
    } else if (c == '\n' && (i == 0 || make_rules[i - 1] != '\\')) {
      finish();
      target = true;
    } else if (std::isspace(static_cast<unsigned char>(c))) {
      finish();
    } else {
      word += c;
    }
  }
  finish();
  return files;
}

}  // namespace judge
