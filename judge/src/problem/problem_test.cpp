#include "problem/problem.hpp"

#include <stdlib.h>
#include <sys/stat.h>

#include <fstream>

#include <gtest/gtest.h>

#include "base/errors.hpp"
#include "problem/tests.hpp"

namespace judge {
namespace {
namespace fs = std::filesystem;

class ProblemDir : public testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "problem-test-XXXXXX").string();
    ASSERT_NE(::mkdtemp(pattern.data()), nullptr);
    dir = pattern;
    write("interactor", "#!/bin/sh\nexit 42\n");
    ::chmod((dir / "interactor").c_str(), 0755);
    paths = {dir / "no-source", dir / "no-build"};
  }
  void TearDown() override { fs::remove_all(dir); }
  void write(const fs::path& name, const std::string& text) {
    fs::create_directories((dir / name).parent_path());
    std::ofstream(dir / name) << text;
  }
  fs::path dir;
  JudgePaths paths;
};

TEST_F(ProblemDir, DefaultsApply) {
  const Problem problem = parse_problem("{}", dir, paths);
  EXPECT_EQ(problem.name, dir.filename().string());
  EXPECT_EQ(problem.limits.cpu_ms, 2000);
  EXPECT_EQ(problem.limits.wall_ms, 5000);
  EXPECT_EQ(problem.limits.memory_kib, 256 * 1024);
  EXPECT_EQ(problem.scoring["type"], "all_or_nothing");
  ASSERT_EQ(problem.interactor_command.size(), 1u);
  EXPECT_EQ(problem.interactor_command[0], (dir / "interactor").string());
}

TEST_F(ProblemDir, LimitsAreRead) {
  const Problem problem = parse_problem(
      R"({"name": "x", "time_limit_ms": 500, "memory_mib": 64, "wall_limit_ms": 900})", dir, paths);
  EXPECT_EQ(problem.name, "x");
  EXPECT_EQ(problem.limits.cpu_ms, 500);
  EXPECT_EQ(problem.limits.wall_ms, 900);
  EXPECT_EQ(problem.limits.memory_kib, 64 * 1024);
}

TEST_F(ProblemDir, MistakesAreConfigErrorsThatSayWhat) {
  auto message_of = [&](const std::string& json) -> std::string {
    try {
      parse_problem(json, dir, paths);
    } catch (const ConfigError& error) {
      return error.what();
    }
    return "no error";
  };
  EXPECT_NE(message_of("{").find("not valid JSON"), std::string::npos);
  EXPECT_NE(message_of("[]").find("JSON object"), std::string::npos);
  EXPECT_NE(message_of(R"({"time_limit": 5})").find("unknown key \"time_limit\""), std::string::npos);
  // A TPS task's problem.json (as the IOI 2024 tasks' TPS source has it) is read as a TPS
  // task (tps_task.hpp), and its errors say so: here, it has no tests.
  const std::string tps = R"({"name": "nile", "code": "nile", "title": "Nile", "type": "Batch",
                              "time_limit": 2.0, "memory_limit": 2048, "has_grader": true})";
  EXPECT_NE(message_of(tps).find("TPS task: "), std::string::npos) << message_of(tps);
  EXPECT_NE(message_of(R"({"time_limit_ms": "5"})").find("whole number"), std::string::npos);
  EXPECT_NE(message_of(R"({"time_limit_ms": -5})").find("\"time_limit_ms\" must be between 1 and 3600000, got -5"),
            std::string::npos);
  // Issue 15, hole 5: limits that overflowed are refused with their range.
  EXPECT_NE(message_of(R"({"time_limit_ms": 9000000000000})").find("between 1 and 3600000"), std::string::npos);
  EXPECT_NE(message_of(R"({"memory_mib": 18014398509481984})").find("\"memory_mib\" must be between 16 and 1048576"),
            std::string::npos);
  EXPECT_NE(message_of(R"({"memory_mib": 18446744073709551615})").find("whole number between 16 and 1048576"),
            std::string::npos);
  EXPECT_NE(message_of(R"({"memory_mib": 1e30})").find("whole number"), std::string::npos);
  EXPECT_NE(message_of(R"({"memory_mib": 1})").find("between 16 and"), std::string::npos);
  EXPECT_NE(message_of(R"({"pass_limit": 0})").find("\"pass_limit\" must be between 1 and 1000"), std::string::npos);
  EXPECT_NE(message_of(R"({"time_limit_ms": 1000, "time_limit_ms": 2000})").find("\"time_limit_ms\" is given twice"),
            std::string::npos);
  EXPECT_NE(message_of(R"({"scoring": {"type": "sum", "type": "max"}})").find("\"type\" is given twice"),
            std::string::npos);
  EXPECT_NE(message_of(R"({"interactor_convention": "kattis"})").find("must be icpc or testlib"), std::string::npos);
  EXPECT_NE(message_of(R"({"checker": "interactor"})").find("runs only after a testlib interactor"),
            std::string::npos);
  write("not_executable", "#!/bin/sh\n");
  EXPECT_NE(message_of(R"({"interactor": "not_executable"})").find("is not executable: chmod +x it"),
            std::string::npos);
  EXPECT_NE(message_of(R"({"interactor": "missing"})").find("was not found"), std::string::npos);
  EXPECT_NE(message_of(R"({"testdata": "nowhere"})").find("does not exist"), std::string::npos);
  EXPECT_NE(message_of(R"({"scoring": 3})").find("scoring"), std::string::npos);
}

TEST_F(ProblemDir, TheLimitsAtTheirBoundsDoNotOverflow) {
  const Problem problem = parse_problem(
      R"({"time_limit_ms": 3600000, "memory_mib": 1048576, "output_limit_kib": 16777216,
          "interactor_memory_mib": 1048576, "process_limit": 100000})",
      dir, paths);
  EXPECT_EQ(problem.limits.memory_kib, 1048576LL * 1024);
  EXPECT_EQ(problem.limits.wall_ms, default_wall_ms(3600000));
  EXPECT_GT(problem.limits.wall_ms, problem.limits.cpu_ms);
  const Limits overridden = resolve_limits(problem.limits, LimitOverrides{3600000, 1048576});
  EXPECT_EQ(overridden.memory_kib, 1048576LL * 1024);
  EXPECT_LT(overridden.wall_ms * 1000000, INT64_MAX / 2);  // nanoseconds still fit
}

TEST_F(ProblemDir, ATestlibProblemHasItsCheckerAndTheRelayWritesItsTranscripts) {
  write("checker.py", "import sys\nsys.exit(0)\n");
  const Problem problem = parse_problem(R"({"interactor_convention": "testlib", "checker": "checker.py"})", dir, paths);
  EXPECT_EQ(problem.convention, InteractorConvention::testlib);
  ASSERT_EQ(problem.checker_command.size(), 2u);
  EXPECT_EQ(problem.checker_command[1], (dir / "checker.py").string());
  EXPECT_FALSE(problem.interactor_writes_transcript);
}

TEST_F(ProblemDir, InteractorIsFoundInTheBuildTreeMirror) {
  fs::remove(dir / "interactor");
  paths = {dir / "src", dir / "build"};
  write("src/interactors/p/problem.json", "{}");
  write("build/interactors/p/interactor", "#!/bin/sh\n");
  ::chmod((dir / "build/interactors/p/interactor").c_str(), 0755);
  const Problem problem = load_problem("p", paths);
  EXPECT_EQ(problem.interactor_command[0], (dir / "build/interactors/p/interactor").string());
  EXPECT_EQ(known_problems(paths), std::vector<std::string>{"p"});
}

// A generator named in problem.json includes the library's generator.hpp, as the
// library's docs point it to; a header of the program's own is not the library's.
TEST_F(ProblemDir, AnyHeaderOfTheInteractorLibraryBringsTheLibrary) {
  paths = {dir / "src", dir / "build"};
  write("src/interactors/lib/interactor.hpp", "");
  write("src/interactors/lib/generator.hpp", "");
  write("build/interactors/lib/libjudge_interactor.a", "");
  write("p/gen.cpp", "#include <string>\n  #  include \"generator.hpp\"\nint main() {}\n");
  const auto library = library_for_source(dir / "p/gen.cpp", paths);
  ASSERT_TRUE(library.has_value());
  EXPECT_EQ(library->include_dir, dir / "src/interactors/lib");
  write("p/own.cpp", "#include \"limits.hpp\"\nint main() {}\n");
  EXPECT_FALSE(library_for_source(dir / "p/own.cpp", paths).has_value());
  write("q/generator.hpp", "");
  write("q/gen.cpp", "#include \"generator.hpp\"\nint main() {}\n");
  EXPECT_FALSE(library_for_source(dir / "q/gen.cpp", paths).has_value());
}

TEST_F(ProblemDir, AMissingInteractorOfAUsersProblemDoesNotSayToBuildTheJudge) {
  write("problem.json", "{\"interactor\": \"interactor.cpp\"}");
  write("01.in", "1\n");
  try {
    load_problem(dir.string(), paths);
    FAIL() << "no error";
  } catch (const ConfigError& error) {
    const std::string message = error.what();
    EXPECT_NE(message.find("was not found"), std::string::npos);
    EXPECT_EQ(message.find("cmake --build"), std::string::npos) << message;
  }
}

TEST_F(ProblemDir, PythonInteractorRunsThroughPython3ByItsAbsolutePath) {
  write("interactor.py", "import sys\nsys.exit(42)\n");
  const Problem problem = parse_problem(R"({"interactor": "interactor.py"})", dir, paths);
  ASSERT_EQ(problem.interactor_command.size(), 2u);
  // The judge execs argv[0] without a PATH search, so a bare "python3" cannot start.
  EXPECT_TRUE(fs::path(problem.interactor_command[0]).is_absolute());
  EXPECT_EQ(fs::path(problem.interactor_command[0]).filename(), "python3");
  EXPECT_TRUE(fs::exists(problem.interactor_command[0]));
  EXPECT_EQ(problem.interactor_command[1], (dir / "interactor.py").string());
}

TEST_F(ProblemDir, TestsAreListedInNameOrderAndSelected) {
  write("b.in", "1\n");
  write("a.in", "1\n");
  write("a.ans", "x\n");
  write("notes.txt", "");
  write("outside/mine.in", "1\n");
  const Problem problem = parse_problem("{}", dir, paths);
  const auto& tests = problem.tests;
  ASSERT_EQ(tests.size(), 2u);
  EXPECT_EQ(tests[0].name, "a");
  EXPECT_EQ(tests[0].answer, dir / "a.ans");
  EXPECT_EQ(tests[1].answer, fs::path("/dev/null"));
  const auto picked = select_tests(problem, {"b", (dir / "outside/mine.in").string()});
  ASSERT_EQ(picked.size(), 2u);
  EXPECT_EQ(picked[0].name, "b");
  EXPECT_EQ(picked[1].name, "mine");
  EXPECT_THROW(select_tests(problem, {"zzz"}), ConfigError);
  // Issue 15: a folder given as a test is said to be one, not "no such file".
  try {
    select_tests(problem, {(dir / "outside").string()});
    FAIL();
  } catch (const ConfigError& error) {
    EXPECT_NE(std::string(error.what()).find("is a folder"), std::string::npos) << error.what();
  }
}

TEST_F(ProblemDir, InputValidatorsAndSubtaskFlagsGiveEachTestItsRuns) {
  write("01.in", "1\n");
  write("s1-01.in", "1\n");
  write("s2-01.in", "2\n");
  write("check.py", "import sys\nsys.exit(42)\n");
  const Problem problem = parse_problem(R"({"input_validator": "check.py", "scoring": {"type": "subtasks",
      "max_score": 100, "subtasks": [
        {"name": "1", "points": 40, "tests": ["s1-*"], "input_validator_flags": ["--n-max", "1"]},
        {"name": "2", "points": 60, "tests": ["s1-*", "s2-*"], "input_validator_flags": ["--n-max", "2"]}]}})",
                                        dir, paths);
  ASSERT_EQ(problem.input_validators.size(), 1u);
  EXPECT_EQ(problem.input_validators[0], dir / "check.py");
  ASSERT_EQ(problem.tests.size(), 3u);
  using Runs = std::vector<std::vector<std::string>>;
  EXPECT_EQ(problem.tests[0].input_validator_runs, Runs{});  // 01: in no subtask, one plain run
  EXPECT_EQ(problem.tests[1].input_validator_runs, (Runs{{}, {"--n-max", "1"}, {"--n-max", "2"}}));
  EXPECT_EQ(problem.tests[2].input_validator_runs, (Runs{{}, {"--n-max", "2"}}));
  EXPECT_THROW(parse_problem(R"({"input_validator": "nowhere.cpp"})", dir, paths), ConfigError);
  EXPECT_THROW(parse_problem(R"({"scoring": {"type": "subtasks", "max_score": 1, "subtasks": [
        {"name": "1", "points": 1, "tests": ["*"], "input_validator_flags": "--n-max 1"}]}})",
                             dir, paths),
               ConfigError);
}

TEST_F(ProblemDir, BareNamePrefersTheRepositoryProblemOverALocalFolder) {
  paths = {dir / "src", dir / "build"};
  write("src/interactors/p/problem.json", "{}");
  write("src/interactors/p/interactor", "#!/bin/sh\n");
  ::chmod((dir / "src/interactors/p/interactor").c_str(), 0755);
  write("cwd/p/notes.txt", "not a problem");
  const fs::path previous = fs::current_path();
  fs::current_path(dir / "cwd");
  const Problem problem = load_problem("p", paths);
  fs::current_path(previous);
  EXPECT_EQ(problem.dir, dir / "src/interactors/p");
}

TEST_F(ProblemDir, UnknownProblemNameListsKnownOnes) {
  try {
    load_problem("no-such-problem", paths);
    FAIL();
  } catch (const ConfigError& error) {
    EXPECT_NE(std::string(error.what()).find("no problem 'no-such-problem'"), std::string::npos);
  }
}

// A folder that is no problem names every file looked for, by format, and a problem
// folder just inside it (an archive unpacked into a folder of its own).
TEST_F(ProblemDir, AFolderThatIsNoProblemSaysWhatWasLookedFor) {
  const auto error_of = [&](const fs::path& folder) -> std::string {
    try {
      load_problem(folder.string(), paths);
    } catch (const ConfigError& error) {
      return error.what();
    }
    return "no error";
  };
  write("unpacked/README", "a zip's folder\n");
  std::string error = error_of(dir / "unpacked");
  for (const char* named : {"is no problem folder", "problem.json (this judge's format, or a TPS task's",
                            "problem.yaml (an ICPC/Kattis package", "problem.xml (a Polygon package)",
                            "task.yaml (a CMS task in the italy_yaml layout"})
    EXPECT_NE(error.find(named), std::string::npos) << named << " in " << error;
  write("unpacked/guess/problem.yaml", "name: Guess\n");
  error = error_of(dir / "unpacked");
  EXPECT_NE(error.find("the folder guess inside it is one: give that"), std::string::npos) << error;
}

}  // namespace
}  // namespace judge
