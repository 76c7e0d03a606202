// Reading TPS task folders laid out as TPS writes them (problem.json, subtasks.json,
// grader/<lang>/, checker/, tests/ with mapping): the task types, the subtasks as CMS
// groups, and every refusal.
#include "problem/tps_task.hpp"

#include <fstream>
#include <functional>

#include <gtest/gtest.h>

#include "base/errors.hpp"
#include "base/temp_dir.hpp"
#include "problem/problem.hpp"

namespace judge {
namespace {
namespace fs = std::filesystem;

struct TpsFolder {
  TempDir dir{"tps-task-test-"};
  TpsFolder() {
    write("problem.json", R"({"name": "sum", "code": "sum", "title": "Sum", "type": "Batch",
                              "time_limit": 1.5, "memory_limit": 64})");
    write("subtasks.json", R"({"subtasks": {"samples": {"index": 0, "score": 0, "validators": []},
                                            "full": {"index": 2, "score": 70},
                                            "small": {"index": 1, "score": 30}}})");
    for (const char* test : {"0-01", "1-01", "1-02", "2-01"}) {
      write(std::string("tests/") + test + ".in", "1 2\n");
      write(std::string("tests/") + test + ".out", "3\n");
    }
    write("tests/mapping",
          "samples 0-01\nsmall 0-01\nsmall 1-01\nsmall 1-02\nfull 0-01\nfull 1-01\nfull 1-02\n"
          "full 2-01\n");
    write("grader/cpp/grader.cpp", "int main() {}\n");
    write("grader/cpp/sum.h", "int sum(int, int);\n");
    write("grader/java/grader.java", "class grader {}\n");
  }
  void write(const std::string& name, const std::string& text) {
    const fs::path path = dir.path() / name;
    fs::create_directories(path.parent_path());
    std::ofstream(path) << text;
  }
  void remove(const std::string& name) { fs::remove_all(dir.path() / name); }
  Problem load() { return load_tps_task(dir.path(), dir.path() / "cache"); }
  std::string error() {
    try {
      load();
    } catch (const ConfigError& e) {
      return e.what();
    }
    return "no error";
  }
};

TEST(TpsTask, BatchWithAGraderReadsAsCmsLoadsIt) {
  TpsFolder task;
  const Problem problem = task.load();
  EXPECT_EQ(problem.format, ProblemFormat::tps);
  EXPECT_EQ(problem.convention, InteractorConvention::cms);
  EXPECT_EQ(problem.name, "sum");
  ASSERT_TRUE(problem.cms.has_value());
  EXPECT_EQ(problem.cms->type, CmsTaskType::batch);
  EXPECT_EQ(problem.mode, PassMode::offline);
  EXPECT_TRUE(problem.interactor_command.empty()) << "no checker/: white-diff";
  EXPECT_EQ(problem.cms->companions.role, "grader");
  EXPECT_EQ(problem.cms->companions.name, "sum");
  EXPECT_EQ(problem.cms->companions.sources.size(), 2u) << "grader/cpp/grader.cpp and grader/java/grader.java";
  EXPECT_EQ(problem.cms->companions.headers.size(), 1u);
  EXPECT_EQ(problem.limits.cpu_ms, 1500);
  EXPECT_EQ(problem.limits.memory_kib, 64 * 1024);
  ASSERT_EQ(problem.tests.size(), 4u);
  EXPECT_EQ(problem.tests[0].name, "0-01");
  EXPECT_EQ(problem.tests[0].answer.filename(), "0-01.out");
  EXPECT_TRUE(problem.tests[0].sample) << "the tests of subtask samples are samples";
  EXPECT_FALSE(problem.tests[1].sample);
  EXPECT_EQ(problem.scoring["score_type"], "GroupMin");
  EXPECT_EQ(problem.scoring["max_score"], 100.0);
  // Groups in index order, each its tests exactly (1-0 must not take in 1-01).
  ASSERT_EQ(problem.scoring["parameters"].size(), 3u);
  EXPECT_EQ(problem.scoring["parameters"][1][0], 30.0);
  EXPECT_EQ(problem.scoring["parameters"][1][1], "(?:0-01|1-01|1-02)$");
  EXPECT_TRUE(problem.warnings.empty());
  EXPECT_EQ(problem.submissions_dir, fs::path());
}

TEST(TpsTask, SubtasksAreReadWithTheirTestsInIndexOrder) {
  TpsFolder task;
  const std::vector<TpsSubtask> subtasks = read_tps_subtasks(task.dir.path());
  ASSERT_EQ(subtasks.size(), 3u);
  EXPECT_EQ(subtasks[0].name, "samples");
  EXPECT_EQ(subtasks[1].name, "small");
  EXPECT_EQ(subtasks[1].score, 30);
  EXPECT_EQ(subtasks[2].tests, (std::vector<std::string>{"0-01", "1-01", "1-02", "2-01"}));
}

TEST(TpsTask, CommunicationRunsTheManagerWithTheGraderAsStub) {
  TpsFolder task;
  task.write("problem.json", R"({"name": "sum", "code": "sum", "type": "Communication", "time_limit": 1,
                                 "memory_limit": 256,
                                 "task_type_params": "{\"task_type_parameters_Communication_num_processes\": 2}"})");
  task.write("grader/manager.cpp", "int main() { return 0; }\n");
  const Problem problem = task.load();
  ASSERT_TRUE(problem.cms.has_value());
  EXPECT_EQ(problem.cms->type, CmsTaskType::communication);
  EXPECT_EQ(problem.mode, PassMode::interactive);
  EXPECT_EQ(problem.cms->num_processes, 2);
  EXPECT_EQ(problem.cms->user_io, CmsUserIo::std_io) << "CMS's TPS loader: std_io";
  EXPECT_EQ(problem.cms->companions.role, "stub");
  EXPECT_FALSE(problem.interactor_command.empty()) << "the manager, built";
}

TEST(TpsTask, WithoutSubtasksJsonEveryTestIsWorthItsShare) {
  TpsFolder task;
  task.remove("subtasks.json");
  const Problem problem = task.load();
  EXPECT_EQ(problem.scoring["score_type"], "Sum");
  EXPECT_DOUBLE_EQ(problem.scoring["max_score"].get<double>(), 100.0);
  EXPECT_EQ(problem.warnings.size(), 1u);
}

TEST(TpsTask, HasGraderFalseCompilesTheSubmissionAlone) {
  TpsFolder task;
  task.write("problem.json", R"({"name": "sum", "code": "sum", "type": "Batch", "time_limit": 1,
                                 "memory_limit": 256, "has_grader": false})");
  EXPECT_TRUE(task.load().cms->companions.empty());
}

// The layout TPS's CMS exporter writes (scripts/exporters/CMS.py) and CMS's TPS loader
// reads: task_type, the title in "name", memory_limit in bytes, graders/ flat,
// subtasks/NN-NAME.json with their testcases.
TEST(TpsTask, TheCmsReadyLayoutOfTheExporterIsReadToo) {
  TpsFolder task;
  task.remove("subtasks.json");
  task.remove("tests/mapping");
  task.remove("grader");
  task.write("problem.json", R"({"protocol_version": 1, "code": "sum", "name": "Sum of Numbers", "time_limit": 1.0,
                                 "memory_limit": 268435456, "score_precision": 2, "task_type": "Batch",
                                 "task_type_params": "{\"task_type_parameters_Batch_compilation\": \"grader\"}"})");
  task.write("graders/grader.cpp", "int main() {}\n");
  task.write("graders/sum.h", "\n");
  task.write("subtasks/00-samples.json", R"({"score": 0, "testcases": ["0-01"]})");
  task.write("subtasks/01-small.json", R"({"score": 30, "testcases": ["0-01", "1-01", "1-02"]})");
  task.write("subtasks/02-full.json", R"({"score": 70, "testcases": ["0-01", "1-01", "1-02", "2-01"]})");
  const Problem problem = task.load();
  EXPECT_EQ(problem.name, "sum") << "the code: \"name\" is the title here";
  EXPECT_EQ(problem.limits.memory_kib, 256 * 1024);
  EXPECT_EQ(problem.cms->companions.sources.size(), 1u);
  EXPECT_EQ(problem.cms->companions.headers.size(), 1u);
  EXPECT_TRUE(problem.tests[0].sample);
  const std::vector<TpsSubtask> subtasks = read_tps_subtasks(task.dir.path());
  ASSERT_EQ(subtasks.size(), 3u);
  EXPECT_EQ(subtasks[1].name, "small");
  EXPECT_EQ(problem.scoring["parameters"][2][1], "(?:0-01|1-01|1-02|2-01)$");
  task.write("problem.json", R"({"code": "sum", "time_limit": 1.0, "memory_limit": 256, "task_type": "Batch"})");
  EXPECT_NE(task.error().find("(in bytes: this problem.json has task_type"), std::string::npos) << task.error();
}

TEST(TpsTask, LoadProblemReadsTheFolderAsATpsTask) {
  TpsFolder task;
  const Problem problem = load_problem(task.dir.path().string(), JudgePaths{});
  EXPECT_EQ(problem.format, ProblemFormat::tps);
  EXPECT_EQ(format_name(problem.format), "TPS task");
}

TEST(TpsTask, TheProblemJsonOfATpsTaskIsTold) {
  EXPECT_TRUE(is_tps_problem_json(nlohmann::json::parse(R"({"code": "a", "type": "Batch"})")));
  EXPECT_TRUE(is_tps_problem_json(nlohmann::json::parse(R"({"code": "a", "task_type": "Batch"})")));
  EXPECT_FALSE(is_tps_problem_json(nlohmann::json::parse(R"({"code": "a", "type": "x", "interactor": "i"})")));
  EXPECT_FALSE(is_tps_problem_json(nlohmann::json::parse(R"({"name": "a"})")));
}

struct TpsRefusal {
  const char* what;
  std::function<void(TpsFolder&)> change;
  const char* message;
};

TEST(TpsTask, EveryMistakeIsAConfigErrorThatSaysWhatToDo) {
  const std::vector<TpsRefusal> refusals{
      {"only gen/data",
       [](TpsFolder& t) {
         t.remove("tests");
         t.write("gen/data", "@subtask samples\n");
       },
       "the tests are not generated yet (there is no tests/ folder): run `judge generate "},
      {"only gen/data, and tps gen named too",
       [](TpsFolder& t) {
         t.remove("tests");
         t.write("gen/data", "@subtask samples\n");
       },
       "(or `tps gen` in it: both write tests/ from gen/data)"},
      {"no mapping", [](TpsFolder& t) { t.remove("tests/mapping"); }, "tests/mapping is missing): run `tps gen`"},
      {"only gen/data.py, as the IOI 2022 tasks have it",
       [](TpsFolder& t) {
         t.remove("tests");
         t.write("gen/data.py", "print('@subtask samples')\n");
       },
       "(it writes tests/ from what gen/data.py lists)"},
      {"an answer missing", [](TpsFolder& t) { t.remove("tests/1-02.out"); }, "tests/1-02.in has no tests/1-02.out"},
      {"a subtask without tests", [](TpsFolder& t) { t.write("tests/mapping", "samples 0-01\nsmall 1-01\n"); },
       "subtask \"full\" of subtasks.json has no tests in tests/mapping"},
      {"an unknown subtask in the mapping", [](TpsFolder& t) { t.write("tests/mapping", "big 0-01\n"); },
       "names subtask \"big\""},
      {"OutputOnly",
       [](TpsFolder& t) {
         t.write("problem.json", R"({"code": "s", "type": "OutputOnly", "time_limit": 1, "memory_limit": 64})");
       },
       "\"type\" is OutputOnly: OutputOnly tasks are not supported"},
      {"TwoSteps",
       [](TpsFolder& t) {
         t.write("problem.json", R"({"code": "s", "type": "TwoSteps", "time_limit": 1, "memory_limit": 64})");
       },
       "TwoSteps tasks are not supported"},
      {"an unknown type",
       [](TpsFolder& t) {
         t.write("problem.json", R"({"code": "s", "type": "Interactive", "time_limit": 1, "memory_limit": 64})");
       },
       "an interactive task is Communication, with a manager"},
      {"Communication without a manager",
       [](TpsFolder& t) {
         t.write("problem.json", R"({"code": "s", "type": "Communication", "time_limit": 1, "memory_limit": 64})");
       },
       "there is no manager: write grader/manager.cpp"},
      {"no time limit",
       [](TpsFolder& t) { t.write("problem.json", R"({"code": "s", "type": "Batch", "memory_limit": 64})"); },
       "problem.json: \"time_limit\" is missing"},
      {"a memory limit in bytes",
       [](TpsFolder& t) {
         t.write("problem.json", R"({"code": "s", "type": "Batch", "time_limit": 1, "memory_limit": 0.5})");
       },
       "\"memory_limit\" must be a whole number of MB"},
      {"broken JSON", [](TpsFolder& t) { t.write("subtasks.json", "{"); }, "subtasks.json is not valid JSON"},
      {"no type at all", [](TpsFolder& t) { t.write("problem.json", R"({"code": "s", "time_limit": 1})"); },
       "problem.json: \"task_type\" is missing"},
      {"a checker that does not build", [](TpsFolder& t) { t.write("checker/checker.cpp", "not C++\n"); },
       "checker.cpp"},
  };
  for (const TpsRefusal& refusal : refusals) {
    TpsFolder task;
    refusal.change(task);
    const std::string message = task.error();
    EXPECT_NE(message.find(refusal.message), std::string::npos) << refusal.what << ": " << message;
    EXPECT_EQ(message.rfind("TPS task: ", 0), 0u) << refusal.what << ": " << message;
  }
}

}  // namespace
}  // namespace judge
