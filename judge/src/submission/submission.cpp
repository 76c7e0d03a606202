#include "submission/submission.hpp"

#include <unistd.h>

#include <fmt/core.h>

#include "base/content_hash.hpp"
#include "base/errors.hpp"
#include "base/text_file.hpp"
#include "process/tool_run.hpp"

namespace judge {
namespace fs = std::filesystem;

namespace {

constexpr std::int64_t compile_time_limit_ms = 60000;
constexpr std::size_t compile_message_limit_bytes = 8192;

std::string read_all(const fs::path& path) { return read_file(path).value_or(""); }

}  // namespace

fs::path default_cache_dir() {
  if (const char* dir = std::getenv("JUDGE_CACHE_DIR"); dir && *dir) return dir;
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg) return fs::path(xdg) / "judge";
  if (const char* home = std::getenv("HOME"); home && *home)
    return fs::path(home) / ".cache" / "judge";
  return fs::path(fmt::format("/tmp/judge-cache-{}", ::getuid()));
}

std::vector<std::string> compile_command(const fs::path& source, const fs::path& output) {
  const auto ext = source.extension();
  if (ext == ".cpp" || ext == ".cc" || ext == ".cxx")
    return {"/usr/bin/g++", "-O2", "-std=c++20", "-pipe", "-o", output.string(), source.string()};
  if (ext == ".c") return {"/usr/bin/gcc", "-O2", "-pipe", "-o", output.string(), source.string()};
  return {};
}

Submission prepare_submission(const fs::path& path, const fs::path& cache_dir) {
  Submission submission;
  submission.display = path.string();
  if (!fs::is_regular_file(path))
    throw ConfigError(fmt::format("submission {} does not exist (or is not a file)", path.string()));
  const fs::path absolute = fs::absolute(path);
  if (path.extension() == ".py") {
    submission.command = {"/usr/bin/python3", absolute.string()};
    return submission;
  }
  const std::vector<std::string> probe = compile_command(absolute, "out");
  if (probe.empty()) {
    if (::access(absolute.c_str(), X_OK) != 0)
      throw ConfigError(fmt::format(
          "submission {} is neither executable nor a .cpp, .c or .py source (chmod +x it?)",
          path.string()));
    submission.command = {absolute.string()};
    return submission;
  }

  // Key: the compile command with placeholders, then the source bytes.
  const std::string source = read_all(absolute);
  std::string key_material;
  for (const auto& word : compile_command("SOURCE", "OUTPUT")) key_material += word + '\0';
  key_material += source;
  const std::string key = sha1_hex(key_material);
  std::error_code ec;
  fs::create_directories(cache_dir, ec);
  if (ec)
    throw ConfigError(fmt::format("cannot create the compile cache {}: {} (set JUDGE_CACHE_DIR)",
                                  cache_dir.string(), ec.message()));
  const fs::path binary = cache_dir / (key + ".bin");
  if (::access(binary.c_str(), X_OK) == 0) {
    submission.command = {binary.string()};
    return submission;
  }

  // Compile next to the cache entry under a unique name, then rename: two judges
  // compiling the same source at once never see a half-written binary.
  const std::string unique = fmt::format("{}.{}.tmp", key, ::getpid());
  const fs::path temp_binary = cache_dir / unique;
  const fs::path log_path = cache_dir / (unique + ".log");
  const ToolRun compile = run_tool({compile_command(absolute, temp_binary), "", log_path,
                                     compile_time_limit_ms, compile_message_limit_bytes});
  if (!compile.succeeded()) {
    fs::remove(temp_binary, ec);
    std::string message = compile.output;
    if (!compile.ended_in_time) message += "\ncompilation took too long and was stopped";
    else if (compile.exit.signaled)
      message += fmt::format("\nthe compiler was killed by {}", signal_name(compile.exit.signal));
    submission.compile_failed = true;
    submission.compile_message = message;
    return submission;
  }
  fs::rename(temp_binary, binary, ec);
  if (ec)
    throw ConfigError(fmt::format("cannot store the compiled binary in {}: {}",
                                  cache_dir.string(), ec.message()));
  submission.compiled = true;
  submission.command = {binary.string()};
  return submission;
}

}  // namespace judge
