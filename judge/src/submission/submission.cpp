#include "submission/submission.hpp"

#include <algorithm>
#include <optional>

#include <fmt/core.h>

#include "base/temp_dir.hpp"
#include "base/text_file.hpp"
#include "submission/build_cache.hpp"
#include "submission/compile.hpp"
#include "submission/languages.hpp"
#include "submission/precompiled_header.hpp"
#include "submission/sources.hpp"

namespace judge {
namespace fs = std::filesystem;

namespace {

// The placeholders of the run command that name the build and the sources on the host
// (the cache's copies: the box maps them to its own paths).
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

// The files outside the submission the compile read (system headers), from a
// make-style listing: the submission's own are in the key already, and their host
// paths (the cache's) are nobody's business.
std::vector<fs::path> outside_files(const std::string& listing, const Sources& sources) {
  std::vector<fs::path> files;
  const std::string base = sources.base.string() + "/";
  for (const auto& file : parse_dependencies(listing, sources.base))
    if (file.string().rfind(base, 0) != 0) files.push_back(file);
  return files;
}

// A compile offered a precompiled header lists what it read itself (-MD, and with
// -fpch-deps the headers the PCH was made from), so no dependency step runs before it
// (a second box and a preprocessing of every header: 0.15-0.2 s of a 2 s compile
// here). The listing is written beside the program and taken out before it is
// published.
constexpr const char* compile_listing = ".judge-dependencies";

std::vector<std::string> listing_what_it_reads(std::vector<std::string> compile) {
  compile.insert(compile.end(), {"-MD", "-MF", std::string("{build}/") + compile_listing, "-fpch-deps"});
  return compile;
}

std::vector<fs::path> take_listing(const fs::path& program, const Sources& sources) {
  const fs::path listing = program / compile_listing;
  const std::string text = read_file(listing).value_or("");
  std::error_code ec;
  fs::remove(listing, ec);
  return outside_files(text, sources);
}

// The language's dependency step, on the compile's budget; false: the budget is gone
// (the submission's CE then says so).
bool run_dependency_step(const Sources& sources, const fs::path& program, const SubmissionOptions& options,
                         CompileLimits& limits, std::vector<fs::path>& read_files, Submission& submission) {
  const CompileStep dependencies =
      run_compile_step(sources.language->dependencies, sources, program, limits, options.contain, limits.data_bytes);
  if (dependencies.ok) read_files = outside_files(dependencies.output, sources);
  // What is left of the one budget is the compile's (issue 28: each step had 60 s).
  limits.cpu_ms -= dependencies.cpu_ms;
  limits.wall_ms -= dependencies.wall_ms;
  if (limits.cpu_ms > 0 && limits.wall_ms > 0) return true;
  submission.compile_failed = true;
  submission.compile_message = fmt::format(
      "the compiler ran out of time ({} ms of CPU, {} ms in all, for the "
      "whole compile)",
      options.compile_limits.cpu_ms, options.compile_limits.wall_ms);
  return false;
}

// A build entry being made (BuildCache::staging), removed unless it was published:
// an interrupted compile (SIGINT unwinds through here) or a CE leaves nothing behind.
class StagedBuild {
 public:
  StagedBuild(const BuildCache& cache, const std::string& key) : dir_(cache.staging(key)) {}
  ~StagedBuild() {
    std::error_code ec;
    if (!published_) fs::remove_all(dir_, ec);
  }
  StagedBuild(const StagedBuild&) = delete;
  StagedBuild& operator=(const StagedBuild&) = delete;
  const fs::path& dir() const { return dir_; }
  fs::path program() const { return dir_ / "program"; }
  void published() { published_ = true; }

 private:
  fs::path dir_;
  bool published_ = false;
};

// Stage 4 of prepare_submission: the compile (or check) in the box, into `staged`'s
// program folder, on one CPU and wall budget for every step of it. Returns the files
// outside the submission it read (the manifest's), or nullopt: CE, its message in
// `submission`.
std::optional<std::vector<fs::path>> build_in_box(const Sources& sources, const BuildCache& cache,
                                                  const SubmissionOptions& options, const StagedBuild& staged,
                                                  Submission& submission) {
  const Language& language = *sources.language;
  CompileLimits limits = options.compile_limits;
  const fs::path program = staged.program();
  // The precompiled header its first #include may use (made now if it is the first
  // of its kind; precompiled_header.hpp), offered, never forced: GCC decides.
  const std::optional<fs::path> headers = language.compile.empty() || !options.precompiled_headers
                                              ? std::nullopt
                                              : submission_header_folder(cache, sources, options.contain);
  std::vector<fs::path> read_files;
  if (!headers && !language.dependencies.empty() &&
      !run_dependency_step(sources, program, options, limits, read_files, submission))
    return std::nullopt;
  const std::vector<std::string>& command = language.compile.empty() ? language.check : language.compile;
  const CompileStep step =
      run_compile_step(headers ? listing_what_it_reads(command) : command, sources, program, limits, options.contain,
                       limits.message_bytes, headers.value_or(fs::path()));
  if (!step.ok) {
    submission.compile_failed = true;
    submission.compile_message = step.message.empty()  ? "compilation failed"
                                 : headers.has_value() ? named_as_submission(step.message, sources)
                                                       : step.message;
    return std::nullopt;
  }
  if (headers) read_files = take_listing(program, sources);
  return read_files;
}

// The submission as the cache took it in, its language found in `languages` (loaded
// here, held by the caller: the Sources point into it).
Sources stored_sources(const fs::path& path, const BuildCache& cache, const SubmissionOptions& options,
                       StoredSources& stored, std::optional<Languages>& languages) {
  IngestOptions ingest;
  ingest.confine_to = options.confine_to;
  stored = cache.store_sources(path, ingest);
  // An executable file without an ending is a program as it is whatever the languages
  // table says (the table matches endings only): reading the table (YAML, a visible
  // part of a short judge run's CPU: docs/performance-log.md) is left out for it.
  if (options.language.empty() && !stored.files.folder && !fs::path(stored.files.name).has_extension() &&
      stored.files.files.front().executable) {
    Sources as_it_is;
    as_it_is.root = stored.root;
    return as_it_is;
  }
  languages.emplace(Languages::load());
  return find_sources(stored.root, *languages, options.language, options.entrypoint, shown_name(path.string()));
}

// A submission of one source compiled with the task's companion of its language
// (companions.hpp): taken in by the rules every submission is, then assembled in a
// folder of the judge's own and prepared as that folder, its entry the companion.
Submission prepare_with_companions(const fs::path& path, const fs::path& cache_dir, const SubmissionOptions& options) {
  const BuildCache cache(cache_dir);
  IngestOptions ingest;
  ingest.confine_to = options.confine_to;
  const StoredSources stored = cache.store_sources(path, ingest);
  if (stored.files.folder)
    throw ConfigError(fmt::format("{}: this task compiles a submission of one file with its {}; give the file",
                                  shown_name(path.string()), options.companions.role));
  const Languages languages = Languages::load();
  const Language* language =
      options.language.empty() ? languages.by_extension(stored.root) : languages.by_id(options.language);
  if (language == nullptr)
    throw ConfigError(
        fmt::format("{}: not a source of a language of the languages table (judge languages lists "
                    "them); this task compiles it with its {}",
                    shown_name(path.string()), options.companions.role));
  Submission submission;
  submission.display = path.string();
  submission.language = language->id;
  const auto companion = companion_for(options.companions, *language);
  if (!companion) {
    submission.compile_failed = true;
    submission.compile_message = no_companion_message(options.companions, *language, languages);
    return submission;
  }
  // Named by the task, not by the temporary folder: the folder's name is part of the
  // sources' key (submission_files.hpp), and the same files must find the same build.
  TempDir temporary("judge-companions-");
  const fs::path folder = temporary.path() / options.companions.name;
  fs::create_directory(folder);
  SubmissionOptions assembled = options;
  assembled.companions = {};
  assembled.language = language->id;
  assembled.entrypoint = assemble_with_companion(stored.root, *companion, options.companions, folder);
  assembled.confine_to.clear();
  submission = prepare_submission(folder, cache_dir, assembled);
  submission.display = path.string();
  return submission;
}

// A submission with a Kattis package's include files of its language
// (companions.hpp): the files as taken in, the include files over them, prepared as
// that folder of the judge's own.
Submission prepare_with_includes(const fs::path& path, const Sources& sources, const std::vector<fs::path>& folders,
                                 const fs::path& cache_dir, const SubmissionOptions& options) {
  TempDir temporary("judge-includes-");
  // Named alike for every submission: the folder's name is part of the sources' key
  // (submission_files.hpp), and the same files must find the same build.
  const fs::path folder = temporary.path() / "submission";
  fs::create_directory(folder);
  SubmissionOptions assembled = options;
  assembled.companions = {};
  assembled.language = sources.language->id;
  assembled.confine_to.clear();
  const std::string main = assemble_with_includes(sources.base, sources.files, folders, *sources.language, folder);
  assembled.entrypoint = main.empty() ? sources.entry.string() : main;
  Submission submission = prepare_submission(folder, cache_dir, assembled);
  submission.display = path.string();
  return submission;
}

}  // namespace

// From a file to a program, top-down: 1. take in, 2. key, 3. look up, 4. build in the
// box, 5. publish. A package's programs go the same way in problem/program_build.cpp
// (built outside the box: the setter's code is trusted).
Submission prepare_submission(const fs::path& path, const fs::path& cache_dir, const SubmissionOptions& options) {
  if (!options.companions.empty()) return prepare_with_companions(path, cache_dir, options);
  Submission submission;
  submission.display = path.string();
  const BuildCache cache(cache_dir);
  // 1. Take in: the files copied by submission_files.hpp's rules into the cache's
  //    sources/ (everything after reads that copy), their language and entry point
  //    found (sources.hpp).
  StoredSources stored;
  std::optional<Languages> languages;
  const Sources sources = stored_sources(path, cache, options, stored, languages);
  if (sources.language == nullptr) {  // an executable as it is
    submission.command = {sources.root.string()};
    submission.roots = {sources.root.string()};
    return submission;
  }
  if (!options.companions.include_dir.empty()) {
    const std::vector<fs::path> folders = include_folders_for(options.companions.include_dir, *sources.language);
    if (!folders.empty()) return prepare_with_includes(path, sources, folders, cache_dir, options);
  }
  const Language& language = *sources.language;
  if (const std::string tool = missing_tool(language); !tool.empty())
    throw ConfigError(not_installed_message(language, tool));
  submission.language = language.id;
  submission.unlimited_address_space = language.unlimited_address_space;
  submission.extra_processes = language.threads;
  fs::path build_dir;
  if (!language.compile.empty() || !language.check.empty()) {
    // 2. Key: the language's commands, the toolchain's identity, the entry point and
    //    the files' content (build_cache.hpp).
    const std::string key = cache.key_of(sources, stored.files.key);
    // 3. Look up: a build of that key whose every file read outside the submission (a
    //    system header) is unchanged.
    if (const auto found = cache.lookup(key)) {
      build_dir = *found;
    } else {
      if (options.on_compile) options.on_compile(language.id);
      // 4. Build in the box, into a staged entry.
      StagedBuild staged(cache, key);
      const auto read_files = build_in_box(sources, cache, options, staged, submission);
      if (!read_files) return submission;
      // 5. Publish: the entry renamed into place whole, with the manifest of what it
      //    read; the cache's bound kept.
      build_dir = cache.publish(key, staged.dir(), *read_files);
      staged.published();
      submission.compiled = true;
      cache.evict(cache_bound_bytes());
    }
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
