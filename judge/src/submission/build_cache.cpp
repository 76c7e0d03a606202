#include "submission/build_cache.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "base/atomic_file.hpp"
#include "base/content_hash.hpp"
#include "base/errors.hpp"
#include "base/hex.hpp"
#include "base/json_text.hpp"
#include "base/search_path.hpp"
#include "base/text_file.hpp"
#include "base/unique_fd.hpp"
#include "base/utf8.hpp"
#include "submission/cache_dir.hpp"

namespace judge {
namespace fs = std::filesystem;

namespace {

constexpr const char* manifest_name = "judge-build.json";
constexpr const char* program_name = "program";

// What identifies a file a build read without reading it again: a system header is
// the package's until the package changes, which changes these.
nlohmann::json stat_of(const fs::path& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return nullptr;
  return {{"size", st.st_size},
          {"mtime_ns", static_cast<long long>(st.st_mtim.tv_sec) * 1000000000LL + st.st_mtim.tv_nsec},
          {"inode", st.st_ino}};
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

void mark_used(const fs::path& entry) { (void)::utimensat(AT_FDCWD, entry.c_str(), nullptr, AT_SYMLINK_NOFOLLOW); }

// A fresh folder `prefix`XXXXXX in `dir`; ConfigError when it cannot be made.
fs::path fresh_folder(const fs::path& dir, const std::string& prefix) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  std::string pattern = (dir / (prefix + "XXXXXX")).string();
  if (ec || ::mkdtemp(pattern.data()) == nullptr)
    throw ConfigError(fmt::format("cannot create a folder in the compile cache {}: {} (set JUDGE_CACHE_DIR)",
                                  dir.string(), ec ? ec.message() : std::strerror(errno)));
  return pattern;
}

// Moves a finished entry into place; false when one of the same key is there already
// (another judge, or the same content taken in before): the staged one is removed.
bool publish_entry(const fs::path& staged, const fs::path& entry) {
  if (::rename(staged.c_str(), entry.c_str()) == 0) return true;
  std::error_code ec;
  fs::remove_all(staged, ec);
  return false;
}

struct Entry {
  fs::path path;
  std::uint64_t bytes = 0;
  std::chrono::system_clock::time_point used;
};

// The disk space a folder's files take (st_blocks), links and all not followed.
std::uint64_t bytes_below(const fs::path& dir) {
  std::uint64_t bytes = 0;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    struct stat st {};
    if (::lstat(it->path().c_str(), &st) == 0) bytes += static_cast<std::uint64_t>(st.st_blocks) * 512;
  }
  return bytes;
}

// The entries of sources/ and builds/ (not the staging folders, whose names start with '.').
std::vector<Entry> entries_of(const fs::path& cache) {
  std::vector<Entry> entries;
  for (const char* kind : {"sources", "builds"}) {
    std::error_code ec;
    for (auto it = fs::directory_iterator(cache / kind, ec); !ec && it != fs::directory_iterator(); it.increment(ec)) {
      struct stat st {};
      if (it->path().filename().string().starts_with(".") || ::lstat(it->path().c_str(), &st) != 0) continue;
      const auto since_epoch = std::chrono::seconds(st.st_mtim.tv_sec) + std::chrono::nanoseconds(st.st_mtim.tv_nsec);
      entries.push_back({it->path(), bytes_below(it->path()),
                         std::chrono::system_clock::time_point(
                             std::chrono::duration_cast<std::chrono::system_clock::duration>(since_epoch))});
    }
  }
  return entries;
}

// The manifest: each file the build read, by its path, with stat_of's facts. A path
// is a byte string: one that is valid UTF-8 is a key of "read", any other a key of
// "read_bytes" in hexadecimal (a compiler's -M list named `x\xff.h`: JSON can hold no
// other bytes, and a path made valid by replacing them would name another file).
nlohmann::json manifest_of(const std::vector<fs::path>& read_files) {
  nlohmann::json read = nlohmann::json::object();
  nlohmann::json read_bytes = nlohmann::json::object();
  for (const auto& file : read_files) {
    const std::string path = fs::absolute(file).lexically_normal().string();
    if (is_valid_utf8(path)) read[path] = stat_of(file);
    else
      read_bytes[hex_of(path)] = stat_of(file);
  }
  nlohmann::json manifest{{"read", read}};
  if (!read_bytes.empty()) manifest["read_bytes"] = read_bytes;
  return manifest;
}

// Whether every file the manifest names is as it was when the build read it.
bool files_unchanged(const nlohmann::json& manifest) {
  for (const auto& [path, facts] : manifest["read"].items())
    if (stat_of(path) != facts) return false;
  if (!manifest.contains("read_bytes")) return true;
  if (!manifest["read_bytes"].is_object()) return false;
  for (const auto& [hex, facts] : manifest["read_bytes"].items()) {
    const std::optional<std::string> path = bytes_of_hex(hex);
    if (!path || stat_of(*path) != facts) return false;
  }
  return true;
}

}  // namespace

std::string build_tool_identity(const std::string& tool) {
  if (tool.find('{') != std::string::npos) return tool;
  const auto path = find_on_box_path(tool);
  if (!path) return tool + " (missing)";
  std::error_code ec;
  const fs::path real = fs::canonical(*path, ec);
  return fmt::format("{} {}", real.string(), json_text(stat_of(real)));
}

BuildCache::BuildCache(fs::path cache_dir) : dir_(checked_cache_dir(cache_dir)) {}

StoredSources BuildCache::store_sources(const fs::path& submission, const IngestOptions& options) const {
  // Read and hashed first: a content stored before (every run of the same submission
  // after its first) is used as it is, with nothing copied, staged and removed again
  // (a folder made and removed on the cache's disk: 0.3-0.9 ms of every run here). A
  // new content is read a second time to be copied. An entry is published whole (a
  // rename), so an entry that exists is complete.
  {
    StoredSources known;
    known.files = hash_submission(submission, options);
    const fs::path entry = dir_ / "sources" / known.files.key;
    struct stat st {};
    if (::lstat((entry / known.files.name).c_str(), &st) == 0) {
      mark_used(entry);
      known.root = entry / known.files.name;
      return known;
    }
  }
  const fs::path staged = fresh_folder(dir_ / "sources", ".incoming.");
  // Readable by the box's unprivileged uid, which copies it in (the cache folder above
  // keeps everyone else out).
  ::chmod(staged.c_str(), 0755);
  StoredSources stored;
  try {
    stored.files = ingest_submission(submission, staged, options);
  } catch (...) {
    std::error_code ec;
    fs::remove_all(staged, ec);
    throw;
  }
  const fs::path entry = dir_ / "sources" / stored.files.key;
  if (!publish_entry(staged, entry)) mark_used(entry);
  stored.root = entry / stored.files.name;
  return stored;
}

std::string BuildCache::key_of(const Sources& sources, const std::string& files_key) const {
  ContentHash hash;
  const Language& language = *sources.language;
  hash.add("judge build v2");
  hash.add(language.id);
  for (const auto* command : {&language.compile, &language.check, &language.dependencies, &language.run}) {
    hash.add(std::uint64_t{command->size()});
    for (const auto& word : *command) hash.add(word);
    hash.add(command->empty() ? std::string() : build_tool_identity(command->front()));
  }
  hash.add(sources.entry.string());
  if (!files_key.empty()) {
    hash.add(files_key);
    return hash.hex();
  }
  hash.add(std::uint64_t{sources.files.size()});
  for (const auto& file : sources.files) {
    hash.add(file.string());
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
  if (!files_unchanged(manifest)) return std::nullopt;  // a file the compile read changed
  mark_used(entry);
  return entry / program_name;
}

fs::path BuildCache::staging(const std::string& key) const {
  const fs::path staged = fresh_folder(dir_ / "builds", "." + key + ".");
  const fs::path program = staged / program_name;
  if (::mkdir(program.c_str(), 0755) != 0)
    throw ConfigError(fmt::format("cannot create a folder in the compile cache {}", staged.string()));
  // The box writes there as its unprivileged uid: judge-box gives the folder to that
  // uid (box/uid_pool.hpp) while it is still root, and give_back() takes it back.
  return staged;
}

fs::path BuildCache::publish(const std::string& key, const fs::path& staged,
                             const std::vector<fs::path>& read_files) const {
  give_back(staged / program_name);
  write_file_atomically(staged / manifest_name, json_text(manifest_of(read_files), 1) + "\n");
  const fs::path entry = dir_ / "builds" / key;
  // Under the key's lock (build_in_place's): two judges that built the same program at
  // once must not remove each other's entry while the other is about to open it (two
  // batch workers, or the probes of one suite, sharing a cache: the first's open found
  // nothing and the judge failed). A valid entry another judge published meanwhile is
  // kept and this build dropped; only a stale one (a file it read changed) is replaced.
  const UniqueFd lock = lock_key(key);
  if (auto found = lookup(key)) {
    std::error_code ec;
    fs::remove_all(staged, ec);
    return *found;
  }
  std::error_code ec;
  fs::remove_all(entry, ec);
  publish_entry(staged, entry);
  return entry / program_name;
}

UniqueFd BuildCache::lock_key(const std::string& key, bool wait) const {
  // The lock is a file of its own beside the entry, never the entry: the entry is
  // removed and made again under it. flock, not fcntl locks: two threads of one judge
  // (two open descriptions) exclude each other too. It is released when the
  // descriptor closes, so a killed judge never leaves it held.
  const fs::path lock_path = dir_ / "builds" / ("." + key + ".lock");
  UniqueFd lock(::open(lock_path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600));
  const bool locked = lock.valid() && ::flock(lock.get(), LOCK_EX | (wait ? 0 : LOCK_NB)) == 0;
  if (!locked && lock.valid() && !wait && errno == EWOULDBLOCK) return UniqueFd();  // another holds it
  if (!locked)
    throw ConfigError(fmt::format("cannot lock {} in the build cache: {} (set JUDGE_CACHE_DIR)", lock_path.string(),
                                  std::strerror(errno)));
  return lock;
}

BuildCache::InPlace BuildCache::build_in_place(const std::string& key, const InPlaceBuilder& build) const {
  if (auto found = lookup(key)) return {*found, false};
  std::error_code ec;
  fs::create_directories(dir_ / "builds", ec);
  const UniqueFd lock = lock_key(key);
  return build_locked(key, build);
}

std::optional<BuildCache::InPlace> BuildCache::build_in_place_unless_busy(const std::string& key,
                                                                          const InPlaceBuilder& build) const {
  if (auto found = lookup(key)) return InPlace{*found, false};
  std::error_code ec;
  fs::create_directories(dir_ / "builds", ec);
  const UniqueFd lock = lock_key(key, false);
  if (!lock.valid()) return std::nullopt;
  return build_locked(key, build);
}

BuildCache::InPlace BuildCache::build_locked(const std::string& key, const InPlaceBuilder& build) const {
  if (auto found = lookup(key)) return {*found, false};  // the judge we waited for built it
  const fs::path builds = dir_ / "builds";
  std::error_code ec;
  const fs::path entry = builds / key;
  fs::remove_all(entry, ec);  // half made by a judge that was killed: no manifest
  const fs::path program = entry / program_name;
  fs::create_directories(program, ec);
  if (ec)
    throw ConfigError(fmt::format("cannot create a folder in the build cache {}: {} (set JUDGE_CACHE_DIR)",
                                  builds.string(), ec.message()));
  try {
    const std::vector<fs::path> read_files = build(program);
    write_file_atomically(entry / manifest_name, json_text(manifest_of(read_files), 1) + "\n");
  } catch (...) {
    fs::remove_all(entry, ec);
    throw;
  }
  return {program, true};
}

std::size_t BuildCache::evict(std::uint64_t bound_bytes, std::chrono::seconds in_use) const {
  std::vector<Entry> entries = entries_of(dir_);
  std::uint64_t total = 0;
  for (const Entry& entry : entries) total += entry.bytes;
  std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) { return a.used < b.used; });
  const auto spared_after = std::chrono::system_clock::now() - in_use;
  std::size_t removed = 0;
  for (const Entry& entry : entries) {
    if (total <= bound_bytes) break;
    if (entry.used >= spared_after) continue;
    std::error_code ec;
    fs::remove_all(entry.path, ec);
    if (ec) continue;
    total -= entry.bytes;
    ++removed;
  }
  return removed;
}

CacheStats BuildCache::stats() const {
  CacheStats stats;
  stats.bound_bytes = cache_bound_bytes();
  for (const Entry& entry : entries_of(dir_)) {
    const bool source = entry.path.parent_path().filename() == "sources";
    (source ? stats.sources : stats.builds) += 1;
    (source ? stats.sources_bytes : stats.builds_bytes) += entry.bytes;
  }
  std::error_code ec;
  for (auto it = fs::directory_iterator(dir_, ec); !ec && it != fs::directory_iterator(); it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (name == "sources" || name == "builds") continue;
    ++stats.other;
    stats.other_bytes += bytes_below(it->path());
  }
  return stats;
}

void BuildCache::clear() const {
  std::error_code ec;
  for (auto it = fs::directory_iterator(dir_, ec); !ec && it != fs::directory_iterator(); it.increment(ec)) {
    std::error_code remove_ec;
    fs::remove_all(it->path(), remove_ec);
  }
}

std::uint64_t cache_bound_bytes() {
  const char* text = std::getenv("JUDGE_CACHE_MAX_MIB");
  if (text == nullptr || *text == '\0') return 2048ULL * 1024 * 1024;
  char* end = nullptr;
  const unsigned long long mib = std::strtoull(text, &end, 10);
  if (*end != '\0' || mib == 0 || text[0] == '-')
    throw ConfigError(fmt::format("JUDGE_CACHE_MAX_MIB={}: not a positive number of MiB", text));
  return static_cast<std::uint64_t>(mib) * 1024 * 1024;
}

void mark_cache_entries_used(const std::vector<std::string>& roots) {
  for (const auto& root : roots) mark_used(fs::path(root).parent_path());
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
