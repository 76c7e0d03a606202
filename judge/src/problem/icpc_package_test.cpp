#include "problem/icpc_package.hpp"

#include <sys/stat.h>

#include <fstream>

#include <gtest/gtest.h>

#include "base/errors.hpp"
#include "base/temp_dir.hpp"
#include "problem/problem.hpp"

namespace judge {
namespace {
namespace fs = std::filesystem;

using Args = std::vector<std::string>;

class IcpcPackage : public testing::Test {
 protected:
  void write(const fs::path& name, const std::string& text) {
    fs::create_directories((dir() / name).parent_path());
    std::ofstream(dir() / name) << text;
  }
  // A test X.in with its X.ans.
  void test(const std::string& name) {
    write("data/" + name + ".in", "1\n");
    write("data/" + name + ".ans", "1\n");
  }
  void modern_validator() { write("output_validator/validate.py", "import sys\nsys.exit(42)\n"); }
  void legacy_validator() { write("output_validators/check/check.py", "import sys\nsys.exit(42)\n"); }
  Problem load() { return load_icpc_package(dir(), {temp.path() / "cache"}); }
  std::string error_of() {
    try {
      load();
    } catch (const ConfigError& error) {
      return error.what();
    }
    return "no error";
  }
  bool has_note(const Problem& problem, const std::string& text) {
    for (const auto& note : problem.notes)
      if (note.find(text) != std::string::npos) return true;
    return false;
  }
  bool has_warning(const Problem& problem, const std::string& text) {
    for (const auto& warning : problem.warnings)
      if (warning.find(text) != std::string::npos) return true;
    return false;
  }
  const TestCase& find(const Problem& problem, const std::string& name) {
    for (const auto& test : problem.tests)
      if (test.name == name) return test;
    throw std::runtime_error("no test " + name);
  }
  fs::path dir() const { return temp.path() / "pkg"; }
  TempDir temp{"icpc-package-test-"};
};

TEST_F(IcpcPackage, LegacyInteractivePackage) {
  write("problem.yaml",
        "name: Guess\nvalidation: custom interactive\nvalidator_flags: max 11\n"
        "limits:\n  memory: 256\n  time_multiplier: 3\nfrobnicate: yes\n");
  legacy_validator();
  write("data/sample/1.in", "5\n");  // no .ans: legacy tolerates it
  write("data/sample/1.interaction", "<1\n>2\n");
  write("data/sample/2.interaction", "<1\n");
  test("secret/easy/01");
  test("secret/hard/deep/02");
  write("data/secret/hard/testdata.yaml", "output_validator_flags: strict\n");
  write("submissions/accepted/a.py", "");
  const Problem problem = load();
  EXPECT_EQ(problem.format, ProblemFormat::icpc_legacy);
  EXPECT_EQ(problem.name, "Guess");
  EXPECT_EQ(problem.mode, PassMode::interactive);
  EXPECT_EQ(problem.limits.passes, 1);
  EXPECT_EQ(problem.limits.memory_kib, 256 * 1024);
  EXPECT_FALSE(problem.interactor_writes_transcript);
  ASSERT_TRUE(problem.time_limit_rule.has_value());
  EXPECT_EQ(problem.time_limit_rule->ac_to_time_limit, 3.0);
  EXPECT_EQ(problem.time_limit_rule->time_limit_to_tle, 2.0);
  EXPECT_EQ(problem.limits.cpu_ms, placeholder_time_limit_ms);
  ASSERT_EQ(problem.tests.size(), 3u);
  EXPECT_EQ(problem.tests[0].name, "sample/1");
  EXPECT_TRUE(problem.tests[0].sample);
  EXPECT_EQ(problem.tests[0].answer, fs::path("/dev/null"));
  EXPECT_EQ(problem.tests[0].validator_args, (Args{"max", "11"}));
  EXPECT_EQ(problem.tests[1].name, "secret/easy/01");
  EXPECT_FALSE(problem.tests[1].sample);
  // problemtools: validator_flags, then the nearest testdata.yaml's flags.
  EXPECT_EQ(problem.tests[2].validator_args, (Args{"max", "11", "strict"}));
  EXPECT_TRUE(has_note(problem, "sample sample/2 has only an .interaction file: shown in statements, not run"));
  EXPECT_FALSE(has_note(problem, "sample/1 has only"));
  EXPECT_TRUE(has_warning(problem, "unknown key \"frobnicate\""));
  EXPECT_TRUE(has_note(problem, "no .ans file"));
  EXPECT_EQ(problem.submissions_dir, dir() / "submissions");
  ASSERT_EQ(problem.interactor_command.size(), 2u);
  EXPECT_EQ(fs::path(problem.interactor_command[1]).filename(), "check.py");
}

TEST_F(IcpcPackage, ModernInteractiveMultiPassPackageWithGroups) {
  write("problem.yaml",
        "problem_format_version: 2025-09\ntype: [interactive, multi-pass]\n"
        "name: {de: Telefon, en: Telephone}\nuuid: x\n"
        "limits:\n  time_limit: 1.5\n  time_resolution: 0.5\n  memory: 512\n  output: 16\n"
        "  validation_passes: 3\n  validation_time: 5\n");
  modern_validator();
  test("sample/1");
  write("data/secret/test_group.yaml", "output_validator_args: [limit, 12]\n");
  test("secret/loose/04");
  write("data/secret/loose/test_group.yaml", "full_feedback: false\n");
  test("secret/strict/01");
  test("secret/strict/02-override");
  write("data/secret/strict/test_group.yaml", "output_validator_args: [limit, \"10\"]\n");
  write("data/secret/strict/02-override.yaml", "output_validator_args: [limit, \"11\"]\n");
  const Problem problem = load();
  EXPECT_EQ(problem.format, ProblemFormat::icpc);
  EXPECT_EQ(problem.name, "Telephone");
  EXPECT_EQ(problem.mode, PassMode::interactive);
  EXPECT_EQ(problem.limits.passes, 3);
  EXPECT_EQ(problem.limits.cpu_ms, 1500);
  EXPECT_EQ(problem.limits.wall_ms, default_wall_ms(1500));
  EXPECT_EQ(problem.limits.memory_kib, 512 * 1024);
  EXPECT_EQ(problem.limits.output_kib, 16 * 1024);
  EXPECT_EQ(problem.limits.interactor_cpu_ms, 5000);
  EXPECT_FALSE(problem.time_limit_rule.has_value());
  EXPECT_EQ(find(problem, "sample/1").validator_args, Args{});
  EXPECT_EQ(find(problem, "secret/loose/04").validator_args, (Args{"limit", "12"}));  // inherited
  EXPECT_EQ(find(problem, "secret/strict/01").validator_args, (Args{"limit", "10"}));  // replaced
  EXPECT_EQ(find(problem, "secret/strict/02-override").validator_args, (Args{"limit", "11"}));
  EXPECT_EQ(problem.scoring["type"], "all_or_nothing");
  EXPECT_TRUE(problem.submissions_dir.empty());
}

TEST_F(IcpcPackage, TestsRunInLexicographicOrderOfNamesPerFolder) {
  write("problem.yaml", "problem_format_version: 2023-07-draft\ntype: interactive\nname: x\n");
  modern_validator();
  for (const char* name : {"secret/b", "secret/a/2", "secret/a/10", "secret/c", "secret/9"}) test(name);
  write("data/secret/.hidden.in", "1\n");
  write("data/invalid_input/bad.in", "x\n");
  std::vector<std::string> names;
  for (const auto& test : load().tests) names.push_back(test.name);
  EXPECT_EQ(names, (std::vector<std::string>{"secret/9", "secret/a/10", "secret/a/2", "secret/b", "secret/c"}));
}

TEST_F(IcpcPackage, MissingAnswerIsAConfigErrorIn2023Packages) {
  write("problem.yaml", "problem_format_version: 2025-09\ntype: interactive\nname: x\n");
  modern_validator();
  write("data/secret/01.in", "1\n");
  const std::string message = error_of();
  EXPECT_NE(message.find("secret/01"), std::string::npos);
  EXPECT_NE(message.find("01.ans"), std::string::npos);
}

TEST_F(IcpcPackage, UnknownKeysAreWarningsNamingTheClosestKnownKey) {
  // The specification's own 2025-09 example carries the legacy key source_url.
  write("problem.yaml",
        "problem_format_version: 2025-09\ntype: interactive\nname: x\nsource_url: http://x\n"
        "rights_owner:\nsource: {name: , url: }\n");
  modern_validator();
  test("secret/01");
  EXPECT_TRUE(has_warning(load(), "unknown key \"source_url\""));
  write("problem.yaml", "problem_format_version: 2025-09\ntype: interactive\nlimits:\n  time_limt: 2\n");
  EXPECT_TRUE(has_warning(load(), "unknown key \"limits.time_limt\" (did you mean \"limits.time_limit\"?"));
  // A misspelt type: judged as what the rest says (pass-fail), and said.
  write("problem.yaml", "problem_format_version: 2025-09\ntyp: interactive\n");
  const Problem misspelt = load();
  EXPECT_EQ(misspelt.mode, PassMode::offline);
  EXPECT_TRUE(has_warning(misspelt, "unknown key \"typ\" (did you mean \"type\"?"));
  // Legacy too (DOMjudge's own example has validator_args); nothing close: no guess.
  write("problem.yaml", "validation: custom interactive\nvalidator_args: --unused\nzzzzzz: 1\n");
  legacy_validator();
  const Problem legacy = load();
  EXPECT_TRUE(has_warning(legacy, "unknown key \"validator_args\" (did you mean \"validator_flags\"?"));
  EXPECT_TRUE(has_warning(legacy, "unknown key \"zzzzzz\" (check its spelling"));
}

TEST_F(IcpcPackage, MissingOrEmptySecretIsAWarningAndTheSamplesAreJudged) {
  write("problem.yaml", "problem_format_version: 2023-07-draft\ntype: interactive\n");
  modern_validator();
  test("sample/1");
  const Problem missing = load();  // as git delivers a package whose data/secret was empty
  ASSERT_EQ(missing.tests.size(), 1u);
  EXPECT_EQ(missing.tests[0].name, "sample/1");
  EXPECT_TRUE(has_warning(missing, "no data/secret folder"));
  fs::create_directories(dir() / "data/secret");
  EXPECT_TRUE(has_warning(load(), "data/secret is empty"));
  // Nothing at all to judge is still an error.
  fs::remove_all(dir() / "data/sample");
  EXPECT_NE(error_of().find("nothing to judge"), std::string::npos);
}

TEST_F(IcpcPackage, NoStatementAndNoInputValidatorAreWarnings) {
  write("problem.yaml", "problem_format_version: 2025-09\ntype: interactive\n");
  modern_validator();
  test("secret/01");
  const Problem bare = load();
  EXPECT_TRUE(has_warning(bare, "has no statement"));
  EXPECT_TRUE(has_warning(bare, "has no input validator"));
  write("statement/problem.en.tex", "\\problemname{X}\n");
  write("input_validators/v.py", "import sys\nsys.exit(42)\n");
  EXPECT_TRUE(load().warnings.empty());
}

TEST_F(IcpcPackage, BadValuesAreConfigErrorsNamingFileAndKey) {
  modern_validator();
  test("secret/01");
  auto error_with = [&](const std::string& yaml) {
    write("problem.yaml", "problem_format_version: 2025-09\nname: x\n" + yaml);
    return error_of();
  };
  EXPECT_NE(error_with("type: interactive\nlimits:\n  memory: lots\n").find("limits.memory must be a number"), std::string::npos);
  EXPECT_NE(error_with("type: multi-pass\nlimits:\n  validation_passes: 1\n").find("validation_passes"), std::string::npos);
  EXPECT_NE(error_with("type: [pass-fail, scoring]\n").find("both"), std::string::npos);
  EXPECT_NE(error_with("type: submit-answer\n").find("submit-answer"), std::string::npos);
  EXPECT_NE(error_with("type: interactiv\n").find("'interactiv'"), std::string::npos);
  EXPECT_NE(error_with("type: interactive\nlimits: [1]\n").find("limits must be a map"), std::string::npos);
  EXPECT_NE(error_with("type: [interactive\n").find("not valid YAML"), std::string::npos);
  write("problem.yaml", "problem_format_version: 1999-01\n");
  EXPECT_NE(error_of().find("'1999-01' is not a version"), std::string::npos);
}

TEST_F(IcpcPackage, VersionsAreDetected) {
  modern_validator();
  legacy_validator();
  test("secret/01");
  write("problem.yaml", "problem_format_version: legacy-icpc\nvalidation: custom interactive\n");
  EXPECT_EQ(load().format, ProblemFormat::icpc_legacy);
  write("problem.yaml", "problem_format_version: draft\ntype: interactive\n");
  EXPECT_EQ(load().format, ProblemFormat::icpc);
  write("problem.yaml", "problem_format_version: '2023-07'\ntype: interactive\n");
  EXPECT_EQ(load().format, ProblemFormat::icpc);
}

TEST_F(IcpcPackage, PassModesFollowTheType) {
  modern_validator();
  test("secret/01");
  write("problem.yaml", "problem_format_version: 2025-09\nname: {fr: Somme}\ntype: multi-pass\n");
  Problem problem = load();
  EXPECT_EQ(problem.mode, PassMode::offline);
  EXPECT_EQ(problem.limits.passes, 2);
  EXPECT_EQ(problem.name, "Somme");
  write("problem.yaml", "problem_format_version: 2025-09\nname: x\n");  // pass-fail, own validator
  problem = load();
  EXPECT_EQ(problem.mode, PassMode::offline);
  EXPECT_EQ(problem.limits.passes, 1);
}

TEST_F(IcpcPackage, DefaultValidationIsRefusedWithAReason) {
  test("secret/01");
  write("problem.yaml", "name: x\n");
  EXPECT_NE(error_of().find("default output validator"), std::string::npos);
  write("problem.yaml", "problem_format_version: 2025-09\ntype: interactive\n");
  EXPECT_NE(error_of().find("no output validator"), std::string::npos);
  write("problem.yaml", "validation: custom interactive\n");
  write("output_validators/a/a.py", "");
  write("output_validators/b.py", "");
  EXPECT_NE(error_of().find("exactly one output validator"), std::string::npos);
  // Files only are one program's: two .py files and no __main__.py are asked about.
  fs::remove_all(dir() / "output_validators/a");
  write("output_validators/c.py", "");
  EXPECT_NE(error_of().find("several .py files and no __main__.py"), std::string::npos);
}

// A legacy output_validators/ holding one program's files directly, as DOMjudge builds
// the folder: the source and the header it includes (Kattis' validate.h style) are one
// program, not two; a second source is compiled with them.
TEST_F(IcpcPackage, LegacyValidatorFilesDirectlyInTheFolderAreOneProgram) {
  test("secret/01");
  write("problem.yaml", "validation: custom interactive\n");
  write("output_validators/validate.h", "inline int accepted_code() { return 42; }\nint rejected_code();\n");
  write("output_validators/rejected.cpp", "int rejected_code() { return 43; }\n");
  write(
      "output_validators/interactor.cpp",
      "#include \"validate.h\"\nint main(int argc, char**) { return argc > 1 ? accepted_code() : rejected_code(); }\n");
  const Problem problem = load();
  EXPECT_TRUE(has_note(problem, "holds files only (interactor.cpp rejected.cpp validate.h)"));
  ASSERT_FALSE(problem.interactor_command.empty());
  const std::string program = problem.interactor_command[0];
  EXPECT_EQ(std::system((program + " x").c_str()) >> 8, 42);
  EXPECT_EQ(std::system(program.c_str()) >> 8, 43);
  // build and run scripts directly in the folder are honoured as the spec says: build
  // runs in a copy of the folder, run is the program.
  fs::remove_all(dir() / "output_validators");
  write("output_validators/build", "#!/bin/sh\nprintf '#!/bin/sh\\nexit 42\\n' > accept && chmod +x accept\n");
  write("output_validators/run", "#!/bin/sh\nexec \"$(dirname \"$0\")/accept\" \"$@\"\n");
  const Problem scripted = load();
  EXPECT_TRUE(has_note(scripted, "holds files only (build run)"));
  ASSERT_FALSE(scripted.interactor_command.empty());
  EXPECT_EQ(std::system(scripted.interactor_command[0].c_str()) >> 8, 42);
}

TEST_F(IcpcPackage, OldValidatorFolderIsUsedByA2023PackageWithANote) {
  legacy_validator();
  test("secret/01");
  write("problem.yaml", "problem_format_version: 2023-07-draft\ntype: interactive\n");
  const Problem problem = load();
  EXPECT_EQ(fs::path(problem.interactor_command[1]).filename(), "check.py");
  EXPECT_TRUE(has_note(problem, "output_validators"));
}

TEST_F(IcpcPackage, TimeLimitFromTimelimitFileOrDomjudgeIni) {
  legacy_validator();
  test("secret/01");
  write("problem.yaml", "validation: custom interactive\n");
  write("domjudge-problem.ini", "name = 'x'\ntimelimit = '2.5'\n");
  EXPECT_EQ(load().limits.cpu_ms, 2500);
  write(".timelimit", "3\n");  // .timelimit is read first
  const Problem problem = load();
  EXPECT_EQ(problem.limits.cpu_ms, 3000);
  EXPECT_FALSE(problem.time_limit_rule.has_value());
  write(".timelimit", "soon\n");
  EXPECT_NE(error_of().find(".timelimit"), std::string::npos);
  for (const char* bad : {"inf\n", "1e999\n", "2.5s\n", "0x10\n", "0\n"}) {
    write(".timelimit", bad);
    EXPECT_NE(error_of().find("the time limit must be a number of seconds > 0"), std::string::npos) << bad;
  }
}

TEST_F(IcpcPackage, MissingTimeLimitGivesTheRuleFromTimeMultipliers) {
  modern_validator();
  test("secret/01");
  write("problem.yaml",
        "problem_format_version: 2025-09\ntype: interactive\nlimits:\n"
        "  time_multipliers: {ac_to_time_limit: 3, time_limit_to_tle: 1.2}\n  time_resolution: 0.1\n");
  const Problem problem = load();
  ASSERT_TRUE(problem.time_limit_rule.has_value());
  EXPECT_EQ(problem.time_limit_rule->ac_to_time_limit, 3.0);
  EXPECT_EQ(problem.time_limit_rule->time_limit_to_tle, 1.2);
  EXPECT_EQ(problem.time_limit_rule->resolution_s, 0.1);
  EXPECT_TRUE(has_note(problem, "no time limit"));
}

TEST_F(IcpcPackage, TimeLimitOffTheResolutionIsAWarning) {
  modern_validator();
  test("secret/01");
  write("problem.yaml", "problem_format_version: 2025-09\ntype: interactive\nlimits: {time_limit: 1.5}\n");
  const Problem problem = load();
  EXPECT_EQ(problem.limits.cpu_ms, 1500);
  EXPECT_TRUE(has_warning(problem, "not a multiple of time_resolution"));
}

TEST_F(IcpcPackage, ScoringProblemGetsIcpcGroupsScoring) {
  modern_validator();
  write("problem.yaml", "problem_format_version: 2025-09\ntype: [scoring, interactive]\n");
  test("sample/1");
  test("secret/g1/01");
  test("secret/g2/01");
  write("data/secret/test_group.yaml", "max_score: 50\nrequire_pass: sample\n");
  write("data/secret/g1/test_group.yaml", "max_score: 20\n");
  write("data/secret/g2/test_group.yaml", "max_score: 30\nscore_aggregation: min\n");
  const Problem problem = load();
  EXPECT_EQ(problem.scoring["type"], "icpc_groups");
  EXPECT_EQ(problem.scoring["max_score"], 50.0);
  EXPECT_EQ(problem.scoring["secret"]["require_pass"], (Args{"sample"}));
  ASSERT_EQ(problem.scoring["groups"].size(), 2u);
  EXPECT_EQ(problem.scoring["groups"][1]["name"], "secret/g2");
  EXPECT_EQ(problem.scoring["groups"][1]["aggregation"], "min");
  EXPECT_EQ(problem.scoring["groups"][0]["aggregation"], "pass-fail");
  // A group without max_score under a bounded secret is the setter's mistake.
  write("data/secret/g1/test_group.yaml", "score_aggregation: sum\n");
  EXPECT_NE(error_of().find("secret/g1 needs a max_score"), std::string::npos);
}

// A legacy scoring package: every folder of data/ a test data group whose
// testdata.yaml keys are inherited downwards, problem.yaml's grading keys over them.
TEST_F(IcpcPackage, LegacyScoringReadsTheTestDataGroups) {
  legacy_validator();
  write("problem.yaml",
        "type: scoring\nvalidation: custom interactive\ngrading:\n  objective: max\n"
        "  show_test_data_groups: true\n");
  test("sample/1");
  test("secret/g1/01");
  test("secret/g1/02");
  test("secret/g2/01");
  write("data/testdata.yaml", "on_reject: continue\ngrader_flags: ignore_sample\nrange: 0 100\n");
  write("data/sample/testdata.yaml", "accept_score: 0\n");
  write("data/secret/testdata.yaml", "grader_flags: sum accept_if_any_accepted\n");
  write("data/secret/g1/testdata.yaml", "grader_flags: min\naccept_score: 40\nrange: 0 40\n");
  write("data/secret/g2/testdata.yaml", "grader_flags: min\naccept_score: 60\non_reject: break\n");
  Problem problem = load();
  const nlohmann::json& scoring = problem.scoring;
  ASSERT_EQ(scoring["type"], "kattis_legacy");
  EXPECT_EQ(scoring["max_score"], 100.0);
  const nlohmann::json& root = scoring["root"];
  EXPECT_EQ(root["name"], "data");
  EXPECT_EQ(root["grader_flags"], "ignore_sample");
  ASSERT_EQ(root["items"].size(), 2u);
  EXPECT_EQ(root["items"][0]["accept_score"], 0.0);
  const nlohmann::json& secret = root["items"][1];
  EXPECT_EQ(secret["on_reject"], "continue");  // inherited from data/
  EXPECT_EQ(secret["range"], nlohmann::json({0.0, 100.0}));
  EXPECT_EQ(secret["items"][0]["items"], nlohmann::json({"secret/g1/01", "secret/g1/02"}));
  EXPECT_EQ(secret["items"][0]["range"], nlohmann::json({0.0, 40.0}));
  EXPECT_EQ(secret["items"][1]["on_reject"], "break");
  EXPECT_EQ(secret["items"][1]["accept_score"], 60.0);
  // problem.yaml's older grading keys override every group's (problemtools).
  write("problem.yaml",
        "type: scoring\nvalidation: custom interactive\ngrading:\n  on_reject: first_error\n"
        "  accept_score: 2\n");
  problem = load();
  EXPECT_EQ(problem.scoring["root"]["items"][1]["items"][0]["on_reject"], "break");
  EXPECT_EQ(problem.scoring["root"]["items"][1]["items"][0]["accept_score"], 2.0);
  // Mistakes name the file and the key.
  write("data/secret/g2/testdata.yaml", "on_reject: grade\n");
  EXPECT_NE(error_of().find("g2/testdata.yaml: on_reject must be break or continue"), std::string::npos) << error_of();
  write("data/secret/g2/testdata.yaml", "range: 10 0\n");
  EXPECT_NE(error_of().find("the minimum is greater than the maximum"), std::string::npos) << error_of();
}

TEST_F(IcpcPackage, LegacyGradersAreBuiltAndChecked) {
  legacy_validator();
  write("problem.yaml", "type: scoring\nvalidation: custom interactive\n");
  test("secret/01");
  write("data/secret/testdata.yaml", "grading: custom\n");
  EXPECT_NE(error_of().find("grading: custom, but there is no grader in graders/"), std::string::npos) << error_of();
  write("graders/grader.py", "print('AC 1')\n");
  const Problem problem = load();
  EXPECT_EQ(problem.scoring["custom_grader"]["name"], "graders/grader.py");
  EXPECT_FALSE(problem.scoring["custom_grader"]["command"].empty());
  write("graders/other.py", "print('AC 1')\n");
  EXPECT_NE(error_of().find("allows at most one grader"), std::string::npos) << error_of();
  fs::remove(dir() / "graders/other.py");
  write("problem.yaml", "validation: custom interactive\n");
  fs::remove(dir() / "data/secret/testdata.yaml");
  EXPECT_NE(error_of().find("the problem is pass-fail"), std::string::npos) << error_of();
}

TEST_F(IcpcPackage, ArgsForTheSubmissionAndFilesFoldersAreNoted) {
  modern_validator();
  write("problem.yaml", "problem_format_version: 2025-09\ntype: interactive\n");
  test("secret/01");
  write("data/secret/01.yaml", "args: [--fast]\nfull_feedback: true\nsurprise: 1\n");
  fs::create_directories(dir() / "data/secret/01.files");
  const Problem problem = load();
  EXPECT_EQ(problem.tests.size(), 1u);
  EXPECT_TRUE(has_note(problem, "args"));
  EXPECT_TRUE(has_note(problem, ".files folder"));
  EXPECT_TRUE(has_warning(problem, "unknown key \"surprise\""));
}

TEST_F(IcpcPackage, SymlinkLoopIsAConfigError) {
  modern_validator();
  write("problem.yaml", "problem_format_version: 2025-09\ntype: interactive\n");
  test("secret/a/01");
  fs::create_directory_symlink("..", dir() / "data/secret/a/loop");
  EXPECT_NE(error_of().find("loop"), std::string::npos);
}

TEST_F(IcpcPackage, LoadProblemDispatchesOnTheFileItFinds) {
  const JudgePaths paths{temp.path() / "no-source", temp.path() / "no-build"};
  legacy_validator();
  test("secret/01");
  write("problem.yaml", "validation: custom interactive\n");
  ::setenv("JUDGE_CACHE_DIR", (temp.path() / "cache").c_str(), 1);
  EXPECT_EQ(load_problem(dir().string(), paths).format, ProblemFormat::icpc_legacy);
  ::unsetenv("JUDGE_CACHE_DIR");
  fs::remove(dir() / "problem.yaml");
  try {
    load_problem(dir().string(), paths);
    FAIL();
  } catch (const ConfigError& error) {
    EXPECT_NE(std::string(error.what()).find("is no problem folder: it has none of problem.json"), std::string::npos);
    EXPECT_NE(std::string(error.what()).find("problem.yaml"), std::string::npos);
  }
}

TEST_F(IcpcPackage, RealPackageQuirksAreTolerated) {
  // DOMjudge's hangman: legacy, multi-pass, shell-quoted flags, the 2023 validator folder.
  write("problem.yaml",
        "name: Hangman\nvalidation: custom multi-pass\n"
        "validator_flags: --teammessage \"There are more testcases.\"\n"
        "limits:\n  validation_passes: 26\n");
  write("output_validator/validator.py", "import sys\nsys.exit(42)\n");
  test("secret/with_spaces/01");
  write("data/secret/testdata.yaml", "output_validator_flags: --secret\n");
  write("data/secret/with_spaces/testdata.yaml",
        "output_validator_flags: --secret --judgemessage 'This group checks sentences'\n");
  Problem problem = load();
  EXPECT_EQ(problem.mode, PassMode::offline);
  EXPECT_EQ(problem.limits.passes, 26);
  EXPECT_EQ(problem.tests[0].validator_args,
            (Args{"--teammessage", "There are more testcases.", "--secret", "--judgemessage",
                  "This group checks sentences"}));
  EXPECT_EQ(fs::path(problem.interactor_command[1]).filename(), "validator.py");
  EXPECT_TRUE(has_note(problem, "the output validator is"));

  // The specification's example: type as a space-separated string; BAPCtools: args
  // as a string in testdata.yaml.
  fs::remove_all(dir());
  write("problem.yaml", "problem_format_version: 2025-09  # or legacy\ntype: pass-fail interactive\n");
  modern_validator();
  test("secret/01");
  write("data/testdata.yaml", "output_validator_args: float_tolerance 1E-6\n");
  problem = load();
  EXPECT_EQ(problem.mode, PassMode::interactive);
  EXPECT_EQ(problem.tests[0].validator_args, (Args{"float_tolerance", "1E-6"}));
  EXPECT_TRUE(has_note(problem, "is a string"));
}

TEST_F(IcpcPackage, NameComesFromTheStatementWhenProblemYamlHasNone) {
  write("problem.yaml", "validation: custom interactive\nname:\n");
  write("problem_statement/problem.en.tex", "\\problemname{Guess the {\\em Number}}\nText\n");
  legacy_validator();
  test("secret/01");
  EXPECT_EQ(load().name, "Guess the {\\em Number}");
}

TEST_F(IcpcPackage, ValidatorFolderNestedInOutputValidatorIsUsed) {
  write("problem.yaml", "problem_format_version: 2023-07-draft\ntype: interactive\n");
  write("output_validator/guess_validator/validate.py", "import sys\nsys.exit(42)\n");
  test("secret/01");
  EXPECT_EQ(fs::path(load().interactor_command[1]).filename(), "validate.py");
}

TEST_F(IcpcPackage, BuildRunValidatorRunsInItsBuiltFolder) {
  write("problem.yaml", "problem_format_version: 2025-09\ntype: interactive\n");
  write("output_validator/build", "#!/bin/sh\nprintf '#!/bin/sh\\nexit 42\\n' > jury\nchmod +x jury\n");
  write("output_validator/run", "#!/bin/sh\nexec ./jury \"$@\"\n");
  test("secret/01");
  const Problem problem = load();
  ASSERT_FALSE(problem.interactor_working_dir.empty());
  EXPECT_TRUE(fs::exists(problem.interactor_working_dir / "jury"));
}

TEST_F(IcpcPackage, GeneratedDataSaysToGenerateFirst) {
  write("problem.yaml", "problem_format_version: 2023-07-draft\ntype: interactive\n");
  modern_validator();
  write("generators/generators.yaml", "data: {}\n");
  EXPECT_NE(error_of().find("generate the tests first"), std::string::npos);
}

}  // namespace
}  // namespace judge
