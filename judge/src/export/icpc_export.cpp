#include "export/icpc_export.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include <boost/property_tree/ptree.hpp>
#include <boost/property_tree/xml_parser.hpp>
#include <boost/uuid/name_generator_sha1.hpp>
#include <boost/uuid/random_generator.hpp>
#include <boost/uuid/uuid_io.hpp>
#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "base/errors.hpp"
#include "base/json_text.hpp"
#include "base/limits.hpp"
#include "base/text_file.hpp"
#include "export/icpc_testdata_export.hpp"
#include "export/package_readme.hpp"
#include "export/sample_interactions.hpp"
#include "export/standalone_sources.hpp"
#include "export/statement_latex.hpp"
#include "export/testlib_adapter.hpp"
#include "submission/submission_files.hpp"
#include "verify/example_submissions.hpp"

namespace judge {
namespace fs = std::filesystem;

std::string problem_uuid(const std::string& name) {
  if (name.empty()) return boost::uuids::to_string(boost::uuids::random_generator()());
  return boost::uuids::to_string(boost::uuids::name_generator_sha1(boost::uuids::ns::url())("judge:" + name));
}

namespace {

struct Statement {
  std::string title;  // "" when the statement has no "# Title" line
  std::string body;
};

// statement.md; its first line "# Title" is the problem's name (a Markdown statement
// of the format must not hold the name: the judge system prints it).
// It is read by the rules of the problem folder's files (Package::user_folder): a
// statement.md that is not a file to take is said in `not_carried`.
std::optional<Statement> read_statement(const fs::path& dir, std::vector<std::string>& not_carried) {
  if (!fs::exists(fs::symlink_status(dir / "statement.md"))) return std::nullopt;
  std::string refusal;
  auto text = read_file_beneath(dir, dir / "statement.md", refusal);
  if (!text) {
    not_carried.push_back(fmt::format("statement.md of the problem folder is left out: {}", refusal));
    return std::nullopt;
  }
  Statement statement{"", *text};
  if (text->starts_with("# ")) {
    const std::size_t end = std::min(text->find('\n'), text->size());
    statement.title = text->substr(2, end - 2);
    std::size_t body = end;
    while (body < text->size() && (*text)[body] == '\n') ++body;
    statement.body = text->substr(body);
  }
  return statement;
}

// The source of a problem.json program named `name` (an executable built from
// NAME.cpp beside it, in this repository, or a source named directly).
std::optional<fs::path> program_source(const fs::path& dir, const std::string& name) {
  const fs::path named = dir / name;
  const std::string extension = named.extension().string();
  if (extension == ".cpp" || extension == ".cc" || extension == ".c" || extension == ".py")
    return fs::is_regular_file(named) ? std::optional(named) : std::nullopt;
  for (const char* source_extension : {".cpp", ".cc", ".c", ".py"}) {
    fs::path source = named;
    source += source_extension;
    if (fs::is_regular_file(source)) return source;
  }
  return std::nullopt;
}

// A program into `folder` of the package: a .py file as it is, C/C++ as standalone
// sources. Returns them (empty for Python).
StandaloneProgram add_program(Package& package, const std::string& folder, const fs::path& source,
                              const std::vector<fs::path>& search_dirs) {
  if (source.extension() == ".py") {
    package.add_copy(folder + "/" + source.filename().string(), source);
    return {};
  }
  StandaloneProgram program = standalone_program(source, search_dirs);
  for (const SourceFile& file : program.files) package.add_text(folder + "/" + file.path, file.text);
  return program;
}

std::string problem_json_interactor(const Problem& problem) {
  const auto text = read_file(problem.dir / "problem.json");
  const nlohmann::json config = nlohmann::json::parse(text.value_or("{}"), nullptr, false);
  return config.is_object() ? config.value("interactor", "interactor") : "interactor";
}

}  // namespace

std::string problem_title(const Problem& problem) {
  std::vector<std::string> ignored;
  const auto statement = read_statement(problem.dir, ignored);
  return statement && !statement->title.empty() ? statement->title : problem.name;
}

fs::path native_interactor_source(const Problem& problem) {
  if (problem.convention == InteractorConvention::testlib)
    throw ConfigError(
        "cannot export a problem.json problem with a testlib interactor yet: an ICPC output validator speaks the "
        "ICPC convention (docs/problem-format.md)");
  const std::string name = problem_json_interactor(problem);
  const auto source = program_source(problem.dir, name);
  if (!source)
    throw ConfigError(fmt::format(
        "cannot export {}: its interactor '{}' has no source beside it ({}.cpp, .cc, .c or .py); a package holds "
        "the interactor's sources",
        problem.dir.string(), name, name));
  return *source;
}

namespace {

// output_validator/ from problem.json's interactor. Returns the program (to know
// whether the library's options can be given and whether it writes nextpass.in).
StandaloneProgram add_output_validator(Package& package, const Problem& problem) {
  return add_program(package, "output_validator", native_interactor_source(problem), {});
}

void add_input_validators(Package& package, const Problem& problem) {
  for (const fs::path& validator : problem.input_validators) {
    const std::string extension = validator.extension().string();
    if (extension == ".py") {
      package.add_copy("input_validators/" + validator.filename().string(), validator);
    } else if (extension == ".cpp" || extension == ".cc" || extension == ".c") {
      add_program(package, "input_validators/" + validator.stem().string(), validator, {problem.dir});
    } else {
      package.not_carried.push_back(
          fmt::format("the input validator {} is not a source (.cpp, .c, .py): an ICPC "
                      "package cannot carry it",
                      validator.string()));
    }
  }
}

// generators/: the generator's sources, the manifest, and how they make the tests.
void add_generators(Package& package, const Problem& problem) {
  if (problem.generator.empty()) return;
  const auto source = program_source(problem.dir, problem.generator);
  if (!source) {
    package.not_carried.push_back(
        fmt::format("the generator '{}' has no source beside it: generators/ is left out", problem.generator));
    return;
  }
  const bool python = source->extension() == ".py";
  const std::string folder = python ? "generators" : "generators/" + source->stem().string();
  add_program(package, folder, *source, {problem.dir});
  if (!problem.manifest.empty()) package.add_copy("generators/manifest.txt", problem.manifest);
  const std::string how = python ? fmt::format("`python3 generators/{} ARGS`", source->filename().string())
                                 : fmt::format("built with `g++ -O2 -std=gnu++20 {}/*.cpp`", folder);
  package.add_text("generators/README.md",
                   fmt::format("# Generators\n\nThe tests of data/ were made by `judge generate` of this judge: each "
                               "line `NAME ARGS...` of manifest.txt ran the generator ({}) with ARGS, and its output "
                               "became NAME.in. Judge systems do not run this folder (2025-09, \"Generators\").\n",
                               how));
}

}  // namespace
}  // namespace judge

namespace judge {
namespace {

// The verdict folders of problem.json that ICPC packages have no default rule for:
// the rule they get in submissions.yaml, and why (as a comment there).
struct FolderRule {
  const char* reason;
  const char* rule;
};
const std::map<std::string, FolderRule>& custom_folders() {
  static const std::map<std::string, FolderRule> folders{
      {"presentation_error",
       {"presentation error (PE): ICPC judges have no such verdict; the validator's reject is wrong answer",
        "  permitted: [AC, WA]\n  required: [WA]\n"}},
      {"query_limit_exceeded",
       {"query limit exceeded (QLE): the validator rejects the query over the limit: wrong answer",
        "  permitted: [AC, WA]\n  required: [WA]\n"}},
      {"idle_limit_exceeded",
       {"idle limit exceeded (ILE: the wall-clock limit with little CPU time, a missing flush): ICPC judges say time "
        "limit exceeded; its CPU time says nothing of the time limit",
        "  permitted: [AC, TLE]\n  required: [TLE]\n  use_for_time_limit: false\n"}},
      {"memory_limit_exceeded",
       {"memory limit exceeded (MLE): ICPC judges say run time error", "  permitted: [AC, RTE]\n  required: [RTE]\n"}},
      {"output_limit_exceeded",
       {"output limit exceeded (OLE): ICPC judges say run time error", "  permitted: [AC, RTE]\n  required: [RTE]\n"}},
      {"partially_accepted",
       {"partially accepted: accepted on every test, with a score below the maximum", "  permitted: [AC]\n"}},
  };
  return folders;
}

void copy_submission(Package& package, const ExampleSubmission& submission) {
  const std::string folder = "submissions/" + submission.folder + "/" + submission.path.filename().string();
  if (!fs::is_directory(submission.path)) {
    package.add_copy(folder, submission.path);
    return;
  }
  for (const auto& entry : fs::recursive_directory_iterator(submission.path))
    if (entry.is_regular_file())
      package.add_copy(folder + "/" + entry.path().lexically_relative(submission.path).generic_string(), entry.path());
}

// submissions/ and submissions.yaml. `scoring`: score ranges (expect-score) are kept.
void add_submissions(Package& package, const Problem& problem, bool scoring) {
  if (problem.submissions_dir.empty()) {
    package.not_carried.push_back("the problem has no example submissions: an ICPC package needs one accepted");
    return;
  }
  std::map<std::string, std::string> folder_entries;
  std::string file_entries;
  for (const ExampleSubmission& submission : list_example_submissions(problem)) {
    if (submission.folder == "compile_error") {
      package.not_carried.push_back(
          fmt::format("{}: ICPC packages have no compile error expectation; left out", submission.name));
      continue;
    }
    copy_submission(package, submission);
    if (const auto custom = custom_folders().find(submission.folder); custom != custom_folders().end())
      folder_entries[submission.folder] =
          fmt::format("# {}\n{}:\n{}", custom->second.reason, yaml_quoted(submission.folder), custom->second.rule);
    for (const ExpectationRule& rule : submission.rules) {
      if (!scoring) break;
      if (rule.score)
        file_entries += fmt::format("{}:\n  score: [{}, {}]\n", yaml_quoted(submission.name), rule.score->first,
                                    rule.score->second);
      else if (rule.score_below_max)
        package.not_carried.push_back(
            fmt::format("{}: 'a score below the maximum' has no submissions.yaml form; give it an expect-score line",
                        submission.name));
    }
  }
  std::string yaml;
  for (const auto& [folder, entry] : folder_entries) yaml += entry;
  if (!file_entries.empty()) yaml += "# expect-score lines of the sources\n" + file_entries;
  if (!yaml.empty())
    package.add_text("submissions/submissions.yaml",
                     "# What the example submissions must get beyond the default folders (accepted, wrong_answer,\n"
                     "# time_limit_exceeded, run_time_error): the verdicts this judge tells apart and ICPC judges do "
                     "not.\n" +
                         yaml);
}

// "2" for 2000 ms; a time limit that is not whole seconds gets a time_resolution it is a
// multiple of.
std::string time_limit_lines(std::int64_t cpu_ms) {
  if (cpu_ms % 1000 == 0) return fmt::format("  time_limit: {}\n", cpu_ms / 1000);
  const char* resolution = cpu_ms % 100 == 0 ? "0.1" : cpu_ms % 10 == 0 ? "0.01" : "0.001";
  return fmt::format("  time_limit: {}\n  time_resolution: {}\n", static_cast<double>(cpu_ms) / 1000, resolution);
}

std::int64_t whole_mib_up(std::int64_t kib) { return (kib + 1023) / 1024; }

struct Kind {
  bool multi_pass = false;
  bool scoring = false;
};

std::string problem_yaml(const Problem& problem, const std::string& name, const std::string& uuid, const Kind& kind) {
  std::vector<std::string> types{"interactive"};
  if (kind.multi_pass) types.push_back("multi-pass");
  if (kind.scoring) types.push_back("scoring");
  const Limits& limits = problem.limits;
  std::string yaml = fmt::format(
      "# Exported by `judge export` from {} ({}). README.md says what the format could not carry.\n"
      "problem_format_version: 2025-09\ntype: {}\nname: {}\nuuid: {}\nlimits:\n",
      problem.dir.filename().string(), format_name(problem.format),
      types.size() == 1 ? types.front() : json_text(nlohmann::json(types)), yaml_quoted(name), uuid);
  yaml += time_limit_lines(limits.cpu_ms);
  yaml += fmt::format("  memory: {}\n  output: {}\n", whole_mib_up(limits.memory_kib), whole_mib_up(limits.output_kib));
  yaml += fmt::format("  validation_time: {}\n  validation_memory: {}\n", (limits.interactor_cpu_ms + 999) / 1000,
                      whole_mib_up(limits.interactor_memory_kib));
  if (kind.multi_pass) yaml += fmt::format("  validation_passes: {}\n", limits.passes);
  return yaml;
}

void note_limits(const Problem& problem, std::vector<std::string>& not_carried) {
  const Limits& limits = problem.limits;
  if (limits.wall_ms != default_wall_ms(limits.cpu_ms))
    not_carried.push_back(
        fmt::format("the wall-clock limit of {} ms: the format has none (a judge system picks its "
                    "own)",
                    limits.wall_ms));
  if (limits.processes != Limits{}.processes)
    not_carried.push_back(fmt::format("the process limit of {}: the format has none", limits.processes));
  if (limits.output_kib % 1024 != 0 || limits.memory_kib % 1024 != 0)
    not_carried.push_back("a memory or output limit that is not whole MiB: rounded up to MiB");
}

}  // namespace
}  // namespace judge

namespace judge {
namespace {

// An ICPC package is one already: its files as they are (not the hidden ones, which
// the format says judge systems ignore).
Package copy_icpc_package(const Problem& problem) {
  Package package;
  package.user_folder = problem.dir;
  for (auto entry = fs::recursive_directory_iterator(problem.dir); entry != fs::recursive_directory_iterator();
       ++entry) {
    if (entry->path().filename().string().starts_with(".")) {
      if (entry->is_directory()) entry.disable_recursion_pending();
      continue;
    }
    if (entry->is_regular_file())
      package.add_copy(entry->path().lexically_relative(problem.dir).generic_string(), entry->path());
  }
  if (problem.format == ProblemFormat::icpc_legacy)
    package.not_carried.push_back("a legacy package is copied as it is, not upgraded to 2025-09");
  return package;
}

void add_tests(Package& package, const IcpcTestdata& data) {
  for (const TestPlacement& placement : data.tests)
    for (const std::string& folder : placement.folders) {
      const TestCase& test = *placement.test;
      const std::string stem = folder + "/" + fs::path(test.name).filename().string();
      package.add_copy(stem + ".in", test.input);
      if (test.answer == "/dev/null") package.add_text(stem + ".ans", "");
      else
        package.add_copy(stem + ".ans", test.answer);
    }
  for (const auto& [path, text] : data.group_files) package.add_text(path, text);
}

bool writes_next_pass(const StandaloneProgram& program) {
  return std::any_of(program.files.begin(), program.files.end(), [](const SourceFile& file) {
    return file.from_problem && file.text.find("nextpass.in") != std::string::npos;
  });
}

Package native_icpc_package(const Problem& problem, const ExportOptions& options) {
  Package package;
  package.user_folder = problem.dir;
  const StandaloneProgram validator = add_output_validator(package, problem);
  Kind kind;
  kind.multi_pass = problem.new_second_between_passes || writes_next_pass(validator);
  std::vector<std::string> validator_args;
  // ICPC judges and their tools (problemtools, BAPCtools) expect the validator to read
  // the submission's output to its end before it accepts: trailing output is a WA there.
  if (validator.uses_interactor_library) validator_args.push_back("--expect-eof");
  if (problem.new_second_between_passes) {
    if (validator.uses_interactor_library) validator_args.push_back("--new-second-before-next-pass");
    else
      package.not_carried.push_back(
          "new_second_between_passes: the interactor does not use this judge's library, "
          "which would wait for the clock's next second before the next pass");
  }
  const IcpcTestdata data =
      place_icpc_tests(problem, validator_args, validator.uses_interactor_library, !options.legacy_groups);
  kind.scoring = data.scoring;
  package.not_carried.insert(package.not_carried.end(), data.not_carried.begin(), data.not_carried.end());
  if (kind.multi_pass)
    package.not_carried.push_back(
        "a pass whose result.json says \"probe\": true is not graded by this judge (it stops the submission once "
        "the interactor is done); ICPC judges grade every pass, so there the submission must also end cleanly "
        "(exit 0) when its input ends in such a pass");
  add_tests(package, data);
  add_input_validators(package, problem);
  add_generators(package, problem);
  add_submissions(package, problem, kind.scoring);
  if (options.sample_interactions) add_sample_interactions(package, problem);
  const auto statement = read_statement(problem.dir, package.not_carried);
  const std::string name = statement && !statement->title.empty() ? statement->title : problem.name;
  // LaTeX, not the Markdown: the format takes one statement file per language, and
  // BAPCtools and the legacy format read only LaTeX (statement_latex.hpp).
  if (statement) {
    package.add_text("statement/problem.en.tex", statement_latex(name, statement->body));
  } else {
    package.add_text("statement/problem.en.tex",
                     statement_latex(name, "(This problem was exported without a statement.)\n"));
    package.not_carried.push_back("the problem has no statement.md: statement/problem.en.tex is a placeholder");
  }
  note_limits(problem, package.not_carried);
  package.add_text("problem.yaml",
                   problem_yaml(problem, name, options.uuid.empty() ? problem_uuid(problem.name) : options.uuid, kind));
  package.add_text("README.md",
                   package_readme(problem, "ICPC 2025-09", package.not_carried, validator.uses_interactor_library));
  return package;
}

// Polygon's solution tags as ICPC folders; a tag without a default folder keeps its
// own, with a submissions.yaml rule.
struct TagFolder {
  const char* folder;
  const char* rule;  // "" for a default folder
};
const std::map<std::string, TagFolder>& polygon_tag_folders() {
  static const std::map<std::string, TagFolder> folders{
      {"main", {"accepted", ""}},
      {"accepted", {"accepted", ""}},
      {"wrong-answer", {"wrong_answer", ""}},
      {"time-limit-exceeded", {"time_limit_exceeded", ""}},
      {"failed", {"run_time_error", ""}},
      {"rejected", {"rejected", ""}},
      {"presentation-error",
       {"presentation_error",
        "# Polygon's presentation-error: ICPC judges say wrong answer\n\"presentation_error\":\n"
        "  permitted: [AC, WA]\n  required: [WA]\n"}},
      {"memory-limit-exceeded",
       {"memory_limit_exceeded",
        "# Polygon's memory-limit-exceeded: ICPC judges say run time error\n"
        "\"memory_limit_exceeded\":\n  permitted: [AC, RTE]\n  required: [RTE]\n"}},
      {"time-limit-exceeded-or-accepted",
       {"time_limit_exceeded_or_accepted",
        "# Polygon's time-limit-exceeded-or-accepted\n"
        "\"time_limit_exceeded_or_accepted\":\n  permitted: [AC, TLE]\n"}},
      {"time-limit-exceeded-or-memory-limit-exceeded",
       {"time_limit_exceeded_or_memory_limit_exceeded",
        "# Polygon's time-limit-exceeded-or-memory-limit-exceeded\n"
        "\"time_limit_exceeded_or_memory_limit_exceeded\":\n  permitted: [AC, TLE, RTE]\n  required: [TLE, RTE]\n"}},
  };
  return folders;
}

void add_polygon_submissions(Package& package, const Problem& problem) {
  std::map<std::string, std::string> rules;
  for (const auto& [path, tag] : problem.tagged_submissions) {
    const auto folder = polygon_tag_folders().find(tag);
    if (folder == polygon_tag_folders().end()) {
      if (tag != "do-not-run")
        package.not_carried.push_back(
            fmt::format("{}: the solution tag '{}' has no ICPC form; left out", path.filename().string(), tag));
      continue;
    }
    package.add_copy(fmt::format("submissions/{}/{}", folder->second.folder, path.filename().string()), path);
    if (*folder->second.rule != '\0') rules[folder->second.folder] = folder->second.rule;
  }
  std::string yaml;
  for (const auto& [folder, rule] : rules) yaml += rule;
  if (!yaml.empty()) package.add_text("submissions/submissions.yaml", yaml);
}

// output_validator/: the interactor and checker sources (fixed names), the headers of
// their folders (testlib.h), the adapter and the build script.
void add_testlib_validator(Package& package, const Problem& problem, const boost::property_tree::ptree& xml) {
  std::string interactor_name, checker_name;
  std::set<fs::path> folders;
  for (const char* asset : {"interactor", "checker"}) {
    const std::string path = xml.get<std::string>(fmt::format("problem.assets.{}.source.<xmlattr>.path", asset), "");
    if (path.empty()) continue;
    const fs::path source = problem.dir / path;
    const std::string name = std::string(asset) + source.extension().string();
    package.add_copy("output_validator/" + name, source);
    (std::string(asset) == "interactor" ? interactor_name : checker_name) = name;
    folders.insert(source.parent_path());
  }
  for (const fs::path& folder : folders)
    for (const auto& entry : fs::directory_iterator(folder)) {
      const std::string extension = entry.path().extension().string();
      const std::string name = "output_validator/" + entry.path().filename().string();
      if ((extension == ".h" || extension == ".hpp") && !package.has(name)) package.add_copy(name, entry.path());
    }
  package.add_text("output_validator/testlib_adapter.cc", testlib_adapter_source());
  package.add_text("output_validator/build", testlib_adapter_build_script(interactor_name, checker_name), true);
}

Package polygon_icpc_package(const Problem& problem, const ExportOptions& options) {
  boost::property_tree::ptree xml;
  boost::property_tree::read_xml((problem.dir / "problem.xml").string(), xml);
  Package package;
  package.user_folder = problem.dir;
  add_testlib_validator(package, problem, xml);
  const IcpcTestdata data = place_icpc_tests(problem, {}, false);
  add_tests(package, data);
  add_polygon_submissions(package, problem);
  package.not_carried.push_back(
      "testlib points: this judge scores a Polygon package as points (each test max_score / tests, or the points "
      "its checker gives); as an ICPC scoring problem, points above a test's max_score / tests are a judge error");
  package.not_carried.push_back(
      "the statement (Polygon's statements/ sections) and the input validators and "
      "generators of problem.xml are not carried: statement/problem.en.tex is a placeholder");
  std::string name = problem.name;
  if (const auto names = xml.get_child_optional("problem.names"))
    for (const auto& [key, node] : *names)
      if (key == "name" && node.get<std::string>("<xmlattr>.language", "") == "english")
        name = node.get<std::string>("<xmlattr>.value", name);
  package.add_text(
      "statement/problem.en.tex",
      statement_latex(name, "(This problem was exported from a Polygon package without its statement.)\n"));
  Kind kind;
  kind.scoring = true;
  package.add_text("problem.yaml",
                   problem_yaml(problem, name, options.uuid.empty() ? problem_uuid(problem.name) : options.uuid, kind));
  package.add_text("README.md", package_readme(problem, "ICPC 2025-09", package.not_carried, false));
  return package;
}

}  // namespace

Package icpc_package(const Problem& problem, const ExportOptions& options) {
  switch (problem.format) {
    case ProblemFormat::native: return native_icpc_package(problem, options);
    case ProblemFormat::icpc:
    case ProblemFormat::icpc_legacy: return copy_icpc_package(problem);
    case ProblemFormat::polygon: return polygon_icpc_package(problem, options);
    case ProblemFormat::cms:
    case ProblemFormat::tps:
      // A CMS (or TPS) task's manager, stubs and score types have no ICPC form this judge
      // writes: the setter is told, as for any input an export does not take.
      throw ConfigError(
          fmt::format("--format icpc exports a problem.json problem, an ICPC package or a Polygon "
                      "package; {} is a {}, which this judge runs but does not export",
                      problem.dir.string(), problem.format == ProblemFormat::tps ? "TPS task" : "CMS task"));
  }
  throw JudgeFault("icpc_package: a problem format it does not know");
}

}  // namespace judge
