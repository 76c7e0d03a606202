#include "verify/example_submissions.hpp"

#include <fstream>

#include <gtest/gtest.h>

#include "base/errors.hpp"
#include "base/temp_dir.hpp"

namespace judge {
namespace {
namespace fs = std::filesystem;
using V = Verdict;

class ExampleSubmissions : public testing::Test {
 protected:
  void SetUp() override {
    problem.format = ProblemFormat::icpc;
    problem.submissions_dir = temp.path() / "submissions";
    problem.scoring = {{"type", "all_or_nothing"}, {"max_score", 100}};
    for (const char* name : {"sample/1", "secret/loose/04", "secret/strict/01", "secret/strict/02"})
      problem.tests.push_back({name, "", "", {}, std::string(name).starts_with("sample")});
  }
  void write(const std::string& name, const std::string& text = "int main() {}\n") {
    const fs::path path = problem.submissions_dir / name;
    fs::create_directories(path.parent_path());
    std::ofstream(path) << text;
  }
  const ExampleSubmission& get(const SubmissionListing& listing, const std::string& name) {
    for (const auto& submission : listing.submissions)
      if (submission.name == name) return submission;
    throw std::runtime_error("no submission " + name);
  }
  bool passes(const ExampleSubmission& submission, std::vector<TestVerdict> tests,
              std::optional<double> score = std::nullopt) {
    return check_expectation(submission, tests, score).passed;
  }
  static std::vector<TestVerdict> all(V verdict) {
    return {{"sample/1", verdict, ""}, {"secret/loose/04", verdict, ""},
            {"secret/strict/01", verdict, ""}, {"secret/strict/02", verdict, ""}};
  }
  static bool has(const std::vector<std::string>& notes, const std::string& text) {
    for (const auto& note : notes)
      if (note.find(text) != std::string::npos) return true;
    return false;
  }
  TempDir temp{"example-submissions-test-"};
  Problem problem;
};

TEST_F(ExampleSubmissions, EveryFileOrFolderOfEachFolderInNameOrder) {
  write("accepted/b.cpp");
  write("accepted/a.py");
  write("accepted/multi/main.py");
  write("accepted/multi/util.py");
  write("accepted/old.cpp.disabled");
  write("accepted/.hidden.cpp");
  write("accepted/README.md");
  write("wrong_answer/w.cpp");
  write("stray.cpp");
  const SubmissionListing listing = read_example_submissions(problem);
  std::vector<std::string> names;
  for (const auto& submission : listing.submissions) names.push_back(submission.name);
  EXPECT_EQ(names, (std::vector<std::string>{"accepted/a.py", "accepted/b.cpp", "accepted/multi",
                                             "wrong_answer/w.cpp"}));
  EXPECT_EQ(get(listing, "accepted/multi").path, problem.submissions_dir / "accepted/multi");
  EXPECT_EQ(get(listing, "wrong_answer/w.cpp").folder, "wrong_answer");
  EXPECT_TRUE(has(listing.notes, "stray.cpp is not in a folder"));
  problem.submissions_dir.clear();
  EXPECT_TRUE(list_example_submissions(problem).empty());
}

TEST_F(ExampleSubmissions, DefaultFoldersOf2025) {
  for (const char* folder : {"accepted", "rejected", "wrong_answer", "time_limit_exceeded",
                             "run_time_error", "brute_force"})
    write(std::string(folder) + "/s.cpp");
  const SubmissionListing listing = read_example_submissions(problem);
  EXPECT_TRUE(passes(get(listing, "accepted/s.cpp"), all(V::AC)));
  EXPECT_FALSE(passes(get(listing, "accepted/s.cpp"), all(V::WA)));
  EXPECT_TRUE(passes(get(listing, "rejected/s.cpp"), all(V::MLE)));
  EXPECT_FALSE(passes(get(listing, "rejected/s.cpp"), all(V::AC)));
  EXPECT_TRUE(passes(get(listing, "wrong_answer/s.cpp"), all(V::PE)));
  EXPECT_TRUE(passes(get(listing, "time_limit_exceeded/s.cpp"), all(V::ILE)));
  EXPECT_FALSE(passes(get(listing, "time_limit_exceeded/s.cpp"),
                      {{"secret/strict/01", V::TLE, ""}, {"secret/strict/02", V::WA, ""}}));
  EXPECT_TRUE(passes(get(listing, "run_time_error/s.cpp"), all(V::OLE)));
  EXPECT_FALSE(passes(get(listing, "run_time_error/s.cpp"),
                      {{"secret/strict/01", V::RTE, ""}, {"secret/strict/02", V::TLE, ""}}));
  EXPECT_TRUE(passes(get(listing, "brute_force/s.cpp"), all(V::TLE)));
  EXPECT_FALSE(passes(get(listing, "brute_force/s.cpp"), all(V::WA)));
}

TEST_F(ExampleSubmissions, LegacyFoldersAsTheLegacySpecificationWordsThem) {
  problem.format = ProblemFormat::icpc_legacy;
  write("time_limit_exceeded/t.cpp");
  write("run_time_error/r.cpp");
  write("partially_accepted/p.py");
  const SubmissionListing listing = read_example_submissions(problem);
  // "May also give wrong answer but not crash"; "crashes for some test case".
  EXPECT_TRUE(passes(get(listing, "time_limit_exceeded/t.cpp"),
                     {{"secret/strict/01", V::TLE, ""}, {"secret/strict/02", V::WA, ""}}));
  EXPECT_TRUE(passes(get(listing, "run_time_error/r.cpp"),
                     {{"secret/strict/01", V::RTE, ""}, {"secret/strict/02", V::TLE, ""}}));
  EXPECT_TRUE(passes(get(listing, "partially_accepted/p.py"), all(V::AC), 40));
  EXPECT_FALSE(passes(get(listing, "partially_accepted/p.py"), all(V::AC), 100));
}

TEST_F(ExampleSubmissions, SubmissionsYamlGlobsGroupsAndMessages) {
  write("accepted/binary.py");
  write("accepted/binary.cpp");
  write("wrong_answer/one_first.py");
  write("mixed/ac.py");
  write("mixed/ac.cpp");
  write("submissions.yaml",
        "accepted/binary.py:\n  model_solution: true\n  language: python3\n"
        "wrong_answer/one_first.py:\n"
        "  sample:\n    permitted: [AC]\n"
        "  secret/strict:\n    permitted: [AC, WA]\n    required: [WA]\n"
        "  secret/loose:\n    permitted: [AC]\n"
        "  message: more than 10 guesses\n"
        "mixed/ac.{py,cpp}:\n  permitted: [AC, WA]\n"
        "nobody/*:\n  permitted: [AC]\n"
        "accepted/*:\n  secret/typo:\n    permitted: [AC]\n");
  const SubmissionListing listing = read_example_submissions(problem);
  EXPECT_TRUE(get(listing, "accepted/binary.py").model_solution);
  EXPECT_EQ(get(listing, "accepted/binary.py").language, "python3");
  EXPECT_FALSE(get(listing, "accepted/binary.cpp").model_solution);
  const ExampleSubmission& one_first = get(listing, "wrong_answer/one_first.py");
  std::vector<TestVerdict> run = {{"sample/1", V::AC, ""}, {"secret/loose/04", V::AC, ""},
                                  {"secret/strict/01", V::WA, "used more than 10 guesses"},
                                  {"secret/strict/02", V::AC, ""}};
  EXPECT_TRUE(passes(one_first, run));
  run[1].verdict = V::WA;  // loose must be AC although the folder permits WA
  EXPECT_FALSE(passes(one_first, run));
  run[1].verdict = V::AC;
  run[2].judgemessage = "wrong guess";
  EXPECT_FALSE(passes(one_first, run));  // the message is missing
  // Brace expansion: both files of mixed/ are matched.
  EXPECT_TRUE(passes(get(listing, "mixed/ac.cpp"), all(V::WA)));
  EXPECT_FALSE(passes(get(listing, "mixed/ac.py"), all(V::TLE)));
  EXPECT_TRUE(has(listing.notes, "'nobody/*' matches no submission"));
  EXPECT_TRUE(has(listing.notes, "secret/typo matches no test"));
}

TEST_F(ExampleSubmissions, AKeyNamingADefaultFolderChangesItsRule) {
  write("time_limit_exceeded/slow.py");
  write("accepted/fast.py");
  write("submissions.yaml", "time_limit_exceeded:\n  permitted: [AC, WA, TLE]\n"
                            "accepted:\n  use_for_time_limit: lower\n");
  const SubmissionListing listing = read_example_submissions(problem);
  const ExampleSubmission& slow = get(listing, "time_limit_exceeded/slow.py");
  ASSERT_EQ(slow.rules.size(), 1u);  // changed, not added to
  // use_for_time_limit on a default folder keeps its constraint rule too.
  const ExampleSubmission& fast = get(listing, "accepted/fast.py");
  ASSERT_EQ(fast.rules.size(), 2u);
  EXPECT_EQ(fast.rules[1].time_limit, TimeLimitUse::lower);
  EXPECT_EQ(fast.rules[0].permitted, std::set<Verdict>{V::AC});
  EXPECT_TRUE(passes(slow, {{"secret/strict/01", V::TLE, ""}, {"secret/strict/02", V::WA, ""}}));
  EXPECT_FALSE(passes(slow, all(V::WA)));  // required TLE is kept from the default
}

TEST_F(ExampleSubmissions, UseForTimeLimitIsRecordedAndAddsItsConstraint) {
  write("time_limit_exceeded/waits.py");
  write("accepted/fast.py");
  write("submissions.yaml",
        "time_limit_exceeded/waits.py:\n  use_for_time_limit: false\n"
        "accepted/fast.py:\n  secret:\n    use_for_time_limit: upper\n");
  const SubmissionListing listing = read_example_submissions(problem);
  const ExampleSubmission& waits = get(listing, "time_limit_exceeded/waits.py");
  ASSERT_EQ(waits.rules.size(), 2u);
  // Only use_for_time_limit: false: the folder's rule is opted out too.
  EXPECT_EQ(waits.rules[0].time_limit, TimeLimitUse::none);
  EXPECT_EQ(waits.rules[1].time_limit, TimeLimitUse::none);
  const ExampleSubmission& fast = get(listing, "accepted/fast.py");
  ASSERT_EQ(fast.rules.size(), 3u);
  EXPECT_EQ(fast.rules[2].time_limit, TimeLimitUse::upper);
  EXPECT_EQ(fast.rules[2].required, std::set<Verdict>{V::TLE});
}

TEST_F(ExampleSubmissions, MistakesInSubmissionsYamlAreConfigErrorsNamingTheKey) {
  write("accepted/a.py");
  auto error_with = [&](const std::string& yaml) -> std::string {
    write("submissions.yaml", yaml);
    try {
      read_example_submissions(problem);
    } catch (const ConfigError& error) {
      return error.what();
    }
    return "no error";
  };
  EXPECT_NE(error_with("accepted/a.py:\n  permitted: [AC, PE]\n").find("accepted/a.py.permitted holds 'PE'"),
            std::string::npos);
  EXPECT_NE(error_with("accepted/a.py: AC\n").find("must be a map"), std::string::npos);
  EXPECT_NE(error_with("accepted/a.py:\n  secret: [AC]\n").find("accepted/a.py.secret"), std::string::npos);
  EXPECT_NE(error_with("accepted/a.py:\n  score: [1, 2, 3]\n").find("score"), std::string::npos);
  EXPECT_NE(error_with("accepted/a.py:\n  use_for_time_limit: sometimes\n").find("lower or upper"),
            std::string::npos);
}

TEST_F(ExampleSubmissions, ExpectedResultsTagsDecideOutsideTheStandardFolders) {
  write("mixed/random.py", "# @EXPECTED_RESULTS@: CORRECT, WRONG-ANSWER\nprint(1)\n");
  write("mixed/zero.cpp", "// @expected_results@: wrong_answer\nint main() {}\n");
  write("rejected/slow.c", "/*\n * @EXPECTED_RESULTS@: TIMELIMIT, RUN-ERROR */\n");
  write("accepted/tagged.cpp", "// @EXPECTED_RESULTS@: WRONG-ANSWER\n");
  write("mixed/folder/main.py", "print(1)\n");
  write("mixed/folder/util.py", "# @EXPECTED_RESULTS@: TIMELIMIT\n");
  write("mixed/untagged.py", "print(1)\n");
  const SubmissionListing listing = read_example_submissions(problem);
  EXPECT_TRUE(passes(get(listing, "mixed/random.py"), all(V::AC)));
  EXPECT_TRUE(passes(get(listing, "mixed/random.py"), all(V::WA)));
  EXPECT_FALSE(passes(get(listing, "mixed/random.py"), all(V::TLE)));
  EXPECT_TRUE(passes(get(listing, "mixed/zero.cpp"), all(V::WA)));
  EXPECT_FALSE(passes(get(listing, "mixed/zero.cpp"), all(V::AC)));
  // In rejected/ the tag replaces the folder's rule.
  EXPECT_TRUE(passes(get(listing, "rejected/slow.c"), all(V::TLE)));
  EXPECT_FALSE(passes(get(listing, "rejected/slow.c"), all(V::WA)));
  // In accepted/ the folder wins (DOMjudge), with a note.
  const ExampleSubmission& tagged = get(listing, "accepted/tagged.cpp");
  EXPECT_TRUE(passes(tagged, all(V::AC)));
  EXPECT_TRUE(has(tagged.notes, "ignored in accepted/"));
  // A folder submission's tag may be in any of its files.
  EXPECT_TRUE(passes(get(listing, "mixed/folder"), all(V::TLE)));
  // No folder rule, no tag, no entry: nothing is expected, and that is said.
  const ExampleSubmission& untagged = get(listing, "mixed/untagged.py");
  EXPECT_TRUE(untagged.rules.empty());
  EXPECT_TRUE(has(untagged.notes, "nothing is expected of it"));
}

// A Polygon package lists its solutions with tags: main is the model solution,
// wrong-answer must be WA somewhere, do-not-run is not run.
TEST_F(ExampleSubmissions, PolygonTagsAreTheExpectations) {
  problem.format = ProblemFormat::polygon;
  problem.dir = temp.path();
  problem.tagged_submissions = {{temp.path() / "solutions/sol.py", "main"},
                                {temp.path() / "solutions/wa.py", "wrong-answer"},
                                {temp.path() / "solutions/gen.py", "do-not-run"}};
  const auto submissions = list_example_submissions(problem);
  ASSERT_EQ(submissions.size(), 2u);
  EXPECT_TRUE(submissions[0].model_solution);
  EXPECT_EQ(submissions[1].name, "solutions/wa.py");
  ASSERT_EQ(submissions[1].rules.size(), 1u);
  EXPECT_EQ(submissions[1].rules[0].required, std::set<Verdict>{Verdict::WA});
}

TEST_F(ExampleSubmissions, ProblemJsonFoldersAreExactVerdicts) {
  problem.format = ProblemFormat::native;
  write("accepted/a.cpp");
  write("presentation_error/p.cpp");
  write("compile_error/c.cpp");
  write("partially_accepted/s.cpp", "// expect-score: 10 60\nint main() {}\n");
  write("partially_accepted/u.cpp");
  write("submissions.yaml", "accepted/a.cpp:\n  permitted: [WA]\n");  // not read for problem.json
  const SubmissionListing listing = read_example_submissions(problem);
  EXPECT_TRUE(passes(get(listing, "accepted/a.cpp"), all(V::AC)));
  EXPECT_TRUE(passes(get(listing, "presentation_error/p.cpp"), all(V::PE)));
  EXPECT_FALSE(passes(get(listing, "presentation_error/p.cpp"), all(V::WA)));  // exact
  EXPECT_TRUE(passes(get(listing, "compile_error/c.cpp"), {{"compile", V::CE, ""}}));
  EXPECT_TRUE(passes(get(listing, "partially_accepted/s.cpp"), all(V::AC), 42));
  EXPECT_FALSE(passes(get(listing, "partially_accepted/s.cpp"), all(V::AC), 61));
  EXPECT_TRUE(passes(get(listing, "partially_accepted/u.cpp"), all(V::AC), 99));
  EXPECT_FALSE(passes(get(listing, "partially_accepted/u.cpp"), all(V::AC), 100));
  write("mixed/m.cpp");
  EXPECT_THROW(read_example_submissions(problem), ConfigError);
}

// "expect-score: MIN..MAX" (or "MIN MAX") is two numbers, whole: one number, trailing junk or an
// infinity is the setter's mistake, said by name, not a range read from a prefix.
TEST_F(ExampleSubmissions, ExpectScoreIsTwoWholeNumbers) {
  problem.format = ProblemFormat::native;
  write("partially_accepted/s.cpp", "// expect-score: 10 60.5 (the greedy one)\nint main() {}\n");
  EXPECT_TRUE(passes(get(read_example_submissions(problem), "partially_accepted/s.cpp"), all(V::AC), 60.5));
  // The documented form, MIN..MAX, with or without spaces around the dots.
  for (const char* line : {"// expect-score: 34..45", "// expect-score: 34 .. 45", "# expect-score: 34..45 greedy"}) {
    write("partially_accepted/s.cpp", std::string(line) + "\nint main() {}\n");
    const auto listing = read_example_submissions(problem);
    EXPECT_TRUE(passes(get(listing, "partially_accepted/s.cpp"), all(V::AC), 34)) << line;
    EXPECT_TRUE(passes(get(listing, "partially_accepted/s.cpp"), all(V::AC), 45)) << line;
    EXPECT_FALSE(passes(get(listing, "partially_accepted/s.cpp"), all(V::AC), 46)) << line;
  }
  for (const char* line : {"// expect-score: 10 60x", "// expect-score: 10", "// expect-score: 10 inf",
                           "// expect-score: ten 60", "// expect-score: 10..", "// expect-score: ..60"}) {
    write("partially_accepted/s.cpp", std::string(line) + "\nint main() {}\n");
    try {
      read_example_submissions(problem);
      ADD_FAILURE() << line << ": accepted";
    } catch (const ConfigError& error) {
      EXPECT_NE(std::string(error.what()).find("expect-score needs two numbers"), std::string::npos) << error.what();
    }
  }
}

// One syntax in every format that has scores: a CMS task's (and an ICPC package's)
// submission bounds its score with the same expect-score line as a problem.json
// problem's, beside its folder's rule (issue 48: it was silently ignored there).
TEST_F(ExampleSubmissions, ExpectScoreIsHonouredInCmsTasksAndPackages) {
  for (const ProblemFormat format : {ProblemFormat::cms, ProblemFormat::icpc}) {
    problem.format = format;
    write("partially_accepted/half.cpp", "// expect-score: 40..60\nint main() {}\n");
    write("accepted/full.py", "# expect-score: 100 100\n");
    write("wrong_answer/w.cpp", "// expect-score: 0..0\nint main() {}\n");
    const SubmissionListing listing = read_example_submissions(problem);
    const auto& half = get(listing, "partially_accepted/half.cpp");
    EXPECT_TRUE(passes(half, all(V::AC), 50));
    EXPECT_FALSE(passes(half, all(V::AC), 61));
    EXPECT_FALSE(passes(half, all(V::AC), 39.5));
    EXPECT_FALSE(passes(half, all(V::WA), 50));  // the folder's rule still holds
    EXPECT_TRUE(passes(get(listing, "accepted/full.py"), all(V::AC), 100));
    EXPECT_FALSE(passes(get(listing, "accepted/full.py"), all(V::AC), 99));
    EXPECT_TRUE(passes(get(listing, "wrong_answer/w.cpp"), all(V::WA), 0));
    EXPECT_FALSE(passes(get(listing, "wrong_answer/w.cpp"), all(V::WA), 8));
    write("partially_accepted/half.cpp", "// expect-score: 40\nint main() {}\n");
    EXPECT_THROW(read_example_submissions(problem), ConfigError);
    fs::remove_all(problem.submissions_dir);
  }
}

}  // namespace
}  // namespace judge
