#include "feedback.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include "testing_support.hpp"

namespace interactor {
namespace {

using testing_support::read_text;
using testing_support::TempDir;
using testing_support::write_text;

TEST(Feedback, RejectJson) {
  Feedback feedback{Finish{Outcome::reject, Verdict::QLE, "line 12: query 11 is over the limit of 10 queries", false},
                    11, 10, {{"mode", "fixed"}}};
  const nlohmann::json expected = {{"verdict", "QLE"},
                                   {"message", "line 12: query 11 is over the limit of 10 queries"},
                                   {"queries", 11},
                                   {"query_limit", 10},
                                   {"contestant_eof", false},
                                   {"mode", "fixed"}};
  EXPECT_EQ(result_json(feedback), expected);
}

TEST(Feedback, AcceptWithoutLimit) {
  Feedback feedback{.finish = Finish{Outcome::accept, Verdict::AC, "ok", false}};
  const nlohmann::json result = result_json(feedback);
  EXPECT_EQ(result["verdict"], "AC");
  EXPECT_EQ(result["queries"], 0);
  EXPECT_FALSE(result.contains("query_limit"));
  EXPECT_FALSE(result.contains("judge_error"));
}

TEST(Feedback, JudgeErrorHasNoVerdict) {
  Feedback feedback{.finish = Finish{Outcome::judge_error, Verdict::WA, "interactor ended without a verdict", false}};
  const nlohmann::json result = result_json(feedback);
  EXPECT_FALSE(result.contains("verdict"));
  EXPECT_EQ(result["judge_error"], true);
  EXPECT_EQ(result["message"], "interactor ended without a verdict");
}

TEST(Feedback, ReservedKeys) {
  EXPECT_TRUE(is_reserved_result_key("verdict"));
  EXPECT_TRUE(is_reserved_result_key("contestant_eof"));
  EXPECT_FALSE(is_reserved_result_key("score"));
  EXPECT_FALSE(is_reserved_result_key("nuts"));
}

TEST(Feedback, WritesBothFilesAndNoTemporaries) {
  TempDir dir;
  write_feedback(dir.path(), Feedback{.finish = Finish{Outcome::reject, Verdict::WA, "nut 3 is wrong", true}, .queries = 4});
  EXPECT_EQ(read_text(dir / "judgemessage.txt"), "nut 3 is wrong\n");
  const nlohmann::json result = nlohmann::json::parse(read_text(dir / "result.json"));
  EXPECT_EQ(result["verdict"], "WA");
  EXPECT_EQ(result["contestant_eof"], true);
  EXPECT_EQ(result["queries"], 4);
  int files = 0;
  for ([[maybe_unused]] const auto& entry : std::filesystem::directory_iterator(dir.path())) ++files;
  EXPECT_EQ(files, 2);
}

// Atomic replacement: a reader that opened the old result.json keeps seeing the old
// whole file (a new inode took its name), never a mix.
TEST(Feedback, ReplacesResultJsonByRename) {
  TempDir dir;
  write_text(dir / "result.json", "old");
  const int old_fd = ::open((dir / "result.json").c_str(), O_RDONLY);
  ASSERT_GE(old_fd, 0);
  write_feedback(dir.path(), Feedback{.finish = Finish{Outcome::accept, Verdict::AC, "ok", false}});
  char buffer[16] = {};
  EXPECT_EQ(::read(old_fd, buffer, sizeof buffer), 3);
  EXPECT_EQ(std::string(buffer), "old");
  ::close(old_fd);
  EXPECT_EQ(nlohmann::json::parse(read_text(dir / "result.json"))["verdict"], "AC");
}

TEST(Feedback, UnwritableDirectoryThrows) {
  EXPECT_THROW(write_feedback("/nonexistent-dir", Feedback{}), std::system_error);
}

}  // namespace
}  // namespace interactor
