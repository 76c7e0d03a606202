#include "generate/icpc_manifest.hpp"

#include <iostream>
#include <map>

#include <fmt/core.h>

#include "base/atomic_file.hpp"
#include "base/errors.hpp"
#include "base/temp_dir.hpp"
#include "base/text_file.hpp"
#include "generate/manifest.hpp"
#include "problem/program_build.hpp"
#include "process/tool_run.hpp"
#include "submission/cache_dir.hpp"

namespace judge {
namespace fs = std::filesystem;

bool has_icpc_manifest(const fs::path& dir) {
  std::error_code ec;
  return fs::is_regular_file(dir / "generators" / "manifest.txt", ec);
}

namespace {

// generators/ holds one generator besides manifest.txt and README.md: a .py file or a
// folder of sources.
fs::path find_generator(const fs::path& generators) {
  std::vector<fs::path> found;
  for (const auto& entry : fs::directory_iterator(generators)) {
    const std::string name = entry.path().filename().string();
    if (name == "manifest.txt" || name == "README.md" || name.starts_with(".")) continue;
    if (entry.is_directory() || entry.path().extension() == ".py") found.push_back(entry.path());
  }
  if (found.size() != 1)
    throw ConfigError(
        fmt::format("{}: judge generate runs one generator (a .py file or a folder of sources) with "
                    "manifest.txt; it found {}",
                    generators.string(), found.size()));
  return found.front();
}

// Where NAME.in goes: every folder of data/ that has it, else sample or secret.
std::vector<fs::path> places(const fs::path& data, const std::string& name) {
  std::vector<fs::path> found;
  std::error_code ec;
  for (auto entry = fs::recursive_directory_iterator(data, ec); entry != fs::recursive_directory_iterator(); ++entry)
    if (entry->path().filename() == name + ".in" && entry->is_regular_file()) found.push_back(entry->path());
  if (found.empty())
    found.push_back(data / (name.find("sample") != std::string::npos ? "sample" : "secret") / (name + ".in"));
  return found;
}

bool run_generator(const std::vector<std::string>& generator, const ManifestEntry& entry, const fs::path& manifest,
                   const fs::path& out) {
  ToolRunRequest request;
  request.argv = generator;
  request.argv.insert(request.argv.end(), entry.args.begin(), entry.args.end());
  request.log_path = out / ".generator.log";
  request.stdout_path = out / (entry.name + ".in");
  const ToolRun run = run_tool(request);
  if (run.succeeded()) return true;
  std::cerr << fmt::format("judge: {}:{}: the generator failed on '{}':\n{}", manifest.string(), entry.line, entry.name,
                           run.failure_message("the generator"));
  return false;
}

}  // namespace

int run_icpc_manifest_generate(const Problem& problem, const GenerateOptions& options) {
  const fs::path manifest = problem.dir / "generators" / "manifest.txt";
  const auto text = read_file(manifest);
  if (!text) throw ConfigError(fmt::format("cannot read {}", manifest.string()));
  const std::vector<ManifestEntry> entries = parse_manifest(*text, manifest);
  const fs::path generator_path = find_generator(problem.dir / "generators");
  if (!options.quiet)
    std::cout << fmt::format("{}: building the generator {}\n", problem.name, generator_path.string()) << std::flush;
  const std::vector<std::string> generator = build_program(generator_path, default_cache_dir());
  const TempDir scratch("judge-generate-");
  if (!options.quiet)
    std::cout << fmt::format("{}: {} tests from {}\n", problem.name, entries.size(), manifest.string());
  std::map<fs::path, std::string> made;  // every place of data/ -> its bytes
  for (const ManifestEntry& entry : entries) {
    if (!run_generator(generator, entry, manifest, scratch.path())) return exit_judge_error;
    const std::string bytes = read_file(scratch.path() / (entry.name + ".in")).value_or("");
    for (const fs::path& place : places(problem.dir / "data", entry.name)) made[place] = bytes;
    if (!options.quiet) std::cout << fmt::format("  {}\n", entry.name) << std::flush;
  }
  std::vector<std::string> changed;
  for (const auto& [place, bytes] : made)
    if (read_file(place) != bytes) changed.push_back(place.lexically_relative(problem.dir).generic_string());
  if (options.check) {
    if (changed.empty()) {
      std::cout << fmt::format("{}: all {} tests match the manifest\n", problem.name, entries.size());
      return exit_all_accepted;
    }
    std::cout << fmt::format("{}: the tests differ from what generators/manifest.txt makes:\n", problem.name);
    for (const std::string& path : changed) std::cout << fmt::format("  changed  {}\n", path);
    std::cout << fmt::format("run: judge generate {}\n", options.problem);
    return exit_not_accepted;
  }
  for (const auto& [place, bytes] : made) {
    fs::create_directories(place.parent_path());
    write_file_atomically(place, bytes);
    fs::path answer = place;
    answer.replace_extension(".ans");
    if (!fs::exists(answer)) write_file_atomically(answer, "");
  }
  std::cout << fmt::format(
      "{}: wrote {} tests into {} ({} changed); tests that manifest.txt does not list are "
      "left as they are\n",
      problem.name, entries.size(), (problem.dir / "data").string(), changed.size());
  return exit_all_accepted;
}

}  // namespace judge
