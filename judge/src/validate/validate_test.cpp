#include "validate/validate.hpp"

#include <map>

#include <gtest/gtest.h>

namespace judge {
namespace {

TestCase test_named(const std::string& name) {
  TestCase test;
  test.name = name;
  test.input = "/t/" + name + ".in";
  return test;
}

ToolRun ended_with(int code, std::string output = "") {
  ToolRun run;
  run.ended_in_time = true;
  run.exit.exit_code = code;
  run.output = std::move(output);
  return run;
}

TEST(InputValidation, ExitCodesFollowTheIcpcConvention) {
  EXPECT_EQ(classify_validator_run(ended_with(42)), InputStatus::valid);
  EXPECT_EQ(classify_validator_run(ended_with(43)), InputStatus::invalid);
  // Anything else is the validator's fault, never the test's.
  EXPECT_EQ(classify_validator_run(ended_with(0)), InputStatus::validator_failed);
  EXPECT_EQ(classify_validator_run(ended_with(1)), InputStatus::validator_failed);
  ToolRun killed = ended_with(0);
  killed.exit.signaled = true;
  killed.exit.signal = 11;
  EXPECT_EQ(classify_validator_run(killed), InputStatus::validator_failed);
  ToolRun slow = ended_with(42);
  slow.ended_in_time = false;
  EXPECT_EQ(classify_validator_run(slow), InputStatus::validator_failed);
}

// A CMS task's gen/validator (task-maker's convention): exit 0 is valid, any other
// exit invalid; a signal or a run past its time is still the validator's failure.
TEST(InputValidation, TaskMakerValidatorsExitZeroForAValidInput) {
  EXPECT_EQ(classify_validator_run(ended_with(0), true), InputStatus::valid);
  EXPECT_EQ(classify_validator_run(ended_with(1), true), InputStatus::invalid);
  EXPECT_EQ(classify_validator_run(ended_with(42), true), InputStatus::invalid);
  ToolRun killed = ended_with(0);
  killed.exit.signaled = true;
  killed.exit.signal = 11;
  EXPECT_EQ(classify_validator_run(killed, true), InputStatus::validator_failed);
  ToolRun slow = ended_with(0);
  slow.ended_in_time = false;
  EXPECT_EQ(classify_validator_run(slow, true), InputStatus::validator_failed);
}

TEST(InputValidation, EveryArgumentListRunsAndTheFirstRejectIsReported) {
  TestCase small = test_named("s1-01");
  small.input_validator_runs = {{}, {"--subtask", "1"}, {"--subtask", "2"}};
  TestCase big = test_named("s3-01");
  big.input_validator_runs = {{}, {"--subtask", "3"}};
  const InputValidator validator{"input_validator.cpp", {"/v"}, {}};
  std::vector<std::string> seen;
  const auto fake = [&](const InputValidator&, const std::vector<std::string>& args, const std::filesystem::path& in) {
    seen.push_back(in.string() + (args.empty() ? "" : " " + args[1]));
    if (in == "/t/s3-01.in" && !args.empty()) return ended_with(43, "line 1: n = 30 is above 25 (subtask 3)\n");
    return ended_with(42);
  };
  const auto checks = validate_inputs({small, big}, {validator}, fake);
  ASSERT_EQ(checks.size(), 2u);
  EXPECT_EQ(checks[0].status, InputStatus::valid);
  EXPECT_EQ(checks[0].runs, 3);
  EXPECT_EQ(checks[1].status, InputStatus::invalid);
  EXPECT_EQ(checks[1].args, (std::vector<std::string>{"--subtask", "3"}));
  EXPECT_EQ(checks[1].message, "line 1: n = 30 is above 25 (subtask 3)");
  EXPECT_EQ(seen, (std::vector<std::string>{"/t/s1-01.in", "/t/s1-01.in 1", "/t/s1-01.in 2", "/t/s3-01.in",
                                            "/t/s3-01.in 3"}));
}

TEST(InputValidation, ABrokenValidatorIsNamedAndNotBlamedOnTheTest) {
  const TestCase test = test_named("01");
  const InputValidator good{"a.py", {"/a"}, {}};
  const InputValidator broken{"b.cpp", {"/b"}, {}};
  const auto fake = [&](const InputValidator& validator, const std::vector<std::string>&, const std::filesystem::path&) {
    return validator.name == "a.py" ? ended_with(42) : ended_with(1, "Traceback: boom");
  };
  const auto checks = validate_inputs({test}, {good, broken}, fake);
  ASSERT_EQ(checks.size(), 1u);
  EXPECT_EQ(checks[0].status, InputStatus::validator_failed);
  EXPECT_EQ(checks[0].validator, "b.cpp");
  EXPECT_NE(checks[0].message.find("exited with status 1"), std::string::npos) << checks[0].message;
  const nlohmann::json json = input_checks_to_json(checks);
  EXPECT_EQ(json["tests"][0]["status"], "validator_failed");
  EXPECT_EQ(json["valid"], 0);
}

TEST(InputValidation, SilentRejectAndGarbageAreStillOneReadableLine) {
  const TestCase test = test_named("01");
  const InputValidator validator{"v", {"/v"}, {}};
  auto checks = validate_inputs({test}, {validator}, [](auto&&...) { return ended_with(43); });
  EXPECT_EQ(checks[0].message, "(it said nothing)");
  checks = validate_inputs({test}, {validator}, [](auto&&...) {
    return ended_with(43, std::string("line 2\n\x01\xff: bad\n") + std::string(1000, 'x'));
  });
  EXPECT_EQ(checks[0].message.find('\n'), std::string::npos);
  EXPECT_LE(checks[0].message.size(), 320u);
}

}  // namespace
}  // namespace judge
