#include "generate/task_maker.hpp"

#include <algorithm>
#include <fstream>
#include <iostream>
#include <regex>
#include <set>

#include <fmt/core.h>

#include "base/errors.hpp"
#include "base/temp_dir.hpp"
#include "base/text_file.hpp"
#include "base/yaml_file.hpp"
#include "generate/generated_files.hpp"
#include "problem/cms_task.hpp"
#include "problem/gen_file.hpp"
#include "problem/program_build.hpp"
#include "process/tool_run.hpp"
#include "submission/cache_dir.hpp"
#include "submission/submission.hpp"

namespace judge {
namespace fs = std::filesystem;

namespace {

struct TaskPrograms {
  std::vector<std::string> generator;
  std::vector<std::string> validator;  // empty: the inputs are taken as valid
  std::vector<std::string> solution;   // empty: no outputs (Communication)
  std::string solution_name;
};

std::vector<std::string> built(const fs::path& program, const std::string& what) {
  try {
    return build_package_program(program, default_cache_dir()).command;
  } catch (const ConfigError& error) {
    throw ConfigError(fmt::format("the {} {} does not build: {}", what, program.string(), error.what()));
  }
}

std::string task_name(const fs::path& dir) {
  const YamlFile yaml = YamlFile::load(dir / "task.yaml");
  for (const char* key : {"name", "nome_breve"})
    if (yaml.root[key]) return yaml_string(yaml.root[key], yaml, key);
  return dir.filename().string();
}

bool is_communication(const fs::path& dir) {
  for (const char* folder : {"check", "cor"})
    if (find_task_program(dir / folder, {"manager"}, "manager")) return true;
  return false;
}

// The official solution, compiled as CMS compiles a submission: with the task's
// grader for its language and the headers of sol/.
std::vector<std::string> official_solution(const fs::path& dir, const fs::path& source) {
  SubmissionOptions options;
  options.companions = find_companions(dir, "grader", task_name(dir));
  const Submission submission = prepare_submission(source, default_cache_dir(), options);
  if (submission.compile_failed)
    throw ConfigError(
        fmt::format("the official solution {} does not compile:\n{}", source.string(), submission.compile_message));
  return command_for_limits(submission, 1024 * 1024);
}

TaskPrograms find_programs(const fs::path& dir) {
  TaskPrograms programs;
  const auto generator = find_task_program(dir / "gen", {"generator", "generatore"}, "generator");
  if (!generator)
    throw ConfigError(fmt::format("{} has no generator (gen/generator.* or gen/generatore.*) for gen/GEN's tests",
                                  (dir / "gen").string()));
  programs.generator = built(*generator, "generator");
  if (const auto validator = find_task_program(dir / "gen", {"validator", "valida"}, "validator"))
    programs.validator = built(*validator, "validator");
  if (is_communication(dir)) return programs;
  const auto solution = find_task_program(dir / "sol", {"solution", "soluzione"}, "official solution");
  if (!solution)
    throw ConfigError(
        fmt::format("{} is a Batch task, and its outputs come from the official solution, but there is "
                    "no sol/solution.* (or sol/soluzione.*)",
                    dir.string()));
  programs.solution = official_solution(dir, *solution);
  programs.solution_name = fs::relative(*solution, dir).string();
  return programs;
}

// One test: its input (generated or copied), checked, and its output. False (said
// why on stderr) when a program failed or the validator refused the input.
bool make_test(const fs::path& dir, const fs::path& gen, const GenTest& test, std::size_t index,
               const TaskPrograms& programs, const fs::path& out) {
  const fs::path input = out / "input" / fmt::format("input{}.txt", index);
  const std::string where = fmt::format("{}:{}", gen.string(), test.line);
  auto failed = [&](const ToolRun& run, const std::string& what) {
    std::cerr << fmt::format("judge: {}: {} failed on test {}:\n{}\n", where, what, index, run.failure_message(what));
    return false;
  };
  if (!test.copy.empty()) {
    const auto text = read_file(dir / test.copy);
    if (!text) throw ConfigError(fmt::format("{}: #COPY: {} cannot be read", where, (dir / test.copy).string()));
    std::ofstream(input, std::ios::binary) << *text;
  } else {
    ToolRunRequest request{programs.generator, out, out / ".log", 60000, 8192, input, {}};
    request.argv.insert(request.argv.end(), test.args.begin(), test.args.end());
    if (const ToolRun run = run_tool(request); !run.succeeded()) return failed(run, "the generator");
  }
  if (!programs.validator.empty()) {
    ToolRunRequest request{programs.validator, out, out / ".log", 60000, 8192, {}, {}};
    request.argv.push_back(input.string());
    request.argv.push_back(std::to_string(test.subtask + 1));
    if (const ToolRun run = run_tool(request); !run.succeeded()) return failed(run, "the validator");
  }
  if (!programs.solution.empty()) {
    ToolRunRequest request{
        programs.solution, out, out / ".log", 60000, 8192, out / "output" / fmt::format("output{}.txt", index), input};
    if (const ToolRun run = run_tool(request); !run.succeeded())
      return failed(run, "the official solution " + programs.solution_name);
  }
  return true;
}

// The folders `judge generate` writes: input/ and, with an official solution,
// output/; of each only PREFIX<number>.txt.
std::vector<OwnedFolder> owned_folders(const fs::path& dir, const fs::path& made, bool outputs) {
  std::vector<OwnedFolder> folders;
  for (const std::string folder : {"input", "output"}) {
    if (folder == "output" && !outputs) continue;
    const std::regex pattern(folder + "[0-9]+\\.txt");
    folders.push_back({folder, dir / folder, made / folder,
                       [pattern](const std::string& name) { return std::regex_match(name, pattern); }});
  }
  return folders;
}

}  // namespace

int run_task_maker_generate(const fs::path& task_dir, const GenerateOptions& options) {
  const fs::path dir = fs::absolute(task_dir).lexically_normal();
  const fs::path gen = dir / "gen" / "GEN";
  const auto text = read_file(gen);
  if (!text)
    throw ConfigError(
        fmt::format("{} is a CMS task (task.yaml) without gen/GEN: its tests are input/inputN.txt as "
                    "they are, and there is nothing to generate",
                    dir.string()));
  const GenFile file = parse_gen_file(*text, gen);
  if (file.tests.empty()) throw ConfigError(fmt::format("{} lists no test", gen.string()));
  const TaskPrograms programs = find_programs(dir);
  if (!options.quiet)
    std::cout << fmt::format(
        "{}: {} tests from {}{}\n", dir.filename().string(), file.tests.size(), gen.string(),
        programs.solution.empty() ? " (no outputs: a Communication task)" : ", outputs from " + programs.solution_name);
  const TempDir scratch("judge-generate-");
  fs::create_directories(scratch.path() / "input");
  if (!programs.solution.empty()) fs::create_directories(scratch.path() / "output");
  for (std::size_t index = 0; index < file.tests.size(); ++index) {
    if (!make_test(dir, gen, file.tests[index], index, programs, scratch.path())) return exit_judge_error;
    if (!options.quiet) std::cout << fmt::format("  input{}.txt\n", index) << std::flush;
  }
  const auto folders = owned_folders(dir, scratch.path(), !programs.solution.empty());
  if (options.check) {
    const int status = check_generated(folders, "gen/GEN", options.problem);
    if (status == exit_all_accepted)
      std::cout << fmt::format("{}: all {} tests match gen/GEN\n", dir.filename().string(), file.tests.size());
    return status;
  }
  write_generated(folders, "gen/GEN");
  std::cout << fmt::format("{}: wrote {} inputs{} into {}\n", dir.filename().string(), file.tests.size(),
                           programs.solution.empty() ? "" : " and outputs", dir.string());
  return exit_all_accepted;
}

}  // namespace judge
