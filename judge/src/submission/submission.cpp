#include "submission/submission.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstring>

#include <fmt/core.h>

#include "base/search_path.hpp"
#include "submission/build_cache.hpp"
#include "submission/compile.hpp"
#include "submission/languages.hpp"
#include "submission/sources.hpp"

namespace judge {
namespace fs = std::filesystem;

fs::path default_cache_dir() {
  if (const char* dir = std::getenv("JUDGE_CACHE_DIR"); dir && *dir) return dir;
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg) return fs::path(xdg) / "judge";
  if (const char* home = std::getenv("HOME"); home && *home)
    return fs::path(home) / ".cache" / "judge";
  return fs::path(fmt::format("/tmp/judge-cache-{}", ::getuid()));
}

namespace {

// Before anything: the path must name something the judge can read (a link loop, a
// file without read permission: the user's to fix, exit 2).
void check_readable(const fs::path& path) {
  std::error_code ec;
  const fs::file_status status = fs::status(path, ec);
  if (ec && ec.value() == ELOOP)
    throw ConfigError(fmt::format("submission {} is a symbolic link loop", path.string()));
  if (ec || !fs::exists(status))
    throw ConfigError(fmt::format("submission {} does not exist", path.string()));
  if (!fs::is_regular_file(status) && !fs::is_directory(status))
    throw ConfigError(fmt::format("submission {} is not a file or a folder", path.string()));
  if (::access(path.c_str(), R_OK) != 0)
    throw ConfigError(fmt::format("submission {} cannot be read: {}", path.string(), std::strerror(errno)));
}

// The placeholders of the run command that name the build and the sources on the host.
Placeholders host_placeholders(const Sources& sources, const fs::path& build) {
  Placeholders values;
  for (const auto& file : sources.language_files) values.files.push_back((sources.base / file).string());
  values.entry = (sources.base / sources.entry).string();
  values.entry_class = entry_class_of(sources);
  values.build = build.string();
  values.memory_mib = "{memory_mib}";  // filled in with the limits (command_for_limits)
  values.heap_mib = "{heap_mib}";
  return values;
}

// Compiles (or checks) into the cache unless a valid build is there; false: CE.
bool build(const Sources& sources, const BuildCache& cache, const std::string& key, const SubmissionOptions& options,
           Submission& submission, fs::path& build_dir) {
  const Language& language = *sources.language;
  if (const auto found = cache.lookup(key)) {
    build_dir = *found;
    return true;
  }
  if (options.on_compile) options.on_compile(language.id);
  const fs::path staged = cache.staging(key);
  // An interrupted compile (SIGINT unwinds through here) leaves nothing half-built.
  struct RemoveUnlessPublished {
    const fs::path& dir;
    bool published = false;
    ~RemoveUnlessPublished() {
      std::error_code ec;
      if (!published) fs::remove_all(dir, ec);
    }
  } guard{staged};
  const CompileLimits limits;
  std::vector<fs::path> read_files;
  if (!language.dependencies.empty()) {
    const CompileStep dependencies = run_compile_step(language.dependencies, sources, staged, limits, options.contain);
    if (dependencies.ok) read_files = parse_dependencies(dependencies.output, sources.base);
  }
  const CompileStep step = run_compile_step(language.compile.empty() ? language.check : language.compile, sources,
                                            staged, limits, options.contain);
  if (!step.ok) {
    submission.compile_failed = true;
    submission.compile_message = step.message.empty() ? "compilation failed" : step.message;
    return false;
  }
  build_dir = cache.publish(key, staged, read_files);
  guard.published = true;
  submission.compiled = true;
  return true;
}

}  // namespace

Submission prepare_submission(const fs::path& path, const fs::path& cache_dir, const SubmissionOptions& options) {
  check_readable(path);
  Submission submission;
  submission.display = path.string();
  // An executable file without an ending is a program as it is whatever the languages
  // table says (the table matches endings only): reading the table (YAML, ~0.3 ms of a
  // judge run's CPU) is left out for it.
  if (options.language.empty() && !fs::path(path).has_extension() && is_executable_file(path)) {
    submission.command = {fs::absolute(path).lexically_normal().string()};
    return submission;
  }
  const Languages languages = Languages::load();
  const Sources sources = find_sources(path, languages, options.language, options.entrypoint);
  if (sources.language == nullptr) {  // an executable as it is
    submission.command = {sources.root.string()};
    return submission;
  }
  const Language& language = *sources.language;
  if (const std::string tool = missing_tool(language); !tool.empty())
    throw ConfigError(not_installed_message(language, tool));
  submission.language = language.id;
  submission.unlimited_address_space = language.unlimited_address_space;
  submission.extra_processes = language.threads;
  fs::path build_dir;
  if (!language.compile.empty() || !language.check.empty()) {
    const BuildCache cache(cache_dir);
    if (!build(sources, cache, cache.key_of(sources), options, submission, build_dir)) return submission;
  }
  submission.command = resolve_program(expand_command(language.run, host_placeholders(sources, build_dir)));
  // The program's files in the box: what was built, or (nothing built) the sources.
  submission.roots.push_back(language.compile.empty() ? sources.root.string() : build_dir.string());
  return submission;
}

std::vector<std::string> command_for_limits(const Submission& submission, std::int64_t memory_kib) {
  Placeholders values;
  values.memory_mib = std::to_string(memory_kib / 1024);
  values.heap_mib = std::to_string(memory_kib / 1024 * 3 / 4);
  values.files = {"{files}"};
  values.entry = "{entry}";
  values.entry_class = "{entry_class}";
  values.build = "{build}";
  return expand_command(submission.command, values);
}

}  // namespace judge
