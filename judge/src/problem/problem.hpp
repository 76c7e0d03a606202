// A Problem is a problem, checked and resolved, whatever format it came in: its
// interactor (an ICPC output validator, or a testlib interactor) ready to run, its
// limits with units, its tests in the order they run, how it is scored, and where its
// example submissions are. Formats (docs/problem-format.md): this repository's own
// problem.json, ICPC/Kattis packages (problem.yaml, legacy and 2023-07+), Polygon
// packages (problem.xml), CMS task folders (task.yaml, cms_task.hpp) and TPS task
// folders (a problem.json with "code" and "type", tps_task.hpp). Every
// mistake in a problem is a ConfigError that says what to fix (exit status 2).
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "base/conventions.hpp"
#include "base/errors.hpp"
#include "base/limits.hpp"
#include "problem/cms_task.hpp"
#include "problem/program_build.hpp"
#include "problem/tps_task.hpp"

namespace judge {

// Where problems given by a bare name are looked for, and where the judge's own
// source and build trees are. The trees are compiled in and used only by a judge
// that runs from its build tree (an installed copy never looks into the tree it
// was built from); JUDGE_SOURCE_DIR and JUDGE_BUILD_DIR override them.
// JUDGE_PROBLEM_PATH: folders holding problem folders, separated by ':', searched
// first (judge run nuts-bolts finds DIR/nuts-bolts/problem.json, .yaml or .xml).
struct JudgePaths {
  std::filesystem::path source_dir;
  std::filesystem::path build_dir;
  std::vector<std::filesystem::path> problem_path{};
  static JudgePaths from_environment();
};

enum class ProblemFormat { native, icpc_legacy, icpc, polygon, cms, tps };
// "problem.json", "ICPC legacy", "ICPC 2023-07+", "Polygon", "CMS", "TPS task".
std::string_view format_name(ProblemFormat format);

struct TestCase {
  std::string name;  // "01-sample"; in a package, the path under data/: "secret/group1/03"
  std::filesystem::path input;
  std::filesystem::path answer;  // NAME.ans beside the input, or /dev/null
  // Passed to the interactor after FEEDBACK_DIR/ (a package's output_validator_args).
  std::vector<std::string> validator_args{};
  bool sample = false;
  // `judge validate`: the arguments of each run of the input validators on this
  // test (empty: one run without arguments). A package: its input_validator_args;
  // problem.json: none, then the input_validator_flags of every subtask it is in.
  std::vector<std::vector<std::string>> input_validator_runs{};
};

// As JSON (a batch passes its tests to its workers): every field by name.
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(TestCase, name, input, answer, validator_args, sample,
                                                input_validator_runs)

// How a package that gives no time limit gets one from its example submissions
// (judge verify; the ICPC specification's "time limit inference").
struct TimeLimitRule {
  double ac_to_time_limit = 2.0;   // time limit >= slowest accepted * this
  double time_limit_to_tle = 1.5;  // time limit * this <= fastest time_limit_exceeded
  double resolution_s = 1.0;       // the time limit is a multiple of this
};

struct Problem {
  std::string name;
  std::filesystem::path dir;
  ProblemFormat format = ProblemFormat::native;
  std::vector<std::string> interactor_command;  // ready to run (built if it came as source)
  // The folder the interactor must run in; empty: the judge's choice. Set for a
  // package validator given as build/run scripts: its folder in the cache, where
  // BAPCtools runs it and where real `run` scripts expect their build (./jury).
  std::filesystem::path interactor_working_dir;
  InteractorConvention convention = InteractorConvention::icpc;
  // testlib: the checker run on the interactor's log after the interaction (empty:
  // the interactor's verdict is final).
  std::vector<std::string> checker_command;
  PassMode mode = PassMode::interactive;
  // Between the passes of a multi-pass test the judge waits for the wall clock's
  // second to change (a program seeded from time(nullptr) sees another seed).
  bool new_second_between_passes = false;
  Limits limits;  // as the problem gives them (the command line may override some)
  // Set when the problem gives no time limit: judge verify infers it (limits.cpu_ms
  // is then a generous placeholder).
  std::optional<TimeLimitRule> time_limit_rule;
  // The package's time multipliers whether it gives a time limit or not (judge verify
  // judges every submission at the limit and at the limit x time_limit_to_tle, and
  // warns of an accepted run over the limit / ac_to_time_limit). problem.json: the
  // specification's defaults.
  TimeLimitRule time_multipliers;
  bool interactor_writes_transcript = true;
  nlohmann::json scoring;  // {"type": ..., "max_score": ...}; see scoring.hpp
  // result.json keys copied into each test's entry of the verdict JSON.
  std::vector<std::string> metrics;
  std::filesystem::path testdata_dir;  // the folder the tests are in (a package: data/)
  std::vector<TestCase> tests;         // every test, in the order they run
  // Input validators (`judge validate`), as the problem names them: sources or
  // programs, built only when they are run (program_build.hpp). Each reads a test's
  // input on stdin and exits 42 (valid) or 43 (invalid), the ICPC convention.
  std::vector<std::filesystem::path> input_validators;
  // `judge generate`: the generator as problem.json names it (resolved when run,
  // like the interactor) and the manifest (generate/manifest.hpp); empty: none.
  std::string generator;
  std::string answer_generator;  // "": no .ans files are generated
  std::filesystem::path manifest;
  // Things a setter should know that are not errors (a sample that is not runnable).
  std::vector<std::string> notes;
  // What the package gets wrong that judging does not need: an unknown key (with the
  // known one it is closest to), an empty or missing data/secret, no statement, no
  // input validator. Lenient reading, strict checking: `judge run` and `judge verify`
  // say them and judge what is there; `judge verify --strict` refuses the problem
  // (exit 2) while there is one, as problemtools' verifyproblem --werror does.
  std::vector<std::string> warnings;
  // The example submissions, in folders named by their expected verdict (judge
  // verify); empty: none.
  std::filesystem::path submissions_dir;
  // A Kattis package's include/: files every submission of a language is compiled
  // with (companions.hpp); empty: none.
  std::filesystem::path include_dir;
  // Submissions a package lists itself with a tag (Polygon's problem.xml: main,
  // accepted, wrong-answer, ...), read instead of folders when not empty.
  std::vector<std::pair<std::filesystem::path, std::string>> tagged_submissions;
  // A CMS task: its task type and how its submission runs (cms_task.hpp); the
  // manager (Communication) or checker (Batch) is interactor_command.
  std::optional<CmsSettings> cms;
};

// What a problem compiles with every submission (a CMS task's stub or grader, a
// Kattis package's include/), or none.
inline Companions submission_companions(const Problem& problem) {
  Companions companions = problem.cms ? problem.cms->companions : Companions{};
  companions.include_dir = problem.include_dir;
  return companions;
}

// problem.json's per-subtask input validation: no flags, then the
// "input_validator_flags" of every subtask whose tests match the name (empty when
// no subtask has flags: one run without arguments).
std::vector<std::vector<std::string>> subtask_validator_runs(const nlohmann::json& scoring,
                                                             const std::string& test_name);

// The interactor library a C/C++ source is compiled with when it includes one of its
// headers ("interactor.hpp", or "input_validation.hpp" of the input validators): the
// build tree's for a judge in it, else the one installed beside the judge; nullopt
// when it includes neither; ConfigError when it does but the library is not there.
std::optional<ProgramLibrary> library_for_source(const std::filesystem::path& source, const JudgePaths& paths);

// A program of a problem.json problem (`role` names it in messages): an executable,
// a .py file or a C/C++ source built into the cache, relative to `dir`; a program
// of the source tree is looked for in the build tree too. Throws ConfigError.
std::vector<std::string> resolve_program(const std::string& role, const std::string& name,
                                         const std::filesystem::path& dir, const JudgePaths& paths);

// Loads PROBLEM given as a name (interactors/<name>/ of the source tree) or as a
// path to a directory holding problem.json, or problem.yaml (an ICPC package, read by
// icpc_package.hpp, its output validator built into default_cache_dir()).
Problem load_problem(const std::string& name_or_path, const JudgePaths& paths);

// Parses problem.json text for a problem directory (the interactor is resolved and
// the tests listed). Exposed for tests.
Problem parse_problem(const std::string& json_text, const std::filesystem::path& dir,
                      const JudgePaths& paths);

// The names of the problems of the source tree (interactors/*/problem.json).
std::vector<std::string> known_problems(const JudgePaths& paths);

}  // namespace judge
