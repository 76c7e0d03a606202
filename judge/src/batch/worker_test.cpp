#include "batch/worker.hpp"

#include <gtest/gtest.h>

namespace judge {
namespace {

TEST(BatchWorker, SubmissionRoundTrips) {
  Submission submission;
  submission.display = "subs/alice/p.cpp";
  submission.command = {"/cache/abc.bin"};
  submission.compile_failed = true;
  submission.compile_message = "error: x";
  submission.compiled = true;
  const Submission back = nlohmann::json(submission).get<Submission>();
  EXPECT_EQ(back.display, submission.display);
  EXPECT_EQ(back.command, submission.command);
  EXPECT_TRUE(back.compile_failed);
  EXPECT_EQ(back.compile_message, "error: x");
  EXPECT_TRUE(back.compiled);
}

TEST(BatchWorker, JobNamesEverythingByAbsolutePath) {
  Problem problem;
  problem.dir = "interactors/p";
  Submission submission;
  submission.command = {"/bin/true"};
  const nlohmann::json job = make_worker_job({"/src", "/build"}, problem, submission,
                                             {"01", "data/01.in", "/dev/null"}, std::nullopt, "out", BatchPlan{});
  EXPECT_EQ(job["source_dir"], "/src");
  EXPECT_EQ(job["build_dir"], "/build");
  EXPECT_EQ(job["problem"].get<std::string>().front(), '/');
  EXPECT_EQ(job["test"]["input"].get<std::string>().front(), '/');
  EXPECT_EQ(job["test"]["answer"], "/dev/null");
  EXPECT_TRUE(job["transcripts_dir"].is_null());
}

TEST(BatchWorker, AFailureIsAnErrorNotAnException) {
  EXPECT_TRUE(run_worker_job(nlohmann::json::object()).contains("error"));
  Problem problem;
  problem.dir = "/nonexistent/problem";
  const nlohmann::json job = make_worker_job({"/nonexistent", "/nonexistent"}, problem, Submission{},
                                             {"01", "/nonexistent/01.in", "/dev/null"}, std::nullopt, "/tmp", BatchPlan{});
  const nlohmann::json answer = run_worker_job(job);
  ASSERT_TRUE(answer.contains("error"));
  EXPECT_NE(answer["error"].get<std::string>().find("problem"), std::string::npos);
}

}  // namespace
}  // namespace judge
