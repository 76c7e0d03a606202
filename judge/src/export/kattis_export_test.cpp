#include "export/kattis_export.hpp"

#include <fstream>
#include <map>

#include <gtest/gtest.h>

#include "base/errors.hpp"
#include "base/temp_dir.hpp"

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

// A 2023-07 package as a setter writes it by hand: arguments for the secret tests only
// (in data/secret/testdata.yaml), an answer validator, a `rejected` folder. Each moves
// to where legacy has it; its uuid stays; what legacy lacks is said.
class ModernToLegacy : public testing::Test {
 protected:
  void write(const std::filesystem::path& name, const std::string& text) {
    std::filesystem::create_directories((temp.path() / name).parent_path());
    std::ofstream(temp.path() / name) << text;
  }
  Problem load() { return load_problem(temp.path().string(), JudgePaths{JUDGE_SOURCE_DIR, JUDGE_BUILD_DIR}); }
  TempDir temp{"kattis-export-test-"};
};

TEST_F(ModernToLegacy, APassFailPackageMovesItsFilesAndKeepsItsUuid) {
  write("problem.yaml",
        "problem_format_version: 2023-07-draft\ntype: interactive\nname: Guess\n"
        "uuid: 5d1c3a9e-0000-4000-8000-000000000001\nlimits:\n  time_limit: 2\n");
  write("output_validator/validate.py", "import sys\nsys.exit(42)\n");
  write("answer_validators/check.py", "import sys\nsys.exit(42)\n");
  write("statement/problem.en.tex", "\\problemname{Guess}\n");
  for (const char* test : {"sample/1", "secret/2", "secret/3"}) {
    write(std::string("data/") + test + ".in", "1\n");
    write(std::string("data/") + test + ".ans", "1\n");
  }
  write("data/secret/testdata.yaml", "output_validator_args: [--strict, \"5\"]\n");
  write("submissions/accepted/a.py", "print(1)\n");
  write("submissions/rejected/b.py", "print(2)\n");
  Package package = kattis_package(load(), ExportOptions{});
  const auto files = texts(package);
  EXPECT_NE(files.at("problem.yaml").find("uuid: 5d1c3a9e-0000-4000-8000-000000000001\n"), std::string::npos);
  EXPECT_NE(files.at("problem.yaml").find("validation: custom interactive\n"), std::string::npos);
  EXPECT_EQ(files.at(".timelimit"), "2\n");
  EXPECT_TRUE(files.contains("output_validators/interactor/validate.py"));
  EXPECT_TRUE(files.contains("problem_statement/problem.en.tex"));
  EXPECT_TRUE(files.contains("submissions/accepted/a.py"));
  EXPECT_EQ(files.at("data/secret/testdata.yaml"), "output_validator_flags: \"--strict 5\"\n");
  EXPECT_FALSE(files.contains("data/testdata.yaml"));
  for (const auto& [path, text] : files) {
    EXPECT_FALSE(path.starts_with("answer_validators/") || path.starts_with("submissions/rejected/")) << path;
  }
  auto said = [&](const std::string& words) {
    return std::any_of(package.not_carried.begin(), package.not_carried.end(),
                       [&](const std::string& note) { return note.find(words) != std::string::npos; });
  };
  EXPECT_TRUE(said("answer_validators/"));
  EXPECT_TRUE(said("submissions/rejected/b.py"));
}

TEST_F(ModernToLegacy, AScoringPackageIsRefusedSayingWhatToDo) {
  write("problem.yaml", "problem_format_version: 2023-07-draft\ntype: [interactive, scoring]\nname: Guess\n");
  write("output_validator/validate.py", "import sys\nsys.exit(42)\n");
  write("data/secret/1.in", "1\n");
  write("data/secret/1.ans", "1\n");
  try {
    kattis_package(load(), ExportOptions{});
    FAIL() << "a scoring package was exported";
  } catch (const ConfigError& error) {
    EXPECT_NE(std::string(error.what()).find("scoring package"), std::string::npos) << error.what();
    EXPECT_NE(std::string(error.what()).find("--format icpc"), std::string::npos) << error.what();
  }
}

}  // namespace
}  // namespace judge
