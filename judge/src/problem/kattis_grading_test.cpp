#include "problem/kattis_grading.hpp"

#include <gtest/gtest.h>

#include "base/errors.hpp"

namespace judge {
namespace {

using Flags = std::vector<std::string>;

// The default grader's replies, each checked by hand against problemtools'
// support/default_grader (python3 default_grader FLAGS < input).
struct GraderCase {
  const char* input;
  Flags flags;
  const char* verdict;
  double score;
};

TEST(DefaultGrader, RepliesAsProblemtoolsDefaultGrader) {
  const std::vector<GraderCase> cases{
      {"AC 1\nAC 1\n", {}, "AC", 2},
      {"AC 1\nWA 0\nTLE 0\n", {}, "TLE", 1},                      // worst_error: TLE is worse than WA
      {"AC 1\nWA 0\nTLE 0\n", {"first_error"}, "WA", 1},
      {"WA 0\nRTE 0\nMLE 0\n", {"worst_error"}, "RTE", 0},
      {"WA 0\nRTE 0\n", {"always_accept"}, "AC", 0},
      {"WA 0\nAC 5\n", {"accept_if_any_accepted"}, "AC", 5},
      {"WA 0\nWA 0\n", {"accept_if_any_accepted"}, "WA", 0},
      {"AC 2\nAC 4\n", {"avg"}, "AC", 3},
      {"AC 1\nAC 0\nAC 0\n", {"avg"}, "AC", 0.333333},            // "%f": six decimals
      {"AC 2\nWA 7\n", {"max"}, "WA", 7},
      {"AC 2\nAC 7\n", {"min"}, "AC", 2},
      {"AC 2\nAC 7\n", {"min", "sum"}, "AC", 9},                  // the last mode wins
      {"AC 2\nAC 7\n", {"max", "first_error", "worst_error", "no_errors"}, "AC", 7},
      {"AC 0\nWA 40\n", {"ignore_sample"}, "WA", 40},             // the sample's result is dropped
      {"AC 10\n", {"ignore_sample"}, "AC", 10},
      {"AC 1e2\n", {}, "AC", 100},
      {"AC 1\nWA 2\n", {"unknown_flag"}, "WA", 3},                // a flag it does not know is ignored
  };
  for (const auto& c : cases) {
    const GraderReply reply = default_grader(c.input, c.flags);
    EXPECT_EQ(reply.verdict, c.verdict) << c.input;
    EXPECT_DOUBLE_EQ(reply.score, c.score) << c.input;
    EXPECT_TRUE(reply.error.empty()) << c.input << reply.error;
  }
}

TEST(DefaultGrader, ItsJudgeErrorsAreJudgeErrors) {
  for (const auto& [input, flags] : std::vector<std::pair<std::string, Flags>>{
           {"AC 1\nAC 1\nAC 1\n", {"ignore_sample"}},  // more than sample and secret
           {"AC x\n", {}},                             // a score that is no number
           {"AC\n", {}},                               // a verdict without a score
           {"XX 1\n", {}},                             // a verdict it does not know
           {"", {"avg"}},                              // the average of nothing
           {"AC inf\n", {}},                           // "%f" of inf fails the reply's pattern
       }) {
    const GraderReply reply = default_grader(input, flags);
    EXPECT_EQ(reply.verdict, "JE") << input;
    EXPECT_FALSE(reply.error.empty()) << input;
  }
  EXPECT_EQ(default_grader("", {}).verdict, "AC");  // the sum of nothing: "AC 0.000000"
}

TEST(GraderOutput, OneLineVerdictAndScore) {
  EXPECT_EQ(parse_grader_output("AC 12.5\n").verdict, "AC");
  EXPECT_DOUBLE_EQ(parse_grader_output("AC 12.5\n").score, 12.5);
  EXPECT_EQ(parse_grader_output("WA -3\n\n").verdict, "WA");
  EXPECT_DOUBLE_EQ(parse_grader_output("WA -3").score, -3);
  for (const char* bad : {"", "AC\n", "PAC 5\n", "AC 5\nextra\n", "ac 5\n", "AC 1e5\n", " AC 5\n", "AC 1.2.3\n"}) {
    const GraderReply reply = parse_grader_output(bad);
    EXPECT_EQ(reply.verdict, "JE") << bad;
    EXPECT_FALSE(reply.error.empty()) << bad;
  }
}

TEST(ScoreRange, TwoNumbersWithInfinities) {
  EXPECT_EQ(parse_score_range("0 100", ""), nlohmann::json({0.0, 100.0}));
  EXPECT_EQ(parse_score_range("-inf +inf", ""), nlohmann::json({nullptr, nullptr}));
  EXPECT_EQ(parse_score_range("0 inf", ""), nlohmann::json({0.0, nullptr}));
  for (const char* bad : {"", "0", "0 1 2", "a b", "100 0", "nan 1"})
    EXPECT_THROW(parse_score_range(bad, "range: "), ConfigError) << bad;
}

// A package's data/ as icpc_testdata.cpp writes it.
nlohmann::json group(const std::string& name, nlohmann::json items, nlohmann::json keys = nlohmann::json::object()) {
  nlohmann::json result = {{"name", name},         {"on_reject", "break"}, {"grading", "default"},
                           {"grader_flags", ""},   {"accept_score", 1.0},  {"reject_score", 0.0},
                           {"range", {nullptr, nullptr}}, {"items", std::move(items)}};
  result.update(keys);
  return result;
}

// An IOI-style package: the sample ignored, two groups of 30 and 70 points each
// scored by its worst test (min) with accept_if_any_accepted up top, so a partial
// solution is AC with a partial score.
nlohmann::json ioi_style() {
  const nlohmann::json group_keys = {{"grader_flags", "min"}, {"on_reject", "continue"}};
  nlohmann::json g1 = group("secret/g1", {"secret/g1/1", "secret/g1/2"}, group_keys);
  g1["accept_score"] = 30.0;
  nlohmann::json g2 = group("secret/g2", {"secret/g2/1", "secret/g2/2"}, group_keys);
  g2["accept_score"] = 70.0;
  const nlohmann::json secret =
      group("secret", {g1, g2}, {{"grader_flags", "sum accept_if_any_accepted"}, {"on_reject", "continue"}});
  const nlohmann::json sample = group("sample", {"sample/1"}, {{"accept_score", 0.0}});
  nlohmann::json root = group("data", {sample, secret},
                              {{"grader_flags", "ignore_sample"}, {"on_reject", "continue"}, {"range", {0.0, 100.0}}});
  return kattis_legacy_scoring(root, "max", nullptr);
}

std::vector<ScoredTest> run(std::initializer_list<std::pair<const char*, Verdict>> verdicts) {
  std::vector<ScoredTest> tests;
  for (const auto& [name, verdict] : verdicts) tests.push_back({name, verdict, nullptr});
  return tests;
}

const GraderRunner no_custom = [](const std::string&, const Flags&) -> GraderReply {
  ADD_FAILURE() << "the custom grader ran";
  return {"JE", 0, "not expected"};
};

Score graded(const nlohmann::json& scoring, const std::vector<ScoredTest>& tests,
             const GraderRunner& custom = no_custom) {
  validate_kattis_legacy_scoring(scoring);
  return kattis_legacy_score(scoring, tests, Score{}, custom);
}

TEST(KattisLegacyScore, GroupsAddUpAndAPartialSolutionIsAccepted) {
  const nlohmann::json scoring = ioi_style();
  EXPECT_EQ(scoring["max_score"], 100.0);
  EXPECT_EQ(scoring["unbounded"], false);
  const auto all = [](Verdict g2) {
    return run({{"sample/1", Verdict::AC}, {"secret/g1/1", Verdict::AC}, {"secret/g1/2", Verdict::AC},
                {"secret/g2/1", Verdict::AC}, {"secret/g2/2", g2}});
  };
  Score full = graded(scoring, all(Verdict::AC));
  EXPECT_EQ(full.verdict, Verdict::AC);
  EXPECT_DOUBLE_EQ(full.score, 100);
  Score partial = graded(scoring, all(Verdict::TLE));
  EXPECT_EQ(partial.verdict, Verdict::AC);  // accept_if_any_accepted in secret
  EXPECT_DOUBLE_EQ(partial.score, 30);
  // A failed sample does not count: ignore_sample.
  std::vector<ScoredTest> sample_failed = all(Verdict::AC);
  sample_failed[0].verdict = Verdict::WA;
  EXPECT_EQ(graded(scoring, sample_failed).verdict, Verdict::AC);
  EXPECT_DOUBLE_EQ(graded(scoring, sample_failed).score, 100);
}

TEST(KattisLegacyScore, EveryGroupRejectedIsRejectedWithoutScore) {
  const Score score = graded(ioi_style(), run({{"sample/1", Verdict::AC}, {"secret/g1/1", Verdict::WA},
                                                {"secret/g1/2", Verdict::AC}, {"secret/g2/1", Verdict::RTE},
                                                {"secret/g2/2", Verdict::AC}}));
  EXPECT_EQ(score.verdict, Verdict::RTE);  // worst_error: RTE before WA
  EXPECT_DOUBLE_EQ(score.score, 0);        // the score of a rejected submission is ignored
}

TEST(KattisLegacyScore, BreakStopsAtTheFirstRejectedItem) {
  // on_reject: break (the default) with first_error: the verdict of the first
  // failure; with worst_error the tests after it are not graded either.
  const nlohmann::json scoring =
      kattis_legacy_scoring(group("data", {group("secret", {"secret/1", "secret/2", "secret/3"})}), "max", nullptr);
  const Score score =
      graded(scoring, run({{"secret/1", Verdict::WA}, {"secret/2", Verdict::RTE}, {"secret/3", Verdict::AC}}));
  EXPECT_EQ(score.verdict, Verdict::WA);  // continue would make it RTE (worst_error)
  EXPECT_EQ(score.details["groups"][0]["results"], 1);
  nlohmann::json root = group("data", {group("secret", {"secret/1", "secret/2", "secret/3"}, {{"on_reject", "continue"}})});
  EXPECT_EQ(graded(kattis_legacy_scoring(root, "max", nullptr),
                   run({{"secret/1", Verdict::WA}, {"secret/2", Verdict::RTE}, {"secret/3", Verdict::AC}}))
                .verdict,
            Verdict::RTE);
}

TEST(KattisLegacyScore, DefaultScoresAndScoreTxt) {
  // Without a range: the maximum is what every test accepted earns (3 x 1).
  const nlohmann::json scoring =
      kattis_legacy_scoring(group("data", {group("secret", {"secret/1", "secret/2", "secret/3"}, {{"on_reject", "continue"}, {"grader_flags", "always_accept"}})}), "max", nullptr);
  EXPECT_EQ(scoring["max_score"], 3.0);
  EXPECT_EQ(scoring["unbounded"], true);
  std::vector<ScoredTest> tests = run({{"secret/1", Verdict::AC}, {"secret/2", Verdict::AC}, {"secret/3", Verdict::WA}});
  tests[1].interactor_result = {{"score", 7.5}};  // score.txt
  tests[2].interactor_result = {{"score", 100}};  // on a rejected test it is not read
  const Score score = graded(scoring, tests);
  EXPECT_EQ(score.verdict, Verdict::AC);
  EXPECT_DOUBLE_EQ(score.score, 8.5);
}

TEST(KattisLegacyScore, TheCustomGraderGetsTheResultsAndTheFlags) {
  nlohmann::json root = group("data", {group("secret", {"secret/1", "secret/2"},
                                             {{"grading", "custom"}, {"grader_flags", "half please"}, {"on_reject", "continue"}})});
  const nlohmann::json scoring = kattis_legacy_scoring(root, "max", {{"name", "graders/g"}, {"command", {"/bin/true"}}});
  std::vector<std::string> inputs;
  const GraderRunner custom = [&](const std::string& input, const Flags& flags) {
    inputs.push_back(input);
    EXPECT_EQ(flags, (Flags{"half", "please"}));
    return GraderReply{"AC", 50, ""};
  };
  const Score score = graded(scoring, run({{"secret/1", Verdict::AC}, {"secret/2", Verdict::PE}}), custom);
  ASSERT_EQ(inputs.size(), 1u);
  EXPECT_EQ(inputs[0], "AC 1.0\nWA 0.0\n");  // PE is a WA to Kattis
  EXPECT_EQ(score.verdict, Verdict::AC);     // data/ sums what secret's grader said
  EXPECT_DOUBLE_EQ(score.score, 50);
  // A grader that rejects, and one that fails.
  EXPECT_EQ(graded(scoring, run({{"secret/1", Verdict::AC}}),
                   [](const std::string&, const Flags&) { return GraderReply{"WA", 0, ""}; })
                .verdict,
            Verdict::WA);
  const Score failed = graded(scoring, run({{"secret/1", Verdict::AC}}), [](const std::string&, const Flags&) {
    return GraderReply{"JE", 0, "graders/g exited with status 1"};
  });
  EXPECT_EQ(failed.verdict, Verdict::JE);
  EXPECT_NE(failed.verdict_reason.find("exited with status 1"), std::string::npos) << failed.verdict_reason;
}

TEST(KattisLegacyScore, AJudgeErrorInATestIsTheGroupsWithoutItsGrader) {
  nlohmann::json root = group("data", {group("secret", {"secret/1", "secret/2"},
                                             {{"grader_flags", "always_accept"}, {"on_reject", "continue"}})});
  const Score score = graded(kattis_legacy_scoring(root, "max", nullptr),
                             run({{"secret/1", Verdict::JE}, {"secret/2", Verdict::AC}}));
  EXPECT_EQ(score.verdict, Verdict::JE);
}

TEST(KattisLegacyScore, AScoreOutsideTheRangeIsReported) {
  nlohmann::json root = group("data", {group("secret", {"secret/1", "secret/2"}, {{"range", {0.0, 1.0}}})});
  const Score score =
      graded(kattis_legacy_scoring(root, "max", nullptr), run({{"secret/1", Verdict::AC}, {"secret/2", Verdict::AC}}));
  ASSERT_TRUE(score.details.contains("out_of_range"));
  EXPECT_NE(score.details["out_of_range"][0].get<std::string>().find("group secret scored 2, outside its range [0, 1]"),
            std::string::npos);
}

TEST(KattisLegacyScore, TestsNotRunAreNotGraded) {
  // A group none of whose tests ran is left out, as problemtools leaves out a group
  // its filter empties.
  const nlohmann::json scoring = ioi_style();
  const Score score = graded(scoring, run({{"sample/1", Verdict::AC}, {"secret/g1/1", Verdict::AC}, {"secret/g1/2", Verdict::AC}}));
  EXPECT_EQ(score.verdict, Verdict::AC);
  EXPECT_DOUBLE_EQ(score.score, 30);
}

TEST(KattisLegacyScore, AMalformedTreeIsAConfigError) {
  nlohmann::json scoring = ioi_style();
  scoring["root"]["on_reject"] = "grade";
  EXPECT_THROW(validate_kattis_legacy_scoring(scoring), ConfigError);
  scoring = ioi_style();
  scoring["root"]["items"][1]["accept_score"] = "x";
  EXPECT_THROW(validate_kattis_legacy_scoring(scoring), ConfigError);
  scoring = ioi_style();
  scoring["custom_grader"] = {{"command", nlohmann::json::array()}};
  EXPECT_THROW(validate_kattis_legacy_scoring(scoring), ConfigError);
}

}  // namespace
}  // namespace judge
