#include "generate/tps_gen.hpp"

#include <algorithm>
#include <fstream>
#include <iostream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "base/errors.hpp"
#include "base/temp_dir.hpp"
#include "base/text_file.hpp"
#include "generate/generated_files.hpp"
#include "problem/program_build.hpp"
#include "problem/tps_task.hpp"
#include "process/tool_run.hpp"
#include "submission/cache_dir.hpp"
#include "submission/submission.hpp"

namespace judge {
namespace fs = std::filesystem;

namespace {

std::vector<std::string> tps_split_words(const std::string& line) {
  std::istringstream stream(line);
  std::vector<std::string> words;
  for (std::string word; stream >> word;) words.push_back(word);
  return words;
}

// The parser's state: gen_data_parser.py's counters and gen.py's MappingVisitor.
struct TpsGenDataReader {
  const fs::path& file;
  TpsGenData data;
  std::map<std::string, std::set<std::string>> sets;  // every @subtask and @testset
  std::string current;                                // the set tests go to
  bool current_is_subtask = false;
  int subtasks_seen = 0;  // subtask_counter + 1
  int offset = 0;         // test_offset within the current set

  [[noreturn]] void fail(std::size_t line, const std::string& message) const {
    throw ConfigError(fmt::format("{}:{}: {}", file.string(), line, message));
  }

  void start_set(std::size_t line, const std::string& command, const std::vector<std::string>& args) {
    if (args.size() != 1) fail(line, fmt::format("{} takes one name, got {}", command, args.size()));
    if (sets.contains(args[0])) fail(line, fmt::format("\"{}\" is defined twice", args[0]));
    current = args[0];
    current_is_subtask = command == "@subtask";
    sets[current];
    offset = 0;
    if (current_is_subtask) {
      ++subtasks_seen;
      data.subtasks.push_back({current, {}});
    }
  }

  void include(std::size_t line, const std::vector<std::string>& args) {
    if (current.empty()) fail(line, "@include before any @subtask or @testset");
    for (const std::string& name : args) {
      if (!sets.contains(name))
        fail(line, fmt::format("@include {}: no @subtask or @testset \"{}\" is defined above", name, name));
      sets[current].insert(sets[name].begin(), sets[name].end());
    }
  }

  void test(std::size_t line, const std::vector<std::string>& words) {
    if (current.empty()) fail(line, "a test before any @subtask or @testset");
    if ((words[0] == "manual" || words[0] == "copy") && words.size() != 2)
      fail(line, fmt::format("{} takes exactly one file, got {}", words[0], words.size() - 1));
    ++offset;
    const std::string prefix = current_is_subtask ? std::to_string(subtasks_seen - 1) : current;
    TpsGenTest test{fmt::format("{}-{:02}", prefix, offset), current, line, words[0], {}};
    test.args.assign(words.begin() + 1, words.end());
    sets[current].insert(test.name);
    data.tests.push_back(std::move(test));
  }

  void read(std::string_view text) {
    std::istringstream stream{std::string(text)};
    std::size_t number = 0;
    for (std::string line; std::getline(stream, line);) {
      ++number;
      const std::vector<std::string> words = tps_split_words(line);
      if (words.empty() || words[0].starts_with('#')) continue;
      const std::vector<std::string> args(words.begin() + 1, words.end());
      if (words[0] == "@subtask" || words[0] == "@testset") start_set(number, words[0], args);
      else if (words[0] == "@include")
        include(number, args);
      else if (words[0].starts_with('@'))
        fail(number, fmt::format("unknown command {} (TPS knows @subtask, @testset and @include)", words[0]));
      else
        test(number, words);
    }
    for (TpsGenSubtask& subtask : data.subtasks)
      subtask.tests.assign(sets[subtask.name].begin(), sets[subtask.name].end());
  }
};

}  // namespace

std::string TpsGenData::mapping() const {
  std::string text;
  for (const TpsGenSubtask& subtask : subtasks)
    for (const std::string& test : subtask.tests) text += subtask.name + " " + test + "\n";
  return text;
}

TpsGenData parse_tps_gen_data(std::string_view text, const fs::path& file) {
  TpsGenDataReader reader{file, {}, {}, {}, false, 0, 0};
  reader.read(text);
  return reader.data;
}

namespace {

nlohmann::json tps_read_json(const fs::path& file) {
  const auto text = read_file(file);
  if (!text) throw ConfigError(fmt::format("TPS task: cannot read {}", file.string()));
  try {
    return nlohmann::json::parse(*text);
  } catch (const nlohmann::json::exception& error) {
    throw ConfigError(fmt::format("TPS task: {} is not JSON: {}", file.string(), error.what()));
  }
}

// What to do when a build failed for a header it includes that is not beside it
// (gen/testlib.h, which TPS's task template keeps in gen/ and task repositories often
// make a symlink): which header, and where it is expected.
std::string tps_missing_header_hint(const fs::path& program, const std::string& message) {
  static const std::regex missing(R"(fatal error: ([^:\s]+): No such file or directory)");
  std::smatch match;
  if (!std::regex_search(message, match, missing)) return "";
  const std::string header = match[1].str();
  const fs::path expected = program.parent_path() / header;
  std::error_code ec;
  if (fs::is_symlink(expected, ec))
    return fmt::format("\n{} is a symlink to {}, which is missing: TPS compiles {} with the headers beside it",
                       expected.string(), fs::read_symlink(expected, ec).string(), program.filename().string());
  return fmt::format("\n{} includes {}, expected at {} (TPS compiles it with the headers beside it: put {} there)",
                     program.filename().string(), header, expected.string(), header);
}

std::vector<std::string> tps_built(const fs::path& program, const std::string& what) {
  try {
    return build_package_program(program, default_cache_dir()).command;
  } catch (const ConfigError& error) {
    throw ConfigError(fmt::format("TPS task: the {} {} does not build: {}{}", what, program.string(), error.what(),
                                  tps_missing_header_hint(program, error.what())));
  }
}

// A validator line of subtasks.json, "NAME ARGS...": validator/NAME built, with ARGS.
std::vector<std::string> tps_validator_command(const fs::path& dir, const std::string& entry,
                                               std::map<std::string, std::vector<std::string>>& built_ones) {
  std::vector<std::string> words = tps_split_words(entry);
  if (words.empty())
    throw ConfigError(fmt::format("TPS task: {}: an empty validator", (dir / "subtasks.json").string()));
  const fs::path program = dir / "validator" / words[0];
  if (!fs::is_regular_file(program))
    throw ConfigError(fmt::format("TPS task: {} names the validator \"{}\", but {} is missing",
                                  (dir / "subtasks.json").string(), words[0], program.string()));
  if (!built_ones.contains(words[0])) built_ones[words[0]] = tps_built(program, "validator");
  std::vector<std::string> command = built_ones[words[0]];
  command.insert(command.end(), words.begin() + 1, words.end());
  return command;
}

// Every test's validators (get_test_validators.py): the global ones, then for each
// subtask of the test its subtask-sensitive ones and its own, each once.
std::map<std::string, std::vector<std::vector<std::string>>> tps_test_validators(const fs::path& dir,
                                                                                 const TpsGenData& data) {
  std::map<std::string, std::vector<std::vector<std::string>>> result;
  const fs::path file = dir / "subtasks.json";
  if (!fs::is_regular_file(file)) return result;
  const nlohmann::json config = tps_read_json(file);
  auto strings = [&](const nlohmann::json& where, const char* key) {
    std::vector<std::string> values;
    if (where.is_object() && where.contains(key))
      for (const auto& value : where.at(key)) values.push_back(value.get<std::string>());
    return values;
  };
  std::map<std::string, std::vector<std::string>> names;  // test -> validator lines
  for (const TpsGenTest& test : data.tests) names[test.name] = strings(config, "global_validators");
  for (const TpsGenSubtask& subtask : data.subtasks) {
    if (!config.contains("subtasks") || !config["subtasks"].contains(subtask.name))
      throw ConfigError(
          fmt::format("TPS task: gen/data has @subtask {}, which {} does not have", subtask.name, file.string()));
    std::vector<std::string> lines;
    for (std::string line : strings(config, "subtask_sensitive_validators")) {
      for (std::size_t at; (at = line.find("{subtask}")) != std::string::npos;) line.replace(at, 9, subtask.name);
      lines.push_back(line);
    }
    for (const std::string& line : strings(config["subtasks"][subtask.name], "validators")) lines.push_back(line);
    for (const std::string& test : subtask.tests) names[test].insert(names[test].end(), lines.begin(), lines.end());
  }
  std::map<std::string, std::vector<std::string>> built_ones;
  for (auto& [test, lines] : names) {
    std::vector<std::string> seen;
    for (const std::string& line : lines)
      if (std::find(seen.begin(), seen.end(), line) == seen.end()) {
        seen.push_back(line);
        result[test].push_back(tps_validator_command(dir, line, built_ones));
      }
  }
  return result;
}

struct TpsGenPrograms {
  std::map<std::string, std::vector<std::string>> generators;               // by gen/data's name
  std::map<std::string, std::vector<std::vector<std::string>>> validators;  // by test
  std::vector<std::string> solution;                                        // empty: Communication, empty outputs
  std::string solution_name;
};

// gen/NAME.cpp, .c, .py, or an executable gen/NAME (TPS builds gen/ with its Makefile).
std::vector<std::string> tps_generator_command(const fs::path& gen, const TpsGenTest& test) {
  for (const char* ending : {".cpp", ".cc", ".c", ".py", ""}) {
    const fs::path program = gen / (test.command + ending);
    if (fs::is_regular_file(program)) return tps_built(program, "generator");
  }
  throw ConfigError(
      fmt::format("TPS task: {}:{}: there is no generator \"{}\": looked for gen/{}.cpp, .cc, .c, "
                  ".py and an executable gen/{}",
                  (gen / "data").string(), test.line, test.command, test.command, test.command));
}

std::string tps_model_solution(const fs::path& dir) {
  const fs::path file = dir / "solutions.json";
  std::vector<std::string> found;
  const nlohmann::json solutions = tps_read_json(file);
  for (const auto& [name, entry] : solutions.items())
    if (entry.is_object() && entry.value("verdict", "") == "model_solution") found.push_back(name);
  if (found.size() != 1)
    throw ConfigError(
        fmt::format("TPS task: {} must name exactly one solution with \"verdict\": "
                    "\"model_solution\" (tps gen's outputs are its), found {}",
                    file.string(), found.size()));
  return found[0];
}

// The model solution compiled as TPS compiles a solution: with the grader.
std::vector<std::string> tps_compiled_solution(const fs::path& dir, const nlohmann::json& config,
                                               const std::string& name) {
  const fs::path source = dir / "solution" / name;
  if (!fs::is_regular_file(source))
    throw ConfigError(fmt::format("TPS task: the model solution {} is missing", source.string()));
  SubmissionOptions options;
  const std::string task =
      config.contains("name") ? config["name"].get<std::string>() : config["code"].get<std::string>();
  if (config.value("has_grader", true))
    options.companions = tps_find_graders(dir, "grader", task, config.value("grader_name", "grader"));
  const Submission submission = prepare_submission(source, default_cache_dir(), options);
  if (submission.compile_failed)
    throw ConfigError(fmt::format("TPS task: the model solution {} does not compile:\n{}", source.string(),
                                  submission.compile_message));
  return command_for_limits(submission, 1024 * 1024);
}

TpsGenPrograms tps_find_programs(const fs::path& dir, const TpsGenData& data) {
  TpsGenPrograms programs;
  for (const TpsGenTest& test : data.tests)
    if (test.command != "manual" && test.command != "copy" && !programs.generators.contains(test.command))
      programs.generators[test.command] = tps_generator_command(dir / "gen", test);
  programs.validators = tps_test_validators(dir, data);
  const nlohmann::json config = tps_read_json(dir / "problem.json");
  if (config.value("type", "") == "Communication") return programs;
  if (config.value("type", "") != "Batch")
    throw ConfigError(fmt::format("TPS task: {}: judge generate makes Batch and Communication tasks' tests, not {}",
                                  (dir / "problem.json").string(), config.value("type", "")));
  programs.solution_name = tps_model_solution(dir);
  programs.solution = tps_compiled_solution(dir, config, programs.solution_name);
  return programs;
}

}  // namespace

namespace {

// gen_util.sh's gen_input after the program: gen/input.header and gen/input.footer
// around the input, and dos2unix (CRLF to LF).
void tps_finish_input(const fs::path& gen, const fs::path& input) {
  std::string text = read_file(input).value_or("");
  text = read_file(gen / "input.header").value_or("") + text + read_file(gen / "input.footer").value_or("");
  std::string unix_text;
  for (std::size_t i = 0; i < text.size(); ++i)
    if (!(text[i] == '\r' && i + 1 < text.size() && text[i + 1] == '\n')) unix_text += text[i];
  std::ofstream(input, std::ios::binary) << unix_text;
}

// One test: its input (copied or generated), validated, and its output. False (said
// why on stderr) when a program failed or a validator refused the input.
bool tps_make_test(const fs::path& dir, const TpsGenTest& test, const TpsGenPrograms& programs, const fs::path& out) {
  const fs::path gen = dir / "gen", input = out / (test.name + ".in"), output = out / (test.name + ".out");
  const std::string where = fmt::format("{}:{}", (gen / "data").string(), test.line);
  auto failed = [&](const ToolRun& run, const std::string& what) {
    std::cerr << fmt::format("judge: {}: {} failed on test {}:\n{}\n", where, what, test.name,
                             run.failure_message(what));
    return false;
  };
  if (test.command == "manual" || test.command == "copy") {
    const fs::path source = test.command == "manual" ? gen / "manual" / test.args[0] : gen / test.args[0];
    const auto text = read_file(source);
    if (!text)
      throw ConfigError(
          fmt::format("{}: {} {}: {} cannot be read", where, test.command, test.args[0], source.string()));
    std::ofstream(input, std::ios::binary) << *text;
  } else {
    ToolRunRequest request{programs.generators.at(test.command), gen, out / ".log", 60000, 8192, input, {}};
    request.argv.insert(request.argv.end(), test.args.begin(), test.args.end());
    if (const ToolRun run = run_tool(request); !run.succeeded()) return failed(run, "the generator " + test.command);
  }
  tps_finish_input(gen, input);
  if (const auto found = programs.validators.find(test.name); found != programs.validators.end())
    for (const std::vector<std::string>& validator : found->second) {
      ToolRunRequest request{validator, dir / "validator", out / ".log", 60000, 8192, {}, input};
      if (const ToolRun run = run_tool(request); !run.succeeded()) return failed(run, "the validator");
    }
  if (programs.solution.empty()) {
    std::ofstream(output, std::ios::binary).flush();  // Communication: no outputs
    return true;
  }
  ToolRunRequest request{programs.solution, out, out / ".log", 60000, 8192, output, input};
  if (const ToolRun run = run_tool(request); !run.succeeded())
    return failed(run, "the model solution " + programs.solution_name);
  return true;
}

// tests/ as `judge generate` writes it: of it only *.in, *.out and mapping.
OwnedFolder owned_tests(const fs::path& dir, const fs::path& made) {
  return {"tests", dir / "tests", made, [](const std::string& name) {
            const std::string ending = fs::path(name).extension().string();
            return ending == ".in" || ending == ".out" || name == "mapping";
          }};
}

}  // namespace

int run_tps_generate(const fs::path& task_dir, const GenerateOptions& options) {
  const fs::path dir = fs::absolute(task_dir).lexically_normal();
  const fs::path file = dir / "gen" / "data";
  const auto text = read_file(file);
  if (!text)
    throw ConfigError(
        fmt::format("TPS task: {} has no gen/data{}: judge generate makes tests/ from gen/data only", dir.string(),
                    fs::is_regular_file(dir / "gen" / "data.py") ? " (gen/data.py writes it: run it)" : ""));
  const TpsGenData data = parse_tps_gen_data(*text, file);
  if (data.tests.empty()) throw ConfigError(fmt::format("{} lists no test", file.string()));
  TpsGenPrograms programs;
  try {
    programs = tps_find_programs(dir, data);
  } catch (const nlohmann::json::exception& error) {
    throw ConfigError(
        fmt::format("TPS task: {}: problem.json, subtasks.json or solutions.json has an unexpected "
                    "structure: {}",
                    dir.string(), error.what()));
  }
  const std::string name = dir.filename().string();
  if (!options.quiet)
    std::cout << fmt::format("{}: {} tests from {}{}\n", name, data.tests.size(), file.string(),
                             programs.solution.empty() ? " (empty outputs: a Communication task)"
                                                       : ", outputs from solution/" + programs.solution_name);
  const TempDir scratch("judge-generate-");
  for (const TpsGenTest& test : data.tests) {
    if (!tps_make_test(dir, test, programs, scratch.path())) return exit_judge_error;
    if (!options.quiet) std::cout << fmt::format("  {}\n", test.name) << std::flush;
  }
  std::ofstream(scratch.path() / "mapping", std::ios::binary) << data.mapping();
  if (options.check) {
    const int status = check_generated({owned_tests(dir, scratch.path())}, "gen/data", options.problem);
    if (status == exit_all_accepted)
      std::cout << fmt::format("{}: all {} tests and tests/mapping match gen/data\n", name, data.tests.size());
    return status;
  }
  write_generated({owned_tests(dir, scratch.path())}, "gen/data");
  std::cout << fmt::format("{}: wrote {} tests and tests/mapping into {}\n", name, data.tests.size(),
                           (dir / "tests").string());
  return exit_all_accepted;
}

}  // namespace judge
