#include "run.hpp"

#include <chrono>
#include <cstdlib>
#include <ctime>
#include <stdexcept>
#include <string>

#include <gtest/gtest.h>

#include "testing_support.hpp"

namespace interactor {
namespace {

using testing_support::Args;
using testing_support::Fd;
using testing_support::open_for_reading;
using testing_support::open_for_writing;
using testing_support::read_text;
using testing_support::TempDir;
using testing_support::write_text;

// run_with_fds() on a test file "2\n", a prepared contestant output, and a feedback dir.
class RunTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ::unsetenv("JUDGE_TRANSCRIPT_FILE");
    ::unsetenv("JUDGE_TRANSCRIPT_LIMIT_BYTES");
    write_text(dir_ / "test.in", "2\n");
    std::filesystem::create_directory(dir_ / "feedback");
  }
  void TearDown() override {
    ::unsetenv("JUDGE_TRANSCRIPT_FILE");
    ::unsetenv("JUDGE_TRANSCRIPT_LIMIT_BYTES");
  }

  int run_on(std::string_view contestant_output, const Body& body,
             std::vector<std::string> extra_args = {}) {
    write_text(dir_ / "from_contestant", contestant_output);
    Fd from = open_for_reading(dir_ / "from_contestant");
    Fd to = open_for_writing(dir_ / "to_contestant");
    std::vector<std::string> args = {"interactor", (dir_ / "test.in").string(), "/dev/null",
                                     (dir_ / "feedback").string() + "/"};
    if (!extra_args.empty()) args = std::move(extra_args);
    Args argv(args);
    return run_with_fds(argv.argc(), argv.argv(), body, from.get(), to.get());
  }
  nlohmann::json result() const { return nlohmann::json::parse(read_text(dir_ / "feedback" / "result.json")); }
  std::string message() const { return read_text(dir_ / "feedback" / "judgemessage.txt"); }

  TempDir dir_;
};

// A tiny guessing game: send n, the contestant answers "! n".
void echo_game(Session& s) {
  Line first = s.test().read_line("n");
  const std::int64_t n = first.read_int(1, 10, "n");
  s.test().expect_eof();
  s.set_query_limit(1);
  s.send(std::to_string(n));
  Line answer = s.read_line("the answer");
  answer.set_shape("'! n'");
  answer.expect("!");
  const std::int64_t guess = answer.read_int(1, 10, "n");
  answer.expect_end();
  s.count_query();
  s.set_fact("guess", guess);
  if (guess != n) s.reject(Verdict::WA, "guessed {}, expected {}", guess, n);
  s.accept("guessed {}", n);
}

TEST_F(RunTest, AcceptExits42WithResultJson) {
  EXPECT_EQ(run_on("! 2\n", echo_game), 42);
  EXPECT_EQ(message(), "guessed 2\n");
  EXPECT_EQ(result(), (nlohmann::json{{"verdict", "AC"},
                                      {"message", "guessed 2"},
                                      {"queries", 1},
                                      {"query_limit", 1},
                                      {"contestant_eof", false},
                                      {"guess", 2}}));
  EXPECT_EQ(read_text(dir_ / "to_contestant"), "2\n");
}

// --expect-eof: whitespace after the final answer is fine, anything else is a WA
// that names the line; without the option the rest is never read.
TEST_F(RunTest, ExpectEofRejectsTrailingOutputAndAcceptsWhitespace) {
  const std::string feedback = (dir_ / "feedback").string() + "/";
  const std::string test = (dir_ / "test.in").string();
  const std::vector<std::string> args{"interactor", test, "/dev/null", feedback, "--expect-eof"};
  EXPECT_EQ(run_on("! 2\n \n\n", echo_game, args), 42);
  EXPECT_EQ(run_on("! 2\nextra\n", echo_game, args), 43);
  EXPECT_EQ(result()["verdict"], "WA");
  EXPECT_EQ(message(), "trailing output after the final answer: line 2: 'extra'\n");
  EXPECT_EQ(run_on("! 2\nextra\n", echo_game), 42);
}

TEST_F(RunTest, RejectExits43) {
  EXPECT_EQ(run_on("! 3\n", echo_game), 43);
  EXPECT_EQ(result()["verdict"], "WA");
  EXPECT_EQ(message(), "guessed 3, expected 2\n");
}

TEST_F(RunTest, MalformedOutputIsPresentationError) {
  EXPECT_EQ(run_on("!2\n", echo_game), 43);
  EXPECT_EQ(result()["verdict"], "PE");
  EXPECT_EQ(result()["contestant_eof"], false);
}

TEST_F(RunTest, ContestantEofIsMarked) {
  EXPECT_EQ(run_on("", echo_game), 43);
  EXPECT_EQ(result()["verdict"], "WA");
  EXPECT_EQ(result()["contestant_eof"], true);
  EXPECT_EQ(message(), "your program's output ended before the answer (after 0 lines)\n");
}

TEST_F(RunTest, NoVerdictIsAJudgeError) {
  EXPECT_EQ(run_on("", [](Session&) {}), 1);
  EXPECT_EQ(message(), "interactor ended without a verdict\n");
  EXPECT_EQ(result()["judge_error"], true);
  EXPECT_FALSE(result().contains("verdict"));
}

TEST_F(RunTest, UncaughtExceptionIsAJudgeError) {
  EXPECT_EQ(run_on("", [](Session&) { throw std::runtime_error("boom"); }), 1);
  EXPECT_EQ(message(), "interactor failed: boom\n");
}

TEST_F(RunTest, BrokenTestFileIsAJudgeError) {
  write_text(dir_ / "test.in", "20\n");
  EXPECT_EQ(run_on("! 20\n", echo_game), 1);
  EXPECT_EQ(result()["judge_error"], true);
  EXPECT_NE(message().find("expected n with 1 <= n <= 10, got '20'"), std::string::npos) << message();
}

TEST_F(RunTest, MissingTestFileIsAJudgeError) {
  std::filesystem::remove(dir_ / "test.in");
  EXPECT_EQ(run_on("", echo_game), 1);
  EXPECT_NE(message().find("cannot open test file"), std::string::npos);
}

TEST_F(RunTest, UsageErrors) {
  EXPECT_EQ(run_on("", echo_game, {"interactor", "only-one-argument"}), 1);
  EXPECT_EQ(run_on("", echo_game, {"interactor", (dir_ / "test.in").string(), "/dev/null",
                                   (dir_ / "no-such-dir").string()}),
            1);
  EXPECT_FALSE(std::filesystem::exists(dir_ / "feedback" / "result.json"));
}

TEST_F(RunTest, WritesTheTranscript) {
  const std::string path = (dir_ / "t.interaction").string();
  ::setenv("JUDGE_TRANSCRIPT_FILE", path.c_str(), 1);
  EXPECT_EQ(run_on("! 2\n", echo_game), 42);
  EXPECT_EQ(read_text(path), "<2\n>! 2\n");
}

TEST_F(RunTest, TranscriptCap) {
  const std::string path = (dir_ / "t.interaction").string();
  ::setenv("JUDGE_TRANSCRIPT_FILE", path.c_str(), 1);
  ::setenv("JUDGE_TRANSCRIPT_LIMIT_BYTES", "3", 1);
  EXPECT_EQ(run_on("! 2\n", echo_game), 42);
  EXPECT_EQ(read_text(path), "<2\n[transcript truncated]\n");
}

TEST_F(RunTest, BadTranscriptLimitIsAJudgeError) {
  const std::string path = (dir_ / "t.interaction").string();
  ::setenv("JUDGE_TRANSCRIPT_FILE", path.c_str(), 1);
  ::setenv("JUDGE_TRANSCRIPT_LIMIT_BYTES", "-1", 1);
  EXPECT_EQ(run_on("! 2\n", echo_game), 1);
  EXPECT_NE(message().find("JUDGE_TRANSCRIPT_LIMIT_BYTES"), std::string::npos);
}

TEST_F(RunTest, UnwritableTranscriptIsAJudgeError) {
  ::setenv("JUDGE_TRANSCRIPT_FILE", "/nonexistent-dir/t", 1);
  EXPECT_EQ(run_on("! 2\n", echo_game), 1);
  EXPECT_NE(message().find("cannot create transcript"), std::string::npos) << message();
}

// The arguments after FEEDBACK_DIR/ (run_options.hpp): what `judge export` puts in an
// ICPC package's test_group.yaml.
std::vector<std::string> with_options(const TempDir& dir, std::vector<std::string> options) {
  std::vector<std::string> args = {"interactor", (dir / "test.in").string(), "/dev/null",
                                   (dir / "feedback").string() + "/"};
  args.insert(args.end(), options.begin(), options.end());
  return args;
}

TEST_F(RunTest, ScoreFromMetricWritesScoreTxtOnAccept) {
  EXPECT_EQ(run_on("! 2\n", echo_game, with_options(dir_, {"--score-from-metric", "guess", "1", "4", "100"})), 42);
  // log(4 / 2) / log(4 / 1) = 1/2 of 100.
  EXPECT_EQ(read_text(dir_ / "feedback" / "score.txt"), "50\n");
  EXPECT_EQ(result()["verdict"], "AC");
}

TEST_F(RunTest, ScoreFromMetricWritesNothingOnReject) {
  EXPECT_EQ(run_on("! 1\n", echo_game, with_options(dir_, {"--score-from-metric", "guess", "1", "4", "100"})), 43);
  EXPECT_FALSE(std::filesystem::exists(dir_ / "feedback" / "score.txt"));
}

TEST_F(RunTest, ScoreFromAMissingMetricIsAJudgeError) {
  EXPECT_EQ(run_on("! 2\n", echo_game, with_options(dir_, {"--score-from-metric", "moves", "1", "4", "100"})), 1);
  EXPECT_NE(message().find("without a number \"moves\""), std::string::npos) << message();
  EXPECT_FALSE(std::filesystem::exists(dir_ / "feedback" / "score.txt"));
}

TEST_F(RunTest, AnUnknownOptionIsAJudgeErrorBeforeAnyInteraction) {
  EXPECT_EQ(run_on("! 2\n", echo_game, with_options(dir_, {"--scor-from-metric"})), 1);
  EXPECT_FALSE(std::filesystem::exists(dir_ / "feedback" / "result.json"));
}

TEST_F(RunTest, NewSecondBeforeNextPassWaitsOnlyWhenANextPassIsAsked) {
  const auto next_pass_game = [this](Session& s) {
    write_text(dir_ / "feedback" / "nextpass.in", "1\n");
    echo_game(s);
  };
  const std::time_t before = std::time(nullptr);
  EXPECT_EQ(run_on("! 2\n", next_pass_game, with_options(dir_, {"--new-second-before-next-pass"})), 42);
  EXPECT_GT(std::time(nullptr), before);
  std::filesystem::remove(dir_ / "feedback" / "nextpass.in");
  const auto start = std::chrono::steady_clock::now();
  EXPECT_EQ(run_on("! 2\n", echo_game, with_options(dir_, {"--new-second-before-next-pass"})), 42);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(900));
}

}  // namespace
}  // namespace interactor
