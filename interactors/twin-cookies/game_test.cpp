#include "game.hpp"

#include <csignal>
#include <cstdio>
#include <ctime>
#include <string>
#include <thread>
#include <unistd.h>

#include <gtest/gtest.h>

#include "limits.hpp"
#include "testing_support.hpp"

namespace twin_cookies {
namespace {

using interactor::Finish;
using interactor::Outcome;
using interactor::Session;
using interactor::SessionOptions;
using interactor::Verdict;
using interactor::testing_support::Fd;
using interactor::testing_support::finish_of;
using interactor::testing_support::open_for_reading;
using interactor::testing_support::open_for_writing;
using interactor::testing_support::Pipe;
using interactor::testing_support::read_text;
using interactor::testing_support::TempDir;
using interactor::testing_support::write_text;

const std::string kSampleOne = "? 13\n? 7\n? 31\n? 12\n? 5\n? 3\n! 2 3\n7 13\n12 5 3\n";
const std::string kSampleTwo = "? 3 7\n? 2 8\n? 1 5\n! 2 1\n2 5\n7\n";

// "? a a+1 ... a+n-1": n consecutive values from `first`.
std::string consecutive_order(std::int64_t first, int n) {
  std::string line = "?";
  for (int i = 0; i < n; ++i) line += " " + std::to_string(first + i);
  return line + "\n";
}

// Plays against a contestant whose whole output is prepared in advance (the game only
// reads it line by line) and returns the verdict.
class GameTest : public ::testing::Test {
 protected:
  Finish play_with(int n, Strategy strategy, std::uint64_t seed, std::string_view contestant_output) {
    write_text(dir_ / "from_contestant", contestant_output);
    Fd from = open_for_reading(dir_ / "from_contestant");
    return play_from(n, strategy, seed, from.get());
  }
  Finish play_from(int n, Strategy strategy, std::uint64_t seed, int from_fd) {
    write_text(dir_ / "test.in", "unused\n");
    Fd to = open_for_writing(dir_ / "to_contestant");
    session_.emplace(SessionOptions{dir_ / "test.in", "/dev/null", from_fd, to.get(), {}});
    courier_ = make_courier(strategy, seed);
    return finish_of([&] { play(*session_, n, *courier_); });
  }
  // A reject of `verdict`; returns its message.
  std::string rejected(Verdict verdict, const Finish& finish) {
    EXPECT_EQ(finish.outcome, Outcome::reject) << finish.message;
    EXPECT_EQ(finish.verdict, verdict) << finish.message;
    return finish.message;
  }
  std::string sent() const { return read_text(dir_ / "to_contestant"); }
  nlohmann::json facts() const { return session_->feedback(Finish{}).facts; }

  TempDir dir_;
  std::optional<Session> session_;
  std::unique_ptr<Courier> courier_;
};

TEST_F(GameTest, SampleOne) {
  const Finish finish = play_with(1, Strategy::spoiler, 1, kSampleOne);
  EXPECT_EQ(finish.outcome, Outcome::accept) << finish.message;
  EXPECT_EQ(finish.message, "equal sums 20 with 2 + 3 cookies, after 6 orders");
  EXPECT_EQ(sent(), "1\n13\n7\n31\n12\n5\n3\n");
  EXPECT_EQ(session_->queries(), 6);
  EXPECT_EQ(facts(), (nlohmann::json{{"n", 1}, {"orders", 6}, {"delivered", {13, 7, 31, 12, 5, 3}}}));
}

// `random 9` delivers exactly what the statement shows.
TEST_F(GameTest, SampleTwo) {
  const Finish finish = play_with(2, Strategy::random, 9, kSampleTwo);
  EXPECT_EQ(finish.outcome, Outcome::accept) << finish.message;
  EXPECT_EQ(sent(), "2\n7\n2\n5\n");
}

TEST_F(GameTest, SampleTwoUnderOtherStrategies) {
  // min delivers 3, 2, 1: the sample's answer uses 7 and 5, which never arrived.
  EXPECT_EQ(rejected(Verdict::WA, play_with(2, Strategy::min, 0, kSampleTwo)),
            "a_2 = 5 never arrived: order 3 offered it as v_2, but cookie 1 was delivered");
  EXPECT_EQ(sent(), "2\n3\n2\n1\n");
  EXPECT_FALSE(play_with(2, Strategy::min, 0, kSampleTwo).contestant_eof);
  EXPECT_EQ(rejected(Verdict::WA, play_with(2, Strategy::max, 0, kSampleTwo)),
            "a_1 = 2 never arrived: order 2 offered it as v_1, but cookie 8 was delivered");
}

TEST_F(GameTest, OrdersAreValidated) {
  const auto message_of = [&](std::string line) {
    const Finish finish = play_with(2, Strategy::first, 0, "? 3 7\n" + line + "\n! 1 1\n3\n3\n");
    EXPECT_FALSE(finish.contestant_eof);
    return rejected(Verdict::PE, finish);
  };
  EXPECT_EQ(message_of("? 1"), "line 2: expected order 2 '? v_1 ... v_2', got '? 1' (1 value, expected n = 2)");
  EXPECT_EQ(message_of("? 1 2 4"), "line 2: expected order 2 '? v_1 ... v_2', got '? 1 2 4' (more than n = 2 values)");
  EXPECT_EQ(message_of("? 1 -2"), "line 2: expected order 2 '? v_1 ... v_2', got '? 1 -2' (v_2 '-2' has a sign)");
  EXPECT_EQ(message_of("? 1 10000000000000001"),
            "line 2: expected order 2 '? v_1 ... v_2', got '? 1 10000000000000001' "
            "(v_2 = 10000000000000001 is not in [1, 10^16])");
  EXPECT_EQ(message_of("? 4 4"),
            "line 2: expected order 2 '? v_1 ... v_2', got '? 4 4' (v_2 = 4 repeats v_1 of this order)");
  EXPECT_EQ(message_of("? 4 7"),
            "line 2: expected order 2 '? v_1 ... v_2', got '? 4 7' "
            "(v_2 = 7 was already ordered in order 1 (as its v_2): a tastiness can be ordered only once)");
  // 3 was delivered in order 1 (first): ordering it again is just as illegal.
  EXPECT_EQ(message_of("? 3 9"),
            "line 2: expected order 2 '? v_1 ... v_2', got '? 3 9' "
            "(v_1 = 3 was already ordered in order 1 (as its v_1): a tastiness can be ordered only once)");
  EXPECT_EQ(message_of("?1 2"), "line 2: expected '? v_1 ... v_n' or '! m k', got '?1 2' ('?1' is neither '?' nor '!')");
  EXPECT_EQ(message_of(""), "line 2: expected '? v_1 ... v_n' or '! m k', got '' (the line is empty)");
  EXPECT_EQ(message_of(" ? 1 2"), "line 2: expected '? v_1 ... v_n' or '! m k', got ' ? 1 2' (the line starts with a space)");
}

TEST_F(GameTest, TheOrderBeforeTheFailureWasAnswered) {
  play_with(2, Strategy::last, 0, "? 3 7\n? 7 8\n");
  EXPECT_EQ(sent(), "2\n7\n");
  EXPECT_EQ(facts()["orders"], 1);
  EXPECT_EQ(facts()["delivered"], (nlohmann::json{7}));
}

TEST_F(GameTest, QueryLimitIsEnforcedAndTheExtraOrderNotAnswered) {
  std::string output;
  for (int i = 1; i <= 102; ++i) output += "? " + std::to_string(i) + "\n";
  const Finish finish = play_with(1, Strategy::random, 5, output + "! 1 1\n1\n1\n");
  EXPECT_EQ(rejected(Verdict::QLE, finish), "line 102: query 102 is over the limit of 101 queries");
  EXPECT_FALSE(finish.contestant_eof);
  std::string answers = "1\n";
  for (int i = 1; i <= 101; ++i) answers += std::to_string(i) + "\n";
  EXPECT_EQ(sent(), answers);
  EXPECT_EQ(facts()["orders"], 101);
  EXPECT_EQ(session_->queries(), 102);
  // The 102nd order is over the limit whatever it holds.
  std::string garbage = output.substr(0, output.rfind("? 102"));
  EXPECT_EQ(rejected(Verdict::QLE, play_with(1, Strategy::random, 5, garbage + "? -1 x\n")),
            "line 102: query 102 is over the limit of 101 queries");
}

TEST_F(GameTest, ExactlyTheLimitIsFine) {
  std::string output;
  for (int i = 1; i <= 101; ++i) output += "? " + std::to_string(i) + "\n";
  const Finish finish = play_with(1, Strategy::random, 5, output + "! 2 1\n1 2\n3\n");
  EXPECT_EQ(finish.outcome, Outcome::accept) << finish.message;
  EXPECT_EQ(finish.message, "equal sums 3 with 2 + 1 cookies, after 101 orders");
}

TEST_F(GameTest, WrongAnswers) {
  const auto message_of = [&](std::string answer) {
    const Finish finish = play_with(1, Strategy::first, 0, kSampleOne.substr(0, kSampleOne.find('!')) + answer);
    EXPECT_FALSE(finish.contestant_eof);
    return rejected(Verdict::WA, finish);
  };
  EXPECT_EQ(message_of("! 1 1\n7\n7\n"), "b_1 = 7 is given twice: it is also a_1 (to the other sister)");
  EXPECT_EQ(message_of("! 2 1\n7 7\n14\n"), "a_2 = 7 is given twice: it is also a_1");
  EXPECT_EQ(message_of("! 1 2\n20\n7 13\n"), "a_1 = 20 was never ordered");
  EXPECT_EQ(message_of("! 2 2\n7 13\n12 5\n"),
            "the sums differ: 20 for the first sister (2 cookies), 17 for the second (2 cookies)");
  EXPECT_EQ(message_of("! 0 1\n\n7\n"), "line 7: m = 0: the first sister must get at least one cookie");
  EXPECT_EQ(message_of("! 1 -3\n"), "line 7: k = -3: the second sister must get at least one cookie");
  // More cookies than were delivered: some value is named.
  EXPECT_EQ(message_of("! 4 3\n13 7 31 12\n5 3 1\n"), "b_3 = 1 was never ordered");
  EXPECT_EQ(message_of("! 4 3\n13 7 31 12\n5 3 13\n"), "b_3 = 13 is given twice: it is also a_1 (to the other sister)");
  // No order at all: nothing to give.
  EXPECT_EQ(rejected(Verdict::WA, play_with(3, Strategy::first, 0, "! 1 1\n1\n1\n")), "a_1 = 1 was never ordered");
}

TEST_F(GameTest, MalformedAnswers) {
  const auto message_of = [&](std::string answer) {
    const Finish finish = play_with(1, Strategy::first, 0, kSampleOne.substr(0, kSampleOne.find('!')) + answer);
    EXPECT_FALSE(finish.contestant_eof);
    return rejected(Verdict::PE, finish);
  };
  EXPECT_EQ(message_of("! 2\n"), "line 7: expected '! m k', got '! 2' (k is missing)");
  EXPECT_EQ(message_of("! 2 3 4\n"), "line 7: expected '! m k', got '! 2 3 4' (extra text after k)");
  // Counts the lists cannot match are shape errors.
  EXPECT_EQ(message_of("! 9223372036854775807 1\n7 13\n"),
            "line 8: expected the first sister's cookies 'a_1 ... a_9223372036854775807' (m = 9223372036854775807), "
            "got '7 13' (2 values, expected m = 9223372036854775807)");
  EXPECT_EQ(message_of("! two 3\n"), "line 7: expected '! m k', got '! two 3' (m 'two' is not an integer)");
  EXPECT_EQ(message_of("!2 3\n"), "line 7: expected '? v_1 ... v_n' or '! m k', got '!2 3' ('!2' is neither '?' nor '!')");
  EXPECT_EQ(message_of("! 2 3\n7\n12 5 3\n"),
            "line 8: expected the first sister's cookies 'a_1 ... a_2' (m = 2), got '7' (1 value, expected m = 2)");
  EXPECT_EQ(message_of("! 2 3\n7 13 5\n12 3\n"),
            "line 8: expected the first sister's cookies 'a_1 ... a_2' (m = 2), got '7 13 5' (more than m = 2 values)");
  EXPECT_EQ(message_of("! 2 3\n7 13\n12 5\n"),
            "line 9: expected the second sister's cookies 'b_1 ... b_3' (k = 3), got '12 5' (2 values, expected k = 3)");
  EXPECT_EQ(message_of("! 2 3\n7 13\n\n"),
            "line 9: expected the second sister's cookies 'b_1 ... b_3' (k = 3), got '' (the line is empty)");
  EXPECT_EQ(message_of("! 2 3\n7 013\n12 5 3\n"),
            "line 8: expected the first sister's cookies 'a_1 ... a_2' (m = 2), got '7 013' (a_2 '013' has leading zeros)");
  EXPECT_EQ(message_of("! 2 3\n7 0\n12 5 3\n"),
            "line 8: expected the first sister's cookies 'a_1 ... a_2' (m = 2), got '7 0' (a_2 = 0 is not in [1, 10^16])");
  EXPECT_EQ(message_of("! 2 3\n7  13\n12 5 3\n"),
            "line 8: expected the first sister's cookies 'a_1 ... a_2' (m = 2), got '7  13' "
            "(two spaces before a_2: tokens are separated by single spaces)");
  // Shape problems come first: a malformed second list beats a wrong first one.
  EXPECT_EQ(message_of("! 2 3\n7 99\n12 5 x\n"),
            "line 9: expected the second sister's cookies 'b_1 ... b_3' (k = 3), got '12 5 x' "
            "(b_3 'x' is not a decimal integer)");
}

TEST_F(GameTest, OutputEndsEarly) {
  Finish finish = play_with(1, Strategy::first, 0, "? 1\n");
  EXPECT_EQ(rejected(Verdict::WA, finish), "your program's output ended before the answer '! m k' (after 1 lines)");
  EXPECT_TRUE(finish.contestant_eof);
  EXPECT_EQ(facts()["delivered"], (nlohmann::json{1}));
  finish = play_with(1, Strategy::first, 0, "? 1\n? 2\n! 1 1\n1\n");
  EXPECT_EQ(rejected(Verdict::WA, finish), "your program's output ended before the second sister's cookies (after 4 lines)");
  EXPECT_TRUE(finish.contestant_eof);
  finish = play_with(1, Strategy::first, 0, "? 1\n? 2");
  EXPECT_EQ(rejected(Verdict::PE, finish),
            "line 2: your program's output ended in the middle of a line, without its '\\n': '? 2'");
}

// A line of exactly the limit reaches the parser; one byte more is rejected by the
// line reader.
TEST_F(GameTest, LineLimit) {
  std::string order = "? 10000000000000000";
  for (int i = 1; i < 5000; ++i) order += " " + std::to_string(9'999'999'999'999'999 - i);
  EXPECT_EQ(order.size(), 85002u);  // the longest legal order of n = 5000
  const Finish finish = play_with(5000, Strategy::max, 0, order + "\n");
  EXPECT_EQ(rejected(Verdict::WA, finish), "your program's output ended before the answer '! m k' (after 1 lines)");
  EXPECT_EQ(sent(), "5000\n10000000000000000\n");
  std::string at_limit = "?";
  while (at_limit.size() < max_line_bytes(5000)) at_limit += " 1";
  ASSERT_EQ(at_limit.size(), 90001u);
  const std::string message = rejected(Verdict::PE, play_with(5000, Strategy::max, 0, at_limit + "\n"));
  EXPECT_TRUE(message.starts_with("line 1: expected order 1 '? v_1 ... v_5000', got '...1 1 1")) << message;
  EXPECT_TRUE(message.ends_with("(more than n = 5000 values)")) << message;
  EXPECT_EQ(rejected(Verdict::PE, play_with(5000, Strategy::max, 0, at_limit + "1\n")),
            "line 1 is longer than 90001 bytes");
  EXPECT_EQ(rejected(Verdict::PE, play_with(1, Strategy::max, 0, "? 1\n? 2\n! 1 1\n" + std::string(1819, '1') + "\n")),
            "line 4 is longer than 1818 bytes");
}

// A contestant that writes an endless line of garbage (2 GB, say) is rejected as soon as
// the line passes the limit: the interactor reads little more than 90 KB of it.
TEST_F(GameTest, EndlessLineIsRejectedEarly) {
  std::signal(SIGPIPE, SIG_IGN);
  Pipe pipe;
  std::uint64_t written = 0;
  std::thread writer([&] {
    const std::string chunk(64 * 1024, '7');
    while (written < (std::uint64_t{2} << 30)) {
      const ssize_t count = ::write(pipe.write_end.get(), chunk.data(), chunk.size());
      if (count <= 0) break;  // EPIPE: the interactor stopped reading
      written += static_cast<std::uint64_t>(count);
    }
    pipe.write_end.reset();
  });
  const Finish finish = play_from(5000, Strategy::spoiler, 1, pipe.read_end.get());
  pipe.read_end.reset();
  writer.join();
  EXPECT_EQ(rejected(Verdict::PE, finish), "line 1 is longer than 90001 bytes");
  EXPECT_FALSE(finish.contestant_eof);
  EXPECT_LT(written, std::uint64_t{1} << 20);
}

// The maximal test: 101 orders of 5000 values against the adaptive courier, then an
// answer. Interactor CPU well under a second in an optimized build (about 80 ms; ten
// times the bound without NDEBUG: unoptimized and sanitizer builds).
TEST_F(GameTest, MaximalTestIsFast) {
  std::string output;
  for (int order = 0; order < 101; ++order) {
    output += consecutive_order(9'000'000'000'000'000 + std::int64_t{order} * 5000, 5000);
  }
  output += "! 1 1\n1\n1\n";
  const std::clock_t start = std::clock();
  const Finish finish = play_with(5000, Strategy::spoiler, 42, output);
  const double cpu_ms = 1000.0 * static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC;
  EXPECT_EQ(rejected(Verdict::WA, finish), "a_1 = 1 was never ordered");
  EXPECT_EQ(facts()["orders"], 101);
#ifdef NDEBUG
  EXPECT_LT(cpu_ms, 1000.0);
#else
  EXPECT_LT(cpu_ms, 10000.0);
#endif
  std::printf("maximal test: %.1f ms of CPU\n", cpu_ms);
}

}  // namespace
}  // namespace twin_cookies
