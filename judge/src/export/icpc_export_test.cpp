#include "export/icpc_export.hpp"

#include <fstream>
#include <map>

#include <gtest/gtest.h>

#include "base/temp_dir.hpp"
#include "export/icpc_testdata_export.hpp"

namespace judge {
namespace {

namespace fs = std::filesystem;

Problem problem_with_tests(const std::vector<std::string>& names, nlohmann::json scoring) {
  Problem problem;
  problem.name = "p";
  problem.scoring = std::move(scoring);
  for (const auto& name : names) problem.tests.push_back(TestCase{name, "/t/" + name + ".in", "/dev/null"});
  return problem;
}

std::map<std::string, std::vector<std::string>> folders_of(const IcpcTestdata& data) {
  std::map<std::string, std::vector<std::string>> folders;
  for (const auto& placement : data.tests) folders[placement.test->name] = placement.folders;
  return folders;
}

std::string group_file(const IcpcTestdata& data, const std::string& path) {
  for (const auto& [where, text] : data.group_files)
    if (where == path) return text;
  return "(none)";
}

TEST(IcpcTestdata, PassFailSamplesOnlyInSample) {
  const Problem problem = problem_with_tests({"01-sample", "02-big"}, {{"type", "all_or_nothing"}, {"max_score", 100}});
  const IcpcTestdata data = place_icpc_tests(problem, {}, true);
  EXPECT_FALSE(data.scoring);
  EXPECT_EQ(folders_of(data)["01-sample"], std::vector<std::string>{"data/sample"});
  EXPECT_EQ(folders_of(data)["02-big"], std::vector<std::string>{"data/secret"});
  EXPECT_TRUE(data.group_files.empty());
}

TEST(IcpcTestdata, CumulativeSubtasksBecomeGroupsWithRequirePass) {
  nlohmann::json scoring = nlohmann::json::parse(R"({"type": "subtasks", "max_score": 100, "subtasks": [
      {"name": "1", "points": 30, "tests": ["s1-*"], "input_validator_flags": ["--subtask", "1"]},
      {"name": "2", "points": 70, "tests": ["s1-*", "s2-*"]}]})");
  const Problem problem = problem_with_tests({"s1-01-sample", "s1-02", "s2-01"}, scoring);
  const IcpcTestdata data = place_icpc_tests(problem, {}, true);
  EXPECT_TRUE(data.scoring);
  const auto folders = folders_of(data);
  EXPECT_EQ(folders.at("s1-01-sample"), (std::vector<std::string>{"data/sample", "data/secret/subtask1"}));
  EXPECT_EQ(folders.at("s1-02"), std::vector<std::string>{"data/secret/subtask1"});
  EXPECT_EQ(folders.at("s2-01"), std::vector<std::string>{"data/secret/subtask2"});
  EXPECT_NE(group_file(data, "data/secret/subtask2/test_group.yaml").find("require_pass: [\"secret/subtask1\"]"),
            std::string::npos)
      << group_file(data, "data/secret/subtask2/test_group.yaml");
  EXPECT_NE(group_file(data, "data/secret/subtask2/test_group.yaml").find("max_score: 70"), std::string::npos);
  EXPECT_NE(
      group_file(data, "data/secret/subtask1/test_group.yaml").find("input_validator_args: [\"--subtask\",\"1\"]"),
      std::string::npos)
      << group_file(data, "data/secret/subtask1/test_group.yaml");
  EXPECT_NE(group_file(data, "data/secret/test_group.yaml").find("score_aggregation: sum\nmax_score: 100"),
            std::string::npos);
}

TEST(IcpcTestdata, ASubtaskThatExtendsNoEarlierOneGetsCopiesOfItsTests) {
  nlohmann::json scoring = nlohmann::json::parse(R"({"type": "subtasks", "max_score": 10, "subtasks": [
      {"name": "a", "points": 4, "tests": ["a-*", "b-*"]},
      {"name": "b", "points": 6, "tests": ["b-*"]}]})");
  const Problem problem = problem_with_tests({"a-1", "b-1"}, scoring);
  const IcpcTestdata data = place_icpc_tests(problem, {}, true);
  const auto folders = folders_of(data);
  EXPECT_EQ(folders.at("b-1"), (std::vector<std::string>{"data/secret/subtask1", "data/secret/subtask2"}));
  EXPECT_EQ(group_file(data, "data/secret/subtask2/test_group.yaml").find("require_pass"), std::string::npos);
}

TEST(IcpcTestdata, MaxMetricIsMinOfPerTestScoresFromTheLibrary) {
  const Problem problem = problem_with_tests(
      {"01-sample", "02"},
      {{"type", "max_metric"}, {"metric", "moves"}, {"max_score", 100}, {"full_at", 300000}, {"zero_at", 1000000000}});
  const IcpcTestdata data = place_icpc_tests(problem, {}, true);
  EXPECT_EQ(folders_of(data).at("01-sample"), (std::vector<std::string>{"data/sample", "data/secret"}));
  EXPECT_EQ(group_file(data, "data/secret/test_group.yaml"),
            "score_aggregation: min\nmax_score: 100\noutput_validator_args: "
            "[\"--score-from-metric\",\"moves\",\"300000\",\"1000000000\",\"100\"]\n");
  EXPECT_TRUE(data.not_carried.empty());
  EXPECT_FALSE(place_icpc_tests(problem, {}, false).not_carried.empty());
}

TEST(IcpcExport, UuidIsStableForANameAndFreshWithout) {
  EXPECT_EQ(problem_uuid("nuts-bolts"), problem_uuid("nuts-bolts"));
  EXPECT_NE(problem_uuid("nuts-bolts"), problem_uuid("egg-drop"));
  EXPECT_EQ(problem_uuid("nuts-bolts")[14], '5');  // version 5
  EXPECT_NE(problem_uuid(""), problem_uuid(""));
}

TEST(IcpcExport, AProblemJsonProblemBecomesAPackage) {
  const TempDir scratch("icpc-export-test-");
  const fs::path dir = scratch.path() / "guess";
  fs::create_directories(dir / "submissions" / "query_limit_exceeded");
  std::ofstream(dir / "problem.json") << R"({"interactor": "interactor.cpp", "time_limit_ms": 1500})";
  std::ofstream(dir / "interactor.cpp") << "#include \"interactor.hpp\"\nint main() {}\n";
  std::ofstream(dir / "statement.md") << "# Guess It\n\nGuess the number.\n";
  std::ofstream(dir / "01-sample.in") << "5\n";
  std::ofstream(dir / "submissions" / "query_limit_exceeded" / "linear.py") << "print(1)\n";
  Problem problem = problem_with_tests({}, {{"type", "all_or_nothing"}, {"max_score", 100}});
  problem.dir = dir;
  problem.limits.cpu_ms = 1500;
  problem.limits.wall_ms = default_wall_ms(1500);
  problem.submissions_dir = dir / "submissions";
  problem.tests.push_back(TestCase{"01-sample", dir / "01-sample.in", "/dev/null"});
  const Package package = icpc_package(problem, ExportOptions{"my-uuid"});
  std::map<std::string, std::string> files;
  for (const auto& file : package.files) files[file.path] = package_file_bytes(file);
  EXPECT_NE(files.at("problem.yaml")
                .find("problem_format_version: 2025-09\ntype: interactive\nname: \"Guess "
                      "It\"\nuuid: my-uuid\nlimits:\n  time_limit: 1.5\n  time_resolution: 0.1\n"),
            std::string::npos)
      << files.at("problem.yaml");
  EXPECT_EQ(files.at("statement/problem.en.tex"), "\\problemname{Guess It}\n\nGuess the number.\n");
  EXPECT_EQ(files.at("data/sample/01-sample.in"), "5\n");
  EXPECT_EQ(files.at("data/sample/01-sample.ans"), "");
  EXPECT_TRUE(files.contains("output_validator/interactor.cpp"));
  EXPECT_TRUE(files.contains("output_validator/interactor_library.cpp"));
  EXPECT_NE(files.at("submissions/submissions.yaml").find("# query limit exceeded (QLE)"), std::string::npos);
  EXPECT_NE(files.at("submissions/submissions.yaml").find("\"query_limit_exceeded\":\n  permitted: [AC, WA]\n"),
            std::string::npos)
      << files.at("submissions/submissions.yaml");
  EXPECT_TRUE(files.contains("submissions/query_limit_exceeded/linear.py"));
  EXPECT_NE(files.at("README.md").find("What the format could not carry"), std::string::npos);
}

}  // namespace
}  // namespace judge
