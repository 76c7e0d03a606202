#include "batch/plan.hpp"

#include <fcntl.h>
#include <sys/stat.h>

#include <fstream>

#include <gtest/gtest.h>

#include "base/errors.hpp"
#include "base/temp_dir.hpp"

namespace judge {
namespace {
namespace fs = std::filesystem;

// A folder of files written by the tests, removed with them (base/temp_dir.hpp).
class TempTree {
 public:
  fs::path write(const std::string& relative, const std::string& text, bool executable = false) {
    const fs::path path = dir_.path() / relative;
    fs::create_directories(path.parent_path());
    std::ofstream(path) << text;
    if (executable) ::chmod(path.c_str(), 0755);
    return path;
  }
  const fs::path& root() const { return dir_.path(); }

 private:
  TempDir dir_{"batch-plan-test-"};
};

Problem make_problem(const TempTree& tree, const std::string& name, std::vector<std::string> tests) {
  Problem problem;
  problem.name = name;
  problem.testdata_dir = tree.root() / "data" / name;
  fs::create_directories(problem.testdata_dir);
  for (const auto& test : tests) std::ofstream(problem.testdata_dir / (test + ".in")) << test << "\n";
  problem.tests = list_tests_in(problem.testdata_dir);
  problem.scoring = {{"type", "all_or_nothing"}, {"max_score", 100}};
  problem.limits.cpu_ms = 1000;
  problem.limits.wall_ms = 3000;
  return problem;
}

TEST(BatchPlan, DiscoversParticipantFoldersAndFiles) {
  TempTree tree;
  tree.write("subs/bob/nuts-bolts.py", "print()");
  tree.write("subs/alice/nuts-bolts.cpp", "int main(){}");
  tree.write("subs/alice/egg-drop", "#!/bin/sh\n", true);
  tree.write("subs/alice/README.md", "notes");
  tree.write("subs/alice/egg-drop.txt", "not a source");
  tree.write("subs/carol/unknown.cpp", "int main(){}");
  tree.write("subs/top-level/.hidden.cpp", "");
  const fs::path single = tree.write("dave/egg-drop.c", "int main(){}");
  std::vector<std::string> warnings;
  const auto found = discover_submissions({(tree.root() / "subs").string(), single.string()},
                                          {"nuts-bolts", "egg-drop"}, warnings);
  ASSERT_EQ(found.size(), 4u);
  std::set<std::string> seen;
  for (const auto& submission : found) seen.insert(submission.participant + ":" + submission.problem);
  EXPECT_EQ(seen, (std::set<std::string>{"alice:egg-drop", "alice:nuts-bolts", "bob:nuts-bolts",
                                         "dave:egg-drop"}));
  EXPECT_EQ(warnings.size(), 3u);  // README.md, egg-drop.txt, unknown.cpp
}

TEST(BatchPlan, FilesOfProblemsNotChosenAreSkippedQuietly) {
  TempTree tree;
  tree.write("subs/alice/egg-drop.cpp", "");
  tree.write("subs/alice/nuts-bolts.cpp", "");
  std::vector<std::string> warnings;
  const auto found = discover_submissions({(tree.root() / "subs").string()}, {"egg-drop"},
                                          warnings, {"nuts-bolts"});
  EXPECT_EQ(found.size(), 1u);
  EXPECT_TRUE(warnings.empty());
}

TEST(BatchPlan, NonExecutableProblemFileIsSkipped) {
  TempTree tree;
  tree.write("subs/alice/egg-drop", "data");
  std::vector<std::string> warnings;
  EXPECT_TRUE(discover_submissions({(tree.root() / "subs").string()}, {"egg-drop"}, warnings).empty());
  EXPECT_EQ(warnings.size(), 1u);
}

// Issue 49: a second submission of a participant to a problem was an error; each is a
// submission now, its id its file's name, and one alone keeps the empty id.
TEST(BatchPlan, SeveralFilesOfAParticipantForOneProblemAreEachASubmission) {
  TempTree tree;
  tree.write("subs/alice/egg-drop.cpp", "");
  tree.write("subs/alice/egg-drop.py", "");
  tree.write("subs/alice/egg-drop.2.py", "");
  tree.write("subs/bob/egg-drop.py", "");
  std::vector<std::string> warnings;
  const auto found = discover_submissions({(tree.root() / "subs").string()}, {"egg-drop"}, warnings);
  EXPECT_TRUE(warnings.empty());
  ASSERT_EQ(found.size(), 4u);
  std::set<std::string> ids;
  for (const auto& submission : found) {
    EXPECT_EQ(submission.problem, "egg-drop");
    ids.insert(submission.participant + ":" + submission.id);
  }
  EXPECT_EQ(ids, (std::set<std::string>{"alice:egg-drop.2.py", "alice:egg-drop.cpp", "alice:egg-drop.py", "bob:"}));
}

TEST(BatchPlan, SubmissionsAreTimedByTheirFilesAndOrderedByTime) {
  TempTree tree;
  const fs::path late = tree.write("subs/alice/p.cpp", "int main(){}");
  const fs::path early = tree.write("subs/alice/p.1.cpp", "int main(){return 0;}");
  const timespec times_late[2] = {{1700000600, 0}, {1700000600, 0}};
  const timespec times_early[2] = {{1700000000, 0}, {1700000000, 0}};
  ASSERT_EQ(::utimensat(AT_FDCWD, late.c_str(), times_late, 0), 0);
  ASSERT_EQ(::utimensat(AT_FDCWD, early.c_str(), times_early, 0), 0);
  std::vector<std::string> warnings;
  const auto found = discover_submissions({(tree.root() / "subs").string()}, {"p"}, warnings);
  const BatchPlan plan = make_plan(found, {make_problem(tree, "p", {"01"})}, {}, false);
  ASSERT_EQ(plan.submissions.size(), 2u);
  EXPECT_EQ(plan.submissions[0].id, "p.1.cpp");  // the earlier file first
  EXPECT_EQ(plan.submissions[0].time_ms, 1700000000000);
  EXPECT_EQ(plan.submissions[1].time_ms, 1700000600000);
  EXPECT_EQ(plan.submissions[0].language, "cpp");
  EXPECT_EQ(plan.contest.start_ms, 1700000000000);  // the first submission's time
  EXPECT_EQ(contest_ms(plan, plan.submissions[1]), 600000);
  // The plan keeps ids and times, and the units' keys tell the submissions apart.
  const BatchPlan back = plan_from_json(plan_to_json(plan), "batch.json");
  EXPECT_EQ(back.submissions[1].time_ms, 1700000600000);
  EXPECT_EQ(back.submissions[0].id, "p.1.cpp");
  EXPECT_EQ(back.contest.start_ms, 1700000000000);
  EXPECT_NE(submission_unit_key(back.submissions[0], "01"), submission_unit_key(back.submissions[1], "01"));
  EXPECT_EQ(unit_name(plan, plan_units(plan)[0]), "alice/p@p.1.cpp/01");
}

TEST(BatchPlan, AManifestListsSubmissionsWithIdsTimesAndTheContest) {
  TempTree tree;
  tree.write("subs/files/1.cpp", "int main(){}");
  tree.write("subs/more/2.py", "print()");  // alice's files in two folders: a manifest names her
  tree.write("subs/files/3.py", "print(1)");
  tree.write("subs/judge-submissions.json", R"({"format": "judge-submissions/1",
    "contest": {"name": "Mock", "start_time": "2026-11-29T10:00:00Z", "penalty_time": 10},
    "submissions": [
      {"id": "1", "participant": "alice", "problem": "p", "file": "files/1.cpp", "time": "2026-11-29T10:17:00Z"},
      {"id": "2", "participant": "alice", "problem": "p", "file": "more/2.py", "time": "2026-11-29T11:00:00+01",
       "language": "python3"},
      {"id": "3", "participant": "bob", "problem": "other", "file": "files/3.py"}]})");
  std::vector<std::string> warnings;
  ContestInfo contest;
  const auto found = discover_submissions({(tree.root() / "subs").string()}, {"p"}, warnings, {}, &contest);
  ASSERT_EQ(found.size(), 2u);
  ASSERT_EQ(warnings.size(), 1u);  // bob's, for a problem the batch does not have
  EXPECT_NE(warnings[0].find("submissions[2]"), std::string::npos) << warnings[0];
  EXPECT_EQ(contest.name, "Mock");
  EXPECT_EQ(contest.penalty_minutes, 10);
  const BatchPlan plan = make_plan(found, {make_problem(tree, "p", {"01"})}, {}, false, contest);
  ASSERT_EQ(plan.submissions.size(), 2u);
  // 11:00+01 is 10:00Z: the contest's start, before the 10:17 one.
  EXPECT_EQ(plan.submissions[0].id, "2");
  EXPECT_EQ(contest_ms(plan, plan.submissions[0]), 0);
  EXPECT_EQ(contest_ms(plan, plan.submissions[1]), 17 * 60000);
  EXPECT_EQ(plan.submissions[0].language, "python3");
  EXPECT_EQ(plan.submissions[1].language, "cpp");
}

TEST(BatchPlan, AMalformedManifestSaysWhatAndWhere) {
  const std::pair<const char*, const char*> cases[] = {
      {R"({"submissions": []})", "not a submissions manifest"},
      {R"({"format": "judge-submissions/1", "submissions": [{"id": "a b", "participant": "x", "problem": "p",
          "file": "f.cpp"}]})",
       "submissions[0]: id \"a b\" is not an identifier"},
      {R"({"format": "judge-submissions/1", "submissions": [{"id": "1", "participant": "x", "problem": "p",
          "file": "../f.cpp"}]})",
       "must be a path beneath"},
      {R"({"format": "judge-submissions/1", "submissions": [{"id": "1", "participant": "x", "problem": "p",
          "file": "missing.cpp"}]})",
       "does not exist"},
      {R"({"format": "judge-submissions/1", "submissions": [{"id": "1", "participant": "x", "problem": "p",
          "file": "f.cpp", "time": "yesterday"}]})",
       "\"time\" \"yesterday\" is not a time"},
      {R"({"format": "judge-submissions/1", "submissions": [{"id": "1", "participant": "x", "problem": "p",
          "file": "f.cpp"}, {"id": "1", "participant": "y", "problem": "p", "file": "f.cpp"}]})",
       "id 1 is submissions[0]'s too"},
  };
  for (const auto& [text, expected] : cases) {
    TempTree tree;
    tree.write("subs/f.cpp", "int main(){}");
    tree.write("subs/judge-submissions.json", text);
    std::vector<std::string> warnings;
    try {
      discover_submissions({(tree.root() / "subs").string()}, {"p"}, warnings);
      ADD_FAILURE() << "accepted: " << text;
    } catch (const ConfigError& error) {
      EXPECT_NE(std::string(error.what()).find(expected), std::string::npos) << error.what();
    }
  }
}

TEST(BatchPlan, JavaKotlinRustFilesAreSubmissionsAndAFolderIsSkippedWithAWarning) {
  TempTree tree;
  tree.write("subs/carol/nuts-bolts.java", "public class Main {}");
  tree.write("subs/dan/nuts-bolts.kt", "fun main() {}");
  tree.write("subs/erin/nuts-bolts.rs", "fn main() {}");
  tree.write("subs/frank/nuts-bolts/main.py", "print()");
  std::vector<std::string> warnings;
  const auto found = discover_submissions({(tree.root() / "subs").string()}, {"nuts-bolts"}, warnings);
  EXPECT_EQ(found.size(), 3u);
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_NE(warnings[0].find("a folder"), std::string::npos) << warnings[0];
}

TEST(BatchPlan, AProblemIsNamedByItsFolder) {
  Problem problem;
  problem.name = "Peak Finder";
  problem.dir = "/somewhere/packages/peak/";
  EXPECT_EQ(batch_problem_name(problem), "peak");
  problem.dir.clear();
  EXPECT_EQ(batch_problem_name(problem), "Peak Finder");
  const std::string message = no_problems_message({"subs"});
  EXPECT_NE(message.find("--problems"), std::string::npos);
  EXPECT_NE(message.find("JUDGE_PROBLEM_PATH"), std::string::npos);
}

TEST(BatchPlan, MissingArgumentIsAnError) {
  std::vector<std::string> warnings;
  EXPECT_THROW(discover_submissions({"/nonexistent/batch"}, {"egg-drop"}, warnings), ConfigError);
}

TEST(BatchPlan, PlanIsCanonicalWhateverTheArgumentOrder) {
  TempTree tree;
  const Problem a = make_problem(tree, "a", {"01", "02", "03"});
  const Problem b = make_problem(tree, "b", {"01", "02"});
  const fs::path x = tree.write("s/x/a.py", "x"), y = tree.write("s/y/a.py", "y"),
                 z = tree.write("s/y/b.py", "z");
  const std::vector<FoundSubmission> one{{"y", "b", z}, {"x", "a", x}, {"y", "a", y}};
  const std::vector<FoundSubmission> two{{"x", "a", x}, {"y", "a", y}, {"y", "b", z}};
  const BatchPlan p1 = make_plan(one, {b, a}, {}, false);
  const BatchPlan p2 = make_plan(two, {a, b}, {}, false);
  EXPECT_EQ(plan_to_json(p1), plan_to_json(p2));
  const auto units = plan_units(p1);
  ASSERT_EQ(units.size(), 3u + 3u + 2u);
  EXPECT_EQ(unit_name(p1, units[0]), "x/a/01");
  EXPECT_EQ(unit_name(p1, units[3]), "y/a/01");
  EXPECT_EQ(unit_name(p1, units[7]), "y/b/02");
  EXPECT_EQ(plan_to_json(plan_from_json(plan_to_json(p1), "batch.json")), plan_to_json(p1));
}

TEST(BatchPlan, FingerprintFollowsSourceTestAndLimits) {
  TempTree tree;
  Problem a = make_problem(tree, "a", {"01"});
  const fs::path x = tree.write("s/x/a.py", "one");
  const auto before = plan_units(make_plan({{"x", "a", x}}, {a}, {}, false))[0].fingerprint;
  EXPECT_EQ(plan_units(make_plan({{"x", "a", x}}, {a}, {}, false))[0].fingerprint, before);
  tree.write("s/x/a.py", "two");
  const auto edited = plan_units(make_plan({{"x", "a", x}}, {a}, {}, false))[0].fingerprint;
  EXPECT_NE(edited, before);
  a.limits.cpu_ms = 999;
  EXPECT_NE(plan_units(make_plan({{"x", "a", x}}, {a}, {}, false))[0].fingerprint, edited);
  std::ofstream(a.testdata_dir / "01.in") << "changed\n";
  a.limits.cpu_ms = 1000;
  EXPECT_NE(plan_units(make_plan({{"x", "a", x}}, {a}, {}, false))[0].fingerprint, edited);
}

TEST(BatchPlan, TestNamesApplyToEveryProblemThatHasThem) {
  TempTree tree;
  const Problem a = make_problem(tree, "a", {"01-sample", "02", "03"});
  const Problem b = make_problem(tree, "b", {"01-sample", "05"});
  const fs::path x = tree.write("s/x/a.py", ""), y = tree.write("s/x/b.py", "");
  const BatchPlan plan = make_plan({{"x", "a", x}, {"x", "b", y}}, {a, b}, {"03", "01-sample"}, false);
  ASSERT_EQ(plan.problem("a").tests.size(), 2u);
  EXPECT_EQ(plan.problem("a").tests[0].name, "01-sample");  // test order, not argument order
  EXPECT_EQ(plan.problem("a").tests[1].name, "03");
  ASSERT_EQ(plan.problem("b").tests.size(), 1u);
  EXPECT_THROW(make_plan({{"x", "a", x}}, {a}, {"nope"}, false), ConfigError);
  EXPECT_THROW(make_plan({{"x", "b", y}}, {b}, {"03"}, false), ConfigError);  // b left empty
}

TEST(BatchPlan, ShardsAreContiguousEqualAndCoverEverything) {
  for (std::size_t units : {0u, 1u, 7u, 8u, 100u}) {
    for (std::size_t count : {1u, 2u, 3u, 4u, 9u}) {
      std::size_t next = 0;
      for (std::size_t index = 1; index <= count; ++index) {
        const auto [begin, end] = shard_range(units, Shard{index, count});
        EXPECT_EQ(begin, next);
        EXPECT_LE(end - begin, units / count + 1);
        EXPECT_GE(end - begin, units / count);
        next = end;
      }
      EXPECT_EQ(next, units);
    }
  }
}

TEST(BatchPlan, ParsesShards) {
  EXPECT_EQ(parse_shard("2/4").index, 2u);
  EXPECT_EQ(parse_shard("2/4").count, 4u);
  EXPECT_EQ(parse_shard("1/1").text(), "1/1");
  for (const char* bad :
       {"0/4", "5/4", "2", "a/b", "2/4x", "/4", "1/0", "", "+2/4", " 2/4", "2/ 4", "-1/4", "1/99999999999999999999999"})
    EXPECT_THROW(parse_shard(bad), ConfigError) << bad;
}

TEST(BatchPlan, UnionKeepsSharedPartsAndRefusesConflicts) {
  TempTree tree;
  const Problem a = make_problem(tree, "a", {"01", "02"});
  const fs::path x = tree.write("s/x/a.py", "x"), y = tree.write("s/y/a.py", "y");
  const BatchPlan px = make_plan({{"x", "a", x}}, {a}, {}, false);
  const BatchPlan py = make_plan({{"y", "a", y}}, {a}, {}, false);
  const BatchPlan both = union_of_plans({py, px, px});
  ASSERT_EQ(both.submissions.size(), 2u);
  EXPECT_EQ(both.submissions[0].participant, "x");
  EXPECT_EQ(both.problems.size(), 1u);
  Problem a_fewer = a;
  BatchPlan other_tests = make_plan({{"y", "a", y}}, {a_fewer}, {"01"}, false);
  EXPECT_THROW(union_of_plans({px, other_tests}), ConfigError);
  tree.write("s/x/a.py", "edited");
  EXPECT_THROW(union_of_plans({px, make_plan({{"x", "a", x}}, {a}, {}, false)}), ConfigError);
}

// Issue 49: two submissions of one participant to one problem are two submissions of the
// union (their ids tell them apart); batches ranked by other rules are not merged.
TEST(BatchPlan, UnionKeepsEverySubmissionOfAParticipantAndItsRules) {
  TempTree tree;
  const Problem a = make_problem(tree, "a", {"01"});
  const fs::path first = tree.write("s/x/a.py", "1"), second = tree.write("s/x/a.2.py", "2");
  FoundSubmission one{"x", "a", first}, two{"x", "a", second};
  one.id = "a.py";
  two.id = "a.2.py";
  const BatchPlan p1 = make_plan({one}, {a}, {}, false), p2 = make_plan({two}, {a}, {}, false);
  const BatchPlan both = union_of_plans({p1, p2, p1});
  ASSERT_EQ(both.submissions.size(), 2u);
  EXPECT_EQ(plan_units(both).size(), 2u);
  BatchPlan icpc = p2;
  icpc.contest.scoreboard = ScoreboardRules::icpc;
  EXPECT_THROW(union_of_plans({p1, icpc}), ConfigError);
}

// Issue 28: a participant folder `bad\xff\xfe` aborted the batch (its name could not
// be written as JSON). Its name is made valid UTF-8 once, where it is found, so
// every file names it alike; its path stays as it is.
TEST(BatchPlan, AParticipantFolderThatIsNotUtf8IsNamedInValidUtf8) {
  TempTree tree;
  tree.write("subs/bad\xff\xfe/egg-drop.py", "print()");
  std::vector<std::string> warnings;
  const auto found = discover_submissions({(tree.root() / "subs").string()}, {"egg-drop"}, warnings);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].participant, "bad\xEF\xBF\xBD\xEF\xBF\xBD");
  EXPECT_EQ(found[0].path.parent_path().filename().string(), "bad\xff\xfe");
}

TEST(BatchPlan, TwoFoldersThatBecomeOneParticipantAreAnError) {
  TempTree tree;
  tree.write("subs/Jos\xe9/egg-drop.py", "print()");
  tree.write("subs/Jos\xe8/nuts-bolts.py", "print()");
  std::vector<std::string> warnings;
  try {
    discover_submissions({(tree.root() / "subs").string()}, {"egg-drop", "nuts-bolts"}, warnings);
    FAIL() << "two folders became one participant";
  } catch (const ConfigError& error) {
    EXPECT_NE(std::string(error.what()).find("are both participant Jos\xEF\xBF\xBD"), std::string::npos)
        << error.what();
  }
}

}  // namespace
}  // namespace judge
