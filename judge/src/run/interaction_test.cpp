// Interaction's steps with real processes: shell scripts stand in for the interactor
// (an ICPC validator: IN ANS FEEDBACK_DIR/ ARGS, exit 42/43) and the submission.
#include "run/interaction.hpp"

#include <sys/stat.h>

#include <fstream>

#include <gtest/gtest.h>

#include "base/temp_dir.hpp"
#include "base/text_file.hpp"

namespace judge {
namespace {
namespace fs = std::filesystem;

struct Pass {
  TempDir dir{"interaction-test-"};
  InteractionRequest request;
  Pass() {
    fs::create_directories(dir.path() / "work");
    fs::create_directories(dir.path() / "feedback");
    request.test_input = write("test.in", "41\n");
    request.answer_file = write("test.ans", "42\n");
    request.feedback_dir = dir.path() / "feedback";
    request.work_dir = dir.path() / "work";
    request.contain = false;
    request.limits.cpu_ms = 2000;
    request.limits.wall_ms = 5000;
  }
  fs::path write(const std::string& name, const std::string& text, bool executable = false) {
    const fs::path path = dir.path() / name;
    std::ofstream(path) << text;
    if (executable) ::chmod(path.c_str(), 0755);
    return path;
  }
  // A submission given as a shell script.
  void submission(const std::string& script) {
    request.submission_command = {write("submission.sh", "#!/bin/sh\n" + script, true).string()};
  }
  // A validator given as a shell script ($1 IN, $2 ANS, $3 FEEDBACK_DIR/, then args).
  void validator(const std::string& script) {
    request.interactor_command = {write("validator.sh", "#!/bin/sh\n" + script, true).string()};
  }
};

TEST(Interaction, WirePlansTheValidatorsArgumentsAndTheSubmissionsLimits) {
  Pass pass;
  pass.submission("exit 0\n");
  pass.validator("exit 42\n");
  pass.request.interactor_args = {"case_sensitive", "float_tolerance", "1e-6"};
  pass.request.limits.memory_kib = 65536;
  pass.request.limits.output_kib = 100;
  Interaction interaction(pass.request);
  interaction.wire();
  const auto& argv = interaction.wiring().interactor.argv;
  ASSERT_EQ(argv.size(), 7u);
  EXPECT_EQ(argv[1], pass.request.test_input.string());
  EXPECT_EQ(argv[2], pass.request.answer_file.string());
  EXPECT_EQ(argv[3], pass.request.feedback_dir.string() + "/");
  EXPECT_EQ(argv[4], "case_sensitive");
  EXPECT_EQ(argv[6], "1e-6");
  const SpawnRequest& submission = interaction.wiring().submission;
  EXPECT_EQ(submission.limits.address_space_kib, 65536);
  EXPECT_EQ(submission.limits.file_size_kib, 100);
  EXPECT_EQ(submission.working_dir, pass.request.work_dir.string());
  EXPECT_EQ(interaction.wiring().why_no_box, "--sandbox none");
}

// A pass's facts as grading reads them.
Decision graded(const PassRecord& pass) {
  TestRecord record;
  record.name = "t";
  record.passes = {pass};
  return grade_test(GradingSpec{}, record, pass.facts.limits).decision;
}

TEST(Interaction, AnInteractivePassWithAnIcpcValidator) {
  Pass pass;
  pass.submission("read x; echo $((x + 1))\n");
  pass.validator("read x < \"$1\"; echo $x; read y; [ \"$y\" = \"$(cat \"$2\")\" ] && exit 42\n"
                 "echo \"expected $(cat \"$2\"), got $y\" > \"$3/judgemessage.txt\"; exit 43\n");
  const PassRecord result = Interaction(pass.request).run();
  EXPECT_EQ(result.facts.interactor.exit.exit_code, 42);
  EXPECT_EQ(graded(result).verdict, Verdict::AC);
}

TEST(Interaction, AnOfflinePassFeedsTheSubmissionsOutputToTheValidatorAfterwards) {
  Pass pass;
  pass.request.mode = PassMode::offline;
  pass.submission("read x; echo $((x + 1))\n");
  pass.validator("read y; [ \"$y\" = \"$(cat \"$2\")\" ] && exit 42\n"
                 "echo \"expected $(cat \"$2\"), got $y\" > \"$3/judgemessage.txt\"; exit 43\n");
  PassRecord result = Interaction(pass.request).run();
  EXPECT_EQ(graded(result).verdict, Verdict::AC);
  pass.submission("read x; echo $((x + 2))\n");
  result = Interaction(pass.request).run();
  const Decision wrong = graded(result);
  EXPECT_EQ(wrong.verdict, Verdict::WA);
  EXPECT_EQ(wrong.message, "expected 42, got 43");
  EXPECT_EQ(result.facts.exited_first, Side::submission);
}

TEST(Interaction, AnOfflineSubmissionThatCrashesIsNotValidated) {
  Pass pass;
  pass.request.mode = PassMode::offline;
  pass.submission("echo 42; kill -SEGV $$\n");
  pass.validator("touch \"$3/validator-ran\"; exit 42\n");
  const PassRecord result = Interaction(pass.request).run();
  const Decision decision = graded(result);
  EXPECT_EQ(decision.verdict, Verdict::RTE);
  EXPECT_NE(decision.message.find("SIGSEGV"), std::string::npos);
  EXPECT_FALSE(fs::exists(pass.request.feedback_dir / "validator-ran"));
}

TEST(Interaction, AnOfflineSubmissionPastTheOutputLimitIsOle) {
  Pass pass;
  pass.request.mode = PassMode::offline;
  pass.request.limits.output_kib = 64;
  pass.submission("exec yes 0123456789\n");
  pass.validator("exit 42\n");
  const PassRecord result = Interaction(pass.request).run();
  EXPECT_EQ(graded(result).verdict, Verdict::OLE);
}

}  // namespace
}  // namespace judge
