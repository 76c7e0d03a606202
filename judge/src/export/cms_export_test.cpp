// The CMS export: its score types, and twin-cookies exported and judged again: the
// same verdicts and scores as the original (PE and QLE, which CMS has no word for,
// read as WA).
#include "export/cms_export.hpp"

#include <gtest/gtest.h>

#include "base/errors.hpp"
#include "base/temp_dir.hpp"
#include "base/text_file.hpp"
#include "export/icpc_export.hpp"
#include "export/polygon_export.hpp"
#include "run/runner.hpp"

namespace judge {
namespace {
namespace fs = std::filesystem;

std::vector<TestCase> named(const std::vector<std::string>& names) {
  std::vector<TestCase> tests;
  for (const auto& name : names) tests.push_back(TestCase{name, "in", "/dev/null"});
  return tests;
}

TEST(CmsExport, SubtasksBecomeGroupMinOfTheirTestsNames) {
  const auto scoring = nlohmann::json::parse(R"({"type": "subtasks", "max_score": 100, "subtasks": [
      {"name": "1", "points": 30, "tests": ["s1-*"]}, {"name": "2", "points": 70, "tests": ["s1-*", "s2-*"]}]})");
  const auto score = cms_score_type_of(scoring, named({"s1-01", "s1-02", "s2-01"}));
  EXPECT_EQ(score["score_type"], "GroupMin");
  EXPECT_EQ(score["parameters"], nlohmann::json::parse(R"([[30, "(000|001)$"], [70, "(000|001|002)$"]])"));
  EXPECT_EQ(cms_score_type_of(nlohmann::json::parse(R"({"type": "per_test", "max_score": 60})"), named({"a", "b"})),
            nlohmann::json::parse(R"({"score_type": "Sum", "parameters": 30.0})"));
  EXPECT_THROW(cms_score_type_of(nlohmann::json::parse(R"({"type": "max_metric"})"), named({"a"})), ConfigError);
}

// The verdicts a CMS task can give for a test.
Verdict as_cms(Verdict verdict) { return verdict == Verdict::PE || verdict == Verdict::QLE ? Verdict::WA : verdict; }

RunResult judged(const Problem& problem, const fs::path& solution) {
  Submission submission;
  submission.display = solution.string();
  submission.command = {solution.string()};
  submission.roots = {solution.string()};
  RunOptions options;
  options.limits = resolve_limits(problem.limits, {});
  options.contain = false;
  ProcessExecutor executor(false);
  return run_submission(problem, submission, problem.tests, options, executor);
}

// A CMS task is run, not exported: asked for, each export says so as a
// configuration error (exit 2), never a judge error, and never points to another
// export that refuses it too.
TEST(CmsExport, ACmsTaskIsNotExportedAndTheSetterIsToldSo) {
  const JudgePaths paths{JUDGE_SOURCE_DIR, JUDGE_BUILD_DIR};
  const Problem task = load_problem((fs::path(JUDGE_SOURCE_DIR) / "testdata/cms/guess").string(), paths);
  ASSERT_EQ(task.format, ProblemFormat::cms);
  for (const auto& format : {"icpc", "polygon"}) {
    try {
      if (std::string(format) == "icpc") (void)icpc_package(task, {});
      else
        (void)polygon_package(task);
      ADD_FAILURE() << format << ": exported";
    } catch (const ConfigError& error) {
      const std::string message = error.what();
      EXPECT_NE(message.find("is a CMS task"), std::string::npos) << message;
      EXPECT_NE(message.find("does not export"), std::string::npos) << message;
      EXPECT_EQ(message.find("--format icpc)"), std::string::npos) << message;
    }
  }
}

// Issue 48: the samples (named "...-sample") are CMS's public test cases, and each
// solution lands in the folder `judge verify` of the task expects under CMS's rules.
TEST(CmsExport, SamplesArePublicAndSolutionsGoWhereCmsRulesPutThem) {
  const JudgePaths paths{JUDGE_SOURCE_DIR, JUDGE_BUILD_DIR};
  const Problem original = load_problem("twin-cookies", paths);
  TempDir dest("cms-export-test-");
  const fs::path task = dest.path() / "twin-cookies";
  (void)export_cms_task(original, task);
  std::string publics;
  for (std::size_t index = 0; index < original.tests.size(); ++index)
    if (original.tests[index].name.find("sample") != std::string::npos)
      publics += (publics.empty() ? "" : ", ") + std::to_string(index);
  ASSERT_FALSE(publics.empty());
  const std::string yaml = read_file(task / "task.yaml").value_or("");
  EXPECT_NE(yaml.find("public_testcases: \"" + publics + "\"\n"), std::string::npos) << yaml;
  const Problem loaded = load_problem(task.string(), paths);
  EXPECT_TRUE(loaded.tests.front().sample);
  for (const char* gone : {"presentation_error", "query_limit_exceeded"})
    EXPECT_FALSE(fs::exists(task / "submissions" / gone)) << gone;
  EXPECT_TRUE(fs::exists(task / "submissions/wrong_answer/too_many_orders.cpp"));
  EXPECT_TRUE(fs::exists(task / "submissions/wrong_answer/reuse_value.cpp"));
  // A wrong submission may end as RTE (SIGPIPE) on CMS: the rule says so.
  const std::string rules = read_file(task / "submissions/submissions.yaml").value_or("");
  EXPECT_NE(rules.find("wrong_answer:\n  permitted: [AC, WA, RTE]\n  required: [WA, RTE]\n"), std::string::npos)
      << rules;
}

TEST(CmsExport, TwinCookiesScoresTheSameAsTheOriginal) {
  const JudgePaths paths{JUDGE_SOURCE_DIR, JUDGE_BUILD_DIR};
  const Problem original = load_problem("twin-cookies", paths);
  TempDir dest("cms-export-test-");
  const CmsExport exported = export_cms_task(original, dest.path() / "twin-cookies");
  const Problem task = load_problem((dest.path() / "twin-cookies").string(), paths);
  ASSERT_EQ(task.format, ProblemFormat::cms);
  ASSERT_EQ(task.tests.size(), original.tests.size());
  EXPECT_TRUE(fs::is_directory(dest.path() / "twin-cookies/submissions/wrong_answer"));
  const fs::path solutions = fs::path(JUDGE_BUILD_DIR) / "solutions/twin-cookies";
  for (const char* solution : {"accepted/growing_sums", "wrong_answer/assume_smallest",
                               "presentation_error/reuse_value", "query_limit_exceeded/too_many_orders"}) {
    const RunResult before = judged(original, solutions / solution);
    const RunResult after = judged(task, solutions / solution);
    EXPECT_DOUBLE_EQ(after.score.score, before.score.score) << solution;
    EXPECT_DOUBLE_EQ(after.score.max_score, before.score.max_score) << solution;
    ASSERT_EQ(after.tests.size(), before.tests.size()) << solution;
    for (std::size_t i = 0; i < before.tests.size(); ++i)
      EXPECT_EQ(after.tests[i].decision.verdict, as_cms(before.tests[i].decision.verdict))
          << solution << " test " << before.tests[i].name << ": " << after.tests[i].decision.message;
  }
}

}  // namespace
}  // namespace judge
