#include "grade/passes.hpp"

#include <gtest/gtest.h>

namespace judge {
namespace {

PassFacts pass(std::int64_t number, bool nextpass, bool accepted, bool probe,
               Verdict verdict = Verdict::AC) {
  PassFacts facts;
  facts.pass = number;
  facts.pass_limit = 2;
  facts.wrote_nextpass = nextpass;
  facts.interactor_accepted = accepted;
  facts.probe = probe;
  facts.verdict = verdict;
  return facts;
}

TEST(Passes, SinglePassIsFinal) {
  EXPECT_EQ(next_pass_step(pass(1, false, true, false)).step, PassStep::final_pass);
  EXPECT_EQ(next_pass_step(pass(1, false, false, false, Verdict::WA)).step, PassStep::final_pass);
}

TEST(Passes, ProbeWithNextpassGoesOn) {
  EXPECT_EQ(next_pass_step(pass(1, true, true, true)).step, PassStep::next_pass);
}

TEST(Passes, GradedPassWithNextpassGoesOnOnlyIfAccepted) {
  EXPECT_EQ(next_pass_step(pass(1, true, true, false)).step, PassStep::next_pass);
  // The submission crashed after the interactor accepted: that verdict stands.
  EXPECT_EQ(next_pass_step(pass(1, true, true, false, Verdict::RTE)).step, PassStep::final_pass);
}

TEST(Passes, NextpassWithoutAcceptingIsJudgeError) {
  const PassDecision decision = next_pass_step(pass(1, true, false, false, Verdict::WA));
  EXPECT_EQ(decision.step, PassStep::judge_error);
  EXPECT_NE(decision.message.find("without accepting"), std::string::npos);
}

// ICPC: more passes than limits.validation_passes is the submission's wrong answer.
TEST(Passes, AskingForMorePassesThanAllowedIsTooMany) {
  const PassDecision decision = next_pass_step(pass(2, true, true, true));
  EXPECT_EQ(decision.step, PassStep::too_many_passes);
  EXPECT_NE(decision.message.find("pass limit is 2"), std::string::npos);
}

TEST(Passes, ProbeWithoutNextpassIsJudgeError) {
  EXPECT_EQ(next_pass_step(pass(1, false, true, true)).step, PassStep::judge_error);
}

}  // namespace
}  // namespace judge
