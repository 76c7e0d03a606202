// `judge run` end to end with real processes, but an executor that fails as the
// judge would fail (it cannot start a process, make a pipe, a folder) after two
// tests: the two tests judged keep their verdicts in the JSON, the third is JE with
// the reason, and the run exits 3.
#include "judge_run/run_command.hpp"

#include <fstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "base/errors.hpp"
#include "base/temp_dir.hpp"
#include "base/text_file.hpp"

namespace judge {
namespace {
namespace fs = std::filesystem;

class FailsAfter : public TestExecutor {
 public:
  explicit FailsAfter(int tests) : tests_(tests) {}
  TestRecord run_test(const Problem& problem, const Submission& submission, const TestCase& test,
                      const RunOptions& options) override {
    if (ran_++ >= tests_) throw JudgeFault("cannot create a temporary folder /tmp/judge-work-XXXXXX");
    return real_.run_test(problem, submission, test, options);
  }

 private:
  ProcessExecutor real_;
  int tests_;
  int ran_ = 0;
};

TEST(RunCommand, AJudgeFaultAfterTheSecondTestKeepsBothInTheJsonAndExitsThree) {
  const TempDir temp("run-command-test-");
  const fs::path& dir = temp.path();
  RunArgs args;
  args.problem = "nuts-bolts";
  args.submission = (fs::path(JUDGE_BUILD_DIR) / "solutions/nuts-bolts/accepted/quicksort").string();
  args.tests = {"01-sample", "02-n2-sorted", "03-n2-reversed", "04-n3-fixed"};
  args.json_file = (dir / "result.json").string();
  args.quiet = true;
  FailsAfter executor(2);
  EXPECT_EQ(run_command(args, executor), exit_judge_error);
  const auto text = read_file(args.json_file);
  ASSERT_TRUE(text.has_value()) << "the result was not written";
  const nlohmann::json result = nlohmann::json::parse(*text);
  ASSERT_EQ(result["tests"].size(), 3u);
  EXPECT_EQ(result["tests"][0]["name"], "01-sample");
  EXPECT_EQ(result["tests"][0]["verdict"], "AC");
  EXPECT_EQ(result["tests"][1]["verdict"], "AC");
  EXPECT_EQ(result["tests"][2]["name"], "03-n2-reversed");
  EXPECT_EQ(result["tests"][2]["verdict"], "JE");
  EXPECT_NE(result["tests"][2]["message"].get<std::string>().find("cannot create a temporary folder"),
            std::string::npos);
  EXPECT_EQ(result["verdict"], "JE");
  EXPECT_EQ(result["tests_planned"], 4);
}

// An interactor that does not write its own transcript (an ICPC validator; here the
// scenarios' echo interactor) gets one from the relay the judge puts in between.
TEST(RunCommand, TheRelayKeepsTheTranscriptOfAnInteractorThatWritesNone) {
  const TempDir temp("run-command-test-");
  const fs::path& dir = temp.path();
  const fs::path scenarios = fs::path(JUDGE_BUILD_DIR) / "judge/scenarios";
  fs::create_directories(dir / "p" / "tests");
  std::ofstream(dir / "p" / "problem.json")
      << R"({"interactor": ")" << (scenarios / "_interactors/echo").string()
      << R"(", "testdata": "tests", "interactor_writes_transcript": false})";
  std::ofstream(dir / "p" / "tests" / "01.in") << "41 normal\n";
  RunArgs args;
  args.problem = (dir / "p").string();
  args.submission = (scenarios / "solution_accepted/solution").string();
  args.json_file = (dir / "result.json").string();
  args.transcripts_dir = (dir / "transcripts").string();
  args.quiet = true;
  ProcessExecutor executor;
  EXPECT_EQ(run_command(args, executor), exit_all_accepted);
  EXPECT_EQ(read_file(dir / "transcripts" / "01.interaction"), "<41\n>42\n");
}

// --transcripts on a CMS task keeps nothing: said, with why (issue 48: it was silent).
TEST(RunCommand, TranscriptsOfACmsTaskAreRefusedWithAReason) {
  Problem problem;
  EXPECT_EQ(transcripts_warning(problem), "");  // an interactive problem keeps them
  problem.cms = CmsSettings{};
  problem.cms->type = CmsTaskType::communication;
  const std::string communication = transcripts_warning(problem);
  EXPECT_NE(communication.find("keep no transcript"), std::string::npos) << communication;
  EXPECT_NE(communication.find("the manager writes straight into each process's FIFO"), std::string::npos);
  problem.cms->type = CmsTaskType::batch;
  EXPECT_NE(transcripts_warning(problem).find("no interaction to keep"), std::string::npos);
}

}  // namespace
}  // namespace judge
