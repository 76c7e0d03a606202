#include "export/kattis_export.hpp"

#include <map>

#include <gtest/gtest.h>

#include "base/errors.hpp"

namespace judge {
namespace {

std::map<std::string, std::string> texts(const Package& package) {
  std::map<std::string, std::string> files;
  for (const PackageFile& file : package.files) files[file.path] = file.source.empty() ? file.text : "(copy)";
  return files;
}

TEST(KattisExport, EachVerdictFolderGoesToALegacyOne) {
  EXPECT_EQ(legacy_submission_folder("accepted"), "accepted");
  EXPECT_EQ(legacy_submission_folder("partially_accepted"), "partially_accepted");
  EXPECT_EQ(legacy_submission_folder("presentation_error"), "wrong_answer");
  EXPECT_EQ(legacy_submission_folder("query_limit_exceeded"), "wrong_answer");
  EXPECT_EQ(legacy_submission_folder("idle_limit_exceeded"), "time_limit_exceeded");
  EXPECT_EQ(legacy_submission_folder("memory_limit_exceeded"), "run_time_error");
  EXPECT_EQ(legacy_submission_folder("output_limit_exceeded"), "run_time_error");
  EXPECT_EQ(legacy_submission_folder("compile_error"), "");
}

TEST(KattisExport, NutsBoltsIsALegacyPassFailPackage) {
  const Problem problem = load_problem("nuts-bolts", JudgePaths{JUDGE_SOURCE_DIR, JUDGE_BUILD_DIR});
  const Package package = kattis_package(problem, ExportOptions{});
  const auto files = texts(package);
  const std::string& yaml = files.at("problem.yaml");
  EXPECT_NE(yaml.find("problem_format_version: legacy\n"), std::string::npos) << yaml;
  EXPECT_NE(yaml.find("validation: custom interactive\n"), std::string::npos) << yaml;
  EXPECT_EQ(yaml.find("type:"), std::string::npos) << yaml;
  EXPECT_EQ(yaml.find("time_limit"), std::string::npos) << yaml;
  EXPECT_EQ(files.at(".timelimit"), "2\n");
  EXPECT_EQ(files.at("data/testdata.yaml"), "output_validator_flags: \"--expect-eof\"\n");
  EXPECT_TRUE(files.contains("output_validators/interactor/interactor.cpp"));
  EXPECT_TRUE(files.contains("output_validators/interactor/nlohmann_json.hpp"));
  EXPECT_NE(files.at("problem_statement/problem.en.tex").find("\\problemname{Nuts and Bolts}"), std::string::npos);
  for (const auto& [path, text] : files) {
    EXPECT_FALSE(path.starts_with("output_validator/")) << path;
    EXPECT_FALSE(path.ends_with("test_group.yaml")) << path;
    EXPECT_FALSE(path.starts_with("submissions/presentation_error/")) << path;
    if (path.starts_with("output_validators/interactor/")) {
      EXPECT_EQ(path.find('/', std::string("output_validators/interactor/").size()), std::string::npos) << path;
    }
  }
  bool query_limit_in_wrong_answer = false;
  for (const auto& [path, text] : files)
    query_limit_in_wrong_answer = query_limit_in_wrong_answer || path.starts_with("submissions/wrong_answer/");
  EXPECT_TRUE(query_limit_in_wrong_answer);
}

TEST(KattisExport, SubtasksAreGroupsWithTheirPointsAndTheSamplesDoNotCount) {
  const Problem problem = load_problem("twin-cookies", JudgePaths{JUDGE_SOURCE_DIR, JUDGE_BUILD_DIR});
  const auto files = texts(kattis_package(problem, ExportOptions{}));
  EXPECT_NE(files.at("problem.yaml").find("type: scoring\n"), std::string::npos);
  EXPECT_NE(files.at("data/testdata.yaml").find("grader_flags: ignore_sample\non_reject: continue\nrange: \"0 100\"\n"),
            std::string::npos)
      << files.at("data/testdata.yaml");
  EXPECT_EQ(files.at("data/secret/testdata.yaml"), "grader_flags: sum\n");
  bool subtask_with_points = false;
  for (const auto& [path, text] : files)
    if (path.starts_with("data/secret/subtask") && path.ends_with("testdata.yaml"))
      subtask_with_points = subtask_with_points ||
                            (text.find("grader_flags: min\non_reject: break\naccept_score: ") != std::string::npos);
  EXPECT_TRUE(subtask_with_points);
}

TEST(KattisExport, AMetricScoreIsTheValidatorsScoreFile) {
  const Problem problem = load_problem("egg-drop", JudgePaths{JUDGE_SOURCE_DIR, JUDGE_BUILD_DIR});
  const auto files = texts(kattis_package(problem, ExportOptions{}));
  EXPECT_NE(files.at("problem.yaml").find("validation: custom interactive score\n"), std::string::npos);
  EXPECT_NE(files.at("data/testdata.yaml").find("--expect-eof --score-from-metric moves 300000 1000000000 100"),
            std::string::npos)
      << files.at("data/testdata.yaml");
  EXPECT_EQ(files.at("data/secret/testdata.yaml"), "grader_flags: min\non_reject: break\n");
}

}  // namespace
}  // namespace judge
