// Reading CMS task folders (italy_yaml) shaped as task repositories keep them: the
// task types, the tests, the score types and every refusal.
#include "problem/cms_task.hpp"

#include <sys/stat.h>

#include <fstream>

#include <gtest/gtest.h>

#include "base/errors.hpp"
#include "base/temp_dir.hpp"
#include "problem/problem.hpp"

namespace judge {
namespace {
namespace fs = std::filesystem;

struct Task {
  TempDir dir{"cms-task-test-"};
  Task() {
    for (int i = 0; i < 3; ++i) {
      write("input/input" + std::to_string(i) + ".txt", std::to_string(i) + "\n");
      write("output/output" + std::to_string(i) + ".txt", std::to_string(i) + "\n");
    }
  }
  void write(const std::string& name, const std::string& text, bool executable = false) {
    const fs::path path = dir.path() / name;
    fs::create_directories(path.parent_path());
    std::ofstream(path) << text;
    if (executable) ::chmod(path.c_str(), 0755);
  }
  Problem load() { return load_cms_task(dir.path(), dir.path() / "cache"); }
  std::string error() {
    try {
      load();
    } catch (const ConfigError& e) {
      return e.what();
    }
    return "no error";
  }
};

TEST(CmsTask, CommunicationWithAManagerAndStubsReadsAsCmsLoadsIt) {
  Task task;
  task.write("task.yaml",
             "name: bits\ntitle: Bits\ntime_limit: 1.5\nmemory_limit: 64\nn_input: 3\n"
             "public_testcases: \"0, 2\"\nnum_processes: 2\nscore_type: GroupMul\n"
             "score_type_parameters: [[30, 1], [70, 2]]\ntoken_mode: disabled\n");
  task.write("check/manager", "#!/bin/sh\necho 1\n", true);
  task.write("sol/stub.cpp", "int main() {}\n");
  task.write("sol/stub.py", "\n");
  task.write("sol/bits.h", "\n");
  const Problem problem = task.load();
  EXPECT_EQ(problem.format, ProblemFormat::cms);
  EXPECT_EQ(problem.convention, InteractorConvention::cms);
  EXPECT_EQ(problem.name, "bits");
  ASSERT_TRUE(problem.cms.has_value());
  EXPECT_EQ(problem.cms->type, CmsTaskType::communication);
  EXPECT_EQ(problem.cms->num_processes, 2);
  EXPECT_EQ(problem.cms->user_io, CmsUserIo::fifo_io) << "a task with a stub talks on FIFO arguments";
  EXPECT_EQ(problem.cms->companions.role, "stub");
  EXPECT_EQ(problem.cms->companions.name, "bits");
  EXPECT_EQ(problem.cms->companions.sources.size(), 2u);
  EXPECT_EQ(problem.cms->companions.headers.size(), 1u);
  EXPECT_EQ(problem.limits.cpu_ms, 1500);
  EXPECT_EQ(problem.limits.memory_kib, 64 * 1024);
  // CMS's manager limit: num_processes * (time limit + 1 s), at least 10 s.
  EXPECT_EQ(problem.limits.interactor_cpu_ms, 10000);
  ASSERT_EQ(problem.tests.size(), 3u);
  EXPECT_EQ(problem.tests[1].name, "001");
  EXPECT_EQ(problem.tests[1].input.filename(), "input1.txt");
  EXPECT_TRUE(problem.tests[0].sample && !problem.tests[1].sample && problem.tests[2].sample);
  EXPECT_EQ(problem.scoring["score_type"], "GroupMul");
  EXPECT_EQ(problem.scoring["max_score"], 100.0);
  EXPECT_TRUE(problem.warnings.empty());
}

TEST(CmsTask, WithoutAStubTheProgramTalksOnStdinAndStdout) {
  Task task;
  task.write("task.yaml", "name: guess\ntime_limit: 5\nmemory_limit: 256\nn_input: 3\nnum_processes: 3\n");
  task.write("cor/manager", "#!/bin/sh\necho 1\n", true);
  const Problem problem = task.load();
  EXPECT_EQ(problem.cms->user_io, CmsUserIo::std_io);
  EXPECT_TRUE(problem.cms->companions.empty());
  // CMS: num_processes * (time limit + 1 s), at least the trusted sandbox's 10 s.
  EXPECT_EQ(problem.limits.interactor_cpu_ms, 3 * (5000 + 1000));
  EXPECT_EQ(problem.scoring["score_type"], "Sum") << "no score_type: Sum of 100 / n_input";
  EXPECT_NEAR(problem.scoring["parameters"].get<double>(), 100.0 / 3, 1e-9);
}

TEST(CmsTask, BatchWithAGraderAndGenSubtasks) {
  Task task;
  task.write("task.yaml", "name: pairsum\ntime_limit: 1\nmemory_limit: 128\nn_input: 3\ninfile: ''\noutfile: ''\n");
  task.write("gen/GEN", "# ST: 40\ngen 5 1\n# ST: 60\ngen 1000 2 # big\n\n# a comment\ngen 9 9\n");
  task.write("sol/grader.cpp", "int main() {}\n");
  const Problem problem = task.load();
  EXPECT_EQ(problem.cms->type, CmsTaskType::batch);
  EXPECT_EQ(problem.mode, PassMode::offline);
  EXPECT_TRUE(problem.interactor_command.empty()) << "no checker: white-diff";
  EXPECT_EQ(problem.cms->companions.role, "grader");
  EXPECT_EQ(problem.scoring["score_type"], "GroupMin");
  EXPECT_EQ(problem.scoring["parameters"], nlohmann::json::parse("[[40, 1], [60, 2]]"));
}

TEST(CmsTask, ScoreTypeIsTakenOnlyWithNInputAsCmsDoes) {
  Task task;
  task.write("task.yaml",
             "name: t\ntime_limit: 1\nmemory_limit: 128\nscore_type: GroupMin\n"
             "score_type_parameters: [[100, 3]]\n");
  task.write("gen/GEN", "a\nb\nc\n");
  const Problem problem = task.load();
  EXPECT_EQ(problem.scoring["score_type"], "Sum");
  ASSERT_EQ(problem.warnings.size(), 1u);
  EXPECT_NE(problem.warnings[0].find("only with n_input"), std::string::npos);
}

TEST(CmsTask, ScoreTypeParametersKeepQuotedExpressionsAsText) {
  Task task;
  task.write("task.yaml",
             "name: t\ntime_limit: 1\nmemory_limit: 128\nn_input: 3\nscore_type: GroupMin\n"
             "score_type_parameters:\n  - [40, \"00[01]\"]\n  - [60, \"002\"]\n");
  const Problem problem = task.load();
  EXPECT_EQ(problem.scoring["parameters"], nlohmann::json::parse(R"([[40, "00[01]"], [60, "002"]])"));
}

TEST(CmsTask, WhatIsNotSupportedOrMissingIsRefusedByName) {
  Task task;
  task.write("task.yaml", "name: t\ntime_limit: 1\nmemory_limit: 128\nn_input: 3\ninfile: input.txt\n");
  EXPECT_NE(task.error().find("infile"), std::string::npos) << task.error();
  task.write("task.yaml", "name: t\ntime_limit: 1\nmemory_limit: 128\nn_input: 3\noutput_only: true\n");
  EXPECT_NE(task.error().find("OutputOnly tasks are not supported"), std::string::npos) << task.error();
  task.write("task.yaml", "name: t\ntime_limit: 1\nmemory_limit: 128\nn_input: 4\n");
  EXPECT_NE(task.error().find("input3.txt is missing"), std::string::npos) << task.error();
  task.write("task.yaml", "name: t\ntime_limit: 1\nmemory_limit: 128\nn_input: 3\npublic_testcases: 7\n");
  EXPECT_NE(task.error().find("\"7\" is not a test number"), std::string::npos) << task.error();
  task.write("task.yaml",
             "name: t\ntime_limit: 1\nmemory_limit: 128\nn_input: 3\nscore_type: GroupMin\n"
             "score_type_parameters: [[100, \"9\"]]\n");
  EXPECT_NE(task.error().find("has no test"), std::string::npos) << task.error();
  task.write("task.yaml", "name: t\ntime_limit: 1\nmemory_limit: 128\nn_input: 3\n");
  task.write("check/manager", "#!/bin/sh\n");  // not executable
  EXPECT_NE(task.error().find("is not executable"), std::string::npos) << task.error();
}

// task-maker's italy_yaml leaves n_input out: the inputs are counted as task-maker
// counts them (input0.txt onwards), a gap is named, and no inputs at all is an error.
TEST(CmsTask, WithoutNInputTheInputsAreCounted) {
  Task task;
  task.write("task.yaml", "name: t\ntime_limit: 1\nmemory_limit: 128\n");
  EXPECT_EQ(task.load().tests.size(), 3U);
  task.write("input/input4.txt", "1\n");
  EXPECT_NE(task.error().find("input/input3.txt is missing and input4.txt is there"), std::string::npos)
      << task.error();
  fs::remove_all(task.dir.path() / "input");
  EXPECT_NE(task.error().find("n_input is missing, and there is neither gen/GEN nor input/input0.txt"),
            std::string::npos)
      << task.error();
}

TEST(CmsTask, WhiteDiffNeedsTheCorrectOutputs) {
  Task task;
  task.write("task.yaml", "name: t\ntime_limit: 1\nmemory_limit: 128\nn_input: 3\n");
  fs::remove(task.dir.path() / "output/output2.txt");
  EXPECT_NE(task.error().find("output2.txt is missing"), std::string::npos) << task.error();
}

TEST(CmsTask, LoadProblemFindsTaskYaml) {
  Task task;
  task.write("task.yaml", "name: found\ntime_limit: 1\nmemory_limit: 128\nn_input: 3\n");
  EXPECT_EQ(load_problem(task.dir.path().string(), JudgePaths{}).name, "found");
}

}  // namespace
}  // namespace judge
