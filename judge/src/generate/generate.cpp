#include "generate/generate.hpp"

#include <algorithm>
#include <iostream>
#include <set>

#include <fmt/core.h>

#include "base/atomic_file.hpp"
#include "base/errors.hpp"
#include "base/temp_dir.hpp"
#include "base/text_file.hpp"
#include "generate/icpc_manifest.hpp"
#include "generate/manifest.hpp"
#include "generate/task_maker.hpp"
#include "generate/tps_gen.hpp"
#include "problem/problem.hpp"
#include "problem/tps_task.hpp"
#include "process/tool_run.hpp"

namespace judge {
namespace fs = std::filesystem;

namespace {

std::set<std::string> test_files(const fs::path& dir, const std::vector<std::string>& extensions) {
  std::set<std::string> names;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    const std::string extension = entry.path().extension().string();
    if (std::find(extensions.begin(), extensions.end(), extension) != extensions.end() && entry.is_regular_file(ec))
      names.insert(entry.path().filename().string());
  }
  return names;
}

struct Generators {
  std::vector<std::string> inputs;
  std::vector<std::string> answers;  // empty: no .ans files are made
};

// NAME.ans from NAME.in through the answer generator; false (said why) if it failed.
bool generate_answer(const std::vector<std::string>& answer_generator, const ManifestEntry& entry,
                     const fs::path& manifest, const fs::path& out) {
  ToolRunRequest request;
  request.argv = answer_generator;
  request.log_path = out / ".answer-generator.log";
  request.stdin_path = out / (entry.name + ".in");
  request.stdout_path = out / (entry.name + ".ans");
  const ToolRun run = run_tool(request);
  if (run.succeeded()) return true;
  std::cerr << fmt::format("judge: {}:{}: the answer generator failed on {}.in:\n{}", manifest.string(), entry.line,
                           entry.name, run.failure_message("the answer generator"));
  return false;
}

// Runs the generator for every entry; each test's bytes land in OUT/NAME.in (and
// NAME.ans). Returns false (having said why) when a generator failed.
bool generate_into(const Generators& generators, const std::vector<ManifestEntry>& entries,
                   const fs::path& manifest, const fs::path& out, bool quiet) {
  const std::vector<std::string>& generator = generators.inputs;
  for (const auto& entry : entries) {
    ToolRunRequest request;
    request.argv = generator;
    request.argv.insert(request.argv.end(), entry.args.begin(), entry.args.end());
    request.log_path = out / ".generator.log";
    request.stdout_path = out / (entry.name + ".in");
    const ToolRun run = run_tool(request);
    if (!run.succeeded()) {
      std::string words;
      for (const auto& arg : entry.args) words += " " + arg;
      std::cerr << fmt::format("judge: {}:{}: the generator failed on '{}{}':\n{}", manifest.string(), entry.line,
                               entry.name, words, run.failure_message("the generator"));
      return false;
    }
    if (!generators.answers.empty() && !generate_answer(generators.answers, entry, manifest, out)) return false;
    if (!quiet) std::cout << fmt::format("  {}\n", entry.name) << std::flush;
  }
  return true;
}

// problem.json as is_tps_problem_json reads it; an unreadable one is load_problem's to
// report.
bool is_tps_task_folder(const std::string& folder) {
  const auto text = read_file(fs::path(folder) / "problem.json");
  if (!text) return false;
  const nlohmann::json config = nlohmann::json::parse(*text, nullptr, false);
  return !config.is_discarded() && is_tps_problem_json(config);
}

}  // namespace

DataDifference compare_test_files(const fs::path& generated, const fs::path& committed,
                                  const std::vector<std::string>& extensions) {
  DataDifference difference;
  const std::set<std::string> made = test_files(generated, extensions), have = test_files(committed, extensions);
  for (const auto& name : made) {
    if (!have.contains(name)) difference.missing.push_back(name);
    else if (read_file(generated / name) != read_file(committed / name)) difference.changed.push_back(name);
  }
  for (const auto& name : have)
    if (!made.contains(name)) difference.extra.push_back(name);
  return difference;
}

int run_generate_command(const GenerateOptions& options) {
  // A CMS task folder: task-maker's gen/GEN (task_maker.hpp). Its tests may not be
  // there yet, so it is not loaded as a problem first.
  if (std::error_code ec; fs::is_regular_file(fs::path(options.problem) / "task.yaml", ec))
    return run_task_maker_generate(options.problem, options);
  // A TPS task folder (problem.json with "code" and "type"): TPS's gen/data (tps_gen.hpp).
  if (is_tps_task_folder(options.problem)) return run_tps_generate(options.problem, options);
  const Problem problem = load_problem(options.problem, JudgePaths::from_environment());
  // An ICPC package with this judge's generators/manifest.txt (judge new, judge export).
  if ((problem.format == ProblemFormat::icpc || problem.format == ProblemFormat::icpc_legacy) &&
      has_icpc_manifest(problem.dir))
    return run_icpc_manifest_generate(problem, options);
  if (problem.format != ProblemFormat::native)
    throw ConfigError(fmt::format(
        "judge generate reads a problem.json's \"generator\" and \"manifest\", or an ICPC package's "
        "generators/manifest.txt; {} is a {} package without them (generate its data with the tools of that format)",
        problem.dir.string(), format_name(problem.format)));
  if (problem.generator.empty() || problem.manifest.empty())
    throw ConfigError(fmt::format(
        "problem {} has {}: name the generator in problem.json (\"generator\": \"generator.cpp\") and list the tests "
        "in {} (NAME GENERATOR-ARGS... per line), or name it with \"manifest\"",
        problem.name, problem.generator.empty() ? "no generator" : "no manifest",
        (problem.testdata_dir / "manifest.txt").string()));
  const auto text = read_file(problem.manifest);
  if (!text) throw ConfigError(fmt::format("cannot read {}", problem.manifest.string()));
  const std::vector<ManifestEntry> entries = parse_manifest(*text, problem.manifest);
  Generators generators;
  generators.inputs = resolve_program("generator", problem.generator, problem.dir, JudgePaths::from_environment());
  if (!problem.answer_generator.empty())
    generators.answers =
        resolve_program("answer generator", problem.answer_generator, problem.dir, JudgePaths::from_environment());
  const std::vector<std::string> extensions =
      generators.answers.empty() ? std::vector<std::string>{".in"} : std::vector<std::string>{".in", ".ans"};
  const TempDir scratch("judge-generate-");
  if (!options.quiet)
    std::cout << fmt::format("{}: {} tests from {}\n", problem.name, entries.size(), problem.manifest.string());
  if (!generate_into(generators, entries, problem.manifest, scratch.path(), options.quiet)) return exit_judge_error;
  if (options.check) {
    const DataDifference difference = compare_test_files(scratch.path(), problem.testdata_dir, extensions);
    if (difference.empty()) {
      std::cout << fmt::format("{}: all {} tests match the manifest\n", problem.name, entries.size());
      return exit_all_accepted;
    }
    std::cout << fmt::format("{}: the tests in {} differ from what the manifest makes:\n", problem.name,
                             problem.testdata_dir.string());
    for (const auto& name : difference.changed) std::cout << fmt::format("  changed  {}\n", name);
    for (const auto& name : difference.missing) std::cout << fmt::format("  missing  {}\n", name);
    for (const auto& name : difference.extra) std::cout << fmt::format("  extra    {} (not in the manifest)\n", name);
    std::cout << fmt::format("run: judge generate {}\n", options.problem);
    return exit_not_accepted;
  }
  for (const auto& name : compare_test_files(scratch.path(), problem.testdata_dir, extensions).extra) {
    fs::remove(problem.testdata_dir / name);
    std::cout << fmt::format("removed {} (not in the manifest)\n", name);
  }
  for (const auto& name : test_files(scratch.path(), extensions))
    write_file_atomically(problem.testdata_dir / name, read_file(scratch.path() / name).value_or(""));
  std::cout << fmt::format("{}: wrote {} tests into {}\n", problem.name, entries.size(), problem.testdata_dir.string());
  return exit_all_accepted;
}

}  // namespace judge
