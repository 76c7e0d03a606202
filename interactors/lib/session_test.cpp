#include "session.hpp"

#include <csignal>
#include <string>

#include <gtest/gtest.h>

#include "testing_support.hpp"

namespace interactor {
namespace {

using testing_support::Fd;
using testing_support::finish_of;
using testing_support::open_for_reading;
using testing_support::open_for_writing;
using testing_support::Pipe;
using testing_support::read_text;
using testing_support::TempDir;
using testing_support::write_text;

// A session whose contestant output is a prepared file and whose contestant input is
// a file we read back afterwards.
class SessionTest : public ::testing::Test {
 protected:
  Session& session_with(std::string_view contestant_output, Transcript transcript = {}) {
    write_text(dir_ / "test.in", "3\n");
    write_text(dir_ / "from_contestant", contestant_output);
    from_contestant_ = open_for_reading(dir_ / "from_contestant");
    to_contestant_ = open_for_writing(dir_ / "to_contestant");
    session_.emplace(SessionOptions{dir_ / "test.in", "/dev/null", from_contestant_.get(), to_contestant_.get(),
                                    std::move(transcript)});
    return *session_;
  }
  std::string sent() const { return read_text(dir_ / "to_contestant"); }

  TempDir dir_;
  Fd from_contestant_;
  Fd to_contestant_;
  std::optional<Session> session_;
};

TEST_F(SessionTest, ReadsTestAndContestantLines) {
  Session& s = session_with("? 1 2\n");
  Line n = s.test().read_line("n");
  EXPECT_EQ(n.read_int(2, 1000, "n"), 3);
  s.test().expect_eof();
  Line line = s.read_line("a query");
  EXPECT_EQ(line.text(), "? 1 2");
  EXPECT_EQ(line.number(), 1);
  EXPECT_TRUE(s.answer().at_eof());
}

TEST_F(SessionTest, EndOfOutputIsWrongAnswerWithContestantEof) {
  Session& s = session_with("? 1 2\n");
  s.read_line("a query");
  const Finish finish = finish_of([&] { s.read_line("the answer '! p_1 ... p_n'"); });
  EXPECT_EQ(finish.outcome, Outcome::reject);
  EXPECT_EQ(finish.verdict, Verdict::WA);
  EXPECT_TRUE(finish.contestant_eof);
  EXPECT_EQ(finish.message, "your program's output ended before the answer '! p_1 ... p_n' (after 1 lines)");
}

TEST_F(SessionTest, UnterminatedLastLineIsPresentationError) {
  Session& s = session_with("! 1 2 3");
  const Finish finish = finish_of([&] { s.read_line("the answer"); });
  EXPECT_EQ(finish.verdict, Verdict::PE);
  EXPECT_TRUE(finish.contestant_eof);
  EXPECT_EQ(finish.message,
            "line 1: your program's output ended in the middle of a line, without its '\\n': '! 1 2 3'");
}

TEST_F(SessionTest, TooLongLineIsPresentationError) {
  Session& s = session_with("? 1 2\n" + std::string(100, '1') + "\n");
  s.set_max_line_bytes(10);
  s.read_line("a query");
  const Finish finish = finish_of([&] { s.read_line("a query"); });
  EXPECT_EQ(finish.verdict, Verdict::PE);
  EXPECT_FALSE(finish.contestant_eof);
  EXPECT_EQ(finish.message, "line 2 is longer than 10 bytes");
}

TEST_F(SessionTest, MalformedLineIsPresentationError) {
  Session& s = session_with("?1 2\n");
  const Finish finish = finish_of([&] { s.read_line("a query").expect("?"); });
  EXPECT_EQ(finish.outcome, Outcome::reject);
  EXPECT_EQ(finish.verdict, Verdict::PE);
}

TEST_F(SessionTest, SendAppendsNewline) {
  Session& s = session_with("");
  s.send("5");
  s.send("<");
  EXPECT_EQ(sent(), "5\n<\n");
}

TEST_F(SessionTest, SendToAContestantThatIsGoneIsWrongAnswerWithContestantEof) {
  std::signal(SIGPIPE, SIG_IGN);
  Pipe pipe;
  write_text(dir_ / "test.in", "3\n");
  Session s(SessionOptions{dir_ / "test.in", "/dev/null", pipe.read_end.get(), pipe.write_end.get(), {}});
  pipe.read_end.reset();
  const Finish finish = finish_of([&] { s.send("="); });
  EXPECT_EQ(finish.outcome, Outcome::reject);
  EXPECT_EQ(finish.verdict, Verdict::WA);
  EXPECT_TRUE(finish.contestant_eof);
  EXPECT_EQ(finish.message, "your program closed its input or exited before reading '='");
}

TEST_F(SessionTest, QueryLimit) {
  Session& s = session_with("? 1 1\n? 1 1\n? 1 1\n? 1 1\n");
  s.set_query_limit(3);
  for (int i = 0; i < 3; ++i) {
    s.read_line("a query");
    s.count_query();
  }
  s.read_line("a query");
  const Finish finish = finish_of([&] { s.count_query(); });
  EXPECT_EQ(finish.outcome, Outcome::reject);
  EXPECT_EQ(finish.verdict, Verdict::QLE);
  EXPECT_EQ(finish.message, "line 4: query 4 is over the limit of 3 queries");
  const Feedback feedback = s.feedback(finish);
  EXPECT_EQ(feedback.queries, 4);
  EXPECT_EQ(feedback.query_limit, 3);
}

TEST_F(SessionTest, NoLimitCountsOnly) {
  Session& s = session_with("");
  for (int i = 0; i < 100; ++i) s.count_query();
  EXPECT_EQ(s.queries(), 100);
  EXPECT_FALSE(s.query_limit());
}

TEST_F(SessionTest, VerdictsFormatTheirMessages) {
  Session& s = session_with("");
  const Finish accept = finish_of([&] { s.accept("matched {} nuts with {} queries", 5, 10); });
  EXPECT_EQ(accept.outcome, Outcome::accept);
  EXPECT_EQ(accept.verdict, Verdict::AC);
  EXPECT_EQ(accept.message, "matched 5 nuts with 10 queries");
  const Finish reject = finish_of([&] { s.reject(Verdict::WA, "nut {} does not fit bolt {}", 3, 4); });
  EXPECT_EQ(reject.outcome, Outcome::reject);
  EXPECT_EQ(reject.verdict, Verdict::WA);
  EXPECT_EQ(reject.message, "nut 3 does not fit bolt 4");
  const Finish error = finish_of([&] { s.judge_error("bad mode {}", "x"); });
  EXPECT_EQ(error.outcome, Outcome::judge_error);
  const Finish ac_reject = finish_of([&] { s.reject(Verdict::AC, "oops"); });
  EXPECT_EQ(ac_reject.outcome, Outcome::judge_error);
}

TEST_F(SessionTest, FactsGoToTheFeedbackAndReservedKeysAreRefused) {
  Session& s = session_with("");
  s.set_fact("nuts", nlohmann::json::array({1, 2, 3}));
  s.set_fact("score", 0.5);
  EXPECT_EQ(s.feedback(Finish{}).facts, (nlohmann::json{{"nuts", {1, 2, 3}}, {"score", 0.5}}));
  const Finish finish = finish_of([&] { s.set_fact("queries", 3); });
  EXPECT_EQ(finish.outcome, Outcome::judge_error);
}

TEST_F(SessionTest, TranscriptRecordsWhatWasSentAndReceived) {
  Session& s = session_with("? 1 1\n! 1", Transcript(dir_ / "t", 1000));
  s.send("3");
  s.read_line("a query");
  s.send("=");
  finish_of([&] { s.read_line("the answer"); });
  s.transcript().flush();
  EXPECT_EQ(read_text(dir_ / "t"), "<3\n>? 1 1\n<=\n>! 1\n");
}

}  // namespace
}  // namespace interactor
