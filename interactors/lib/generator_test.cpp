#include "generator.hpp"

#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace interactor {
namespace {

std::string message_of(void (*call)()) {
  try {
    call();
  } catch (const GeneratorUsageError& error) {
    return error.message;
  }
  return "(no error)";
}

TEST(GeneratorArguments, AnIntegerMustBeDecimalAndInItsRange) {
  EXPECT_EQ(integer_argument("7", {1, 10}, "N"), 7);
  EXPECT_EQ(size_argument("1000", {2, 1000}), 1000);
  EXPECT_EQ(integer_argument("9", 1, 10, "N"), 9);  // the form with the bounds apart
  EXPECT_EQ(message_of([] { size_argument("1", {2, 1000}); }), "N must be an integer in 2..1000, got '1'");
  EXPECT_EQ(integer_argument("-3", {-5, 0}, "P"), -3);
  EXPECT_EQ(message_of([] { integer_argument("11", {1, 10}, "N"); }), "N must be an integer in 1..10, got '11'");
  EXPECT_EQ(message_of([] { integer_argument("07", {1, 10}, "N"); }), "N must be an integer in 1..10, got '07'");
  EXPECT_EQ(message_of([] { integer_argument("x", {1, 10}, "N"); }), "N must be an integer in 1..10, got 'x'");
}

TEST(GeneratorArguments, ASeedIsAnyUnsigned64BitDecimal) {
  EXPECT_EQ(seed_argument("18446744073709551615"), 18446744073709551615ULL);
  EXPECT_EQ(seed_argument("0"), 0U);
  EXPECT_EQ(message_of([] { seed_argument("18446744073709551616"); }),
            "SEED must be an unsigned 64-bit decimal integer, got '18446744073709551616'");
  EXPECT_EQ(message_of([] { seed_argument("-1"); }), "SEED must be an unsigned 64-bit decimal integer, got '-1'");
}

TEST(GeneratorArguments, ACommandTakesExactlyItsCount) {
  expect_argument_count({"fixed", "1", "2"}, 2);
  EXPECT_EQ(message_of([] { expect_argument_count({"fixed", "1"}, 2); }), "'fixed' takes 2 argument(s), got 1");
}

std::string echo_arguments(const std::vector<std::string_view>& args) {
  if (args[0] == "bad") throw GeneratorUsageError{"unknown command 'bad'"};
  std::string test;
  for (const auto arg : args) test += std::string(arg) + "\n";
  return test;
}

TEST(RunGenerator, TheTestGoesToStdoutAndTheExitIsZero) {
  std::string a0 = "generator", a1 = "sorted", a2 = "5";
  char* argv[] = {a0.data(), a1.data(), a2.data()};
  ::testing::internal::CaptureStdout();
  const int status = run_generator(3, argv, "usage: generator sorted N\n", echo_arguments);
  EXPECT_EQ(::testing::internal::GetCapturedStdout(), "sorted\n5\n");
  EXPECT_EQ(status, 0);
}

TEST(RunGenerator, AWrongCommandLineSaysWhatAndTheUsageAndExitsTwo) {
  std::string a0 = "generator";
  char* argv[] = {a0.data()};
  ::testing::internal::CaptureStdout();
  ::testing::internal::CaptureStderr();
  const int status = run_generator(1, argv, "usage: generator sorted N\n", echo_arguments);
  EXPECT_EQ(::testing::internal::GetCapturedStderr(), "generator: no command\nusage: generator sorted N\n");
  EXPECT_EQ(::testing::internal::GetCapturedStdout(), "");
  EXPECT_EQ(status, 2);
  std::string a1 = "bad";
  char* bad_argv[] = {a0.data(), a1.data()};
  ::testing::internal::CaptureStderr();
  EXPECT_EQ(run_generator(2, bad_argv, "usage: generator sorted N\n", echo_arguments), 2);
  EXPECT_EQ(::testing::internal::GetCapturedStderr(), "generator: unknown command 'bad'\nusage: generator sorted N\n");
}

}  // namespace
}  // namespace interactor
