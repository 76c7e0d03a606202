// A BatchPlan is what `judge batch` grades: which submissions (participant,
// problem, file), which problems with which limits, scoring and tests. Its work
// units are (submission, test) pairs in one canonical order: submissions sorted
// by participant then problem, each problem's tests in test order. The order does
// not depend on how the command line listed things, so a shard (`--shard I/N`,
// a contiguous 1/N slice of the units) and a merge are the same on every machine.
//
// Each unit has a fingerprint: the SHA-1 of the submission's bytes, the test's
// input and answer bytes and the limits. A journal record is reused (resume,
// merge) only for a unit with the same fingerprint: a changed source or test is
// graded again.
//
// Submissions are found as `DIR/<participant>/<problem>.<ext>` (an ending of any
// language of the languages table: `judge languages`; or an executable named
// <problem>) for each DIR given, or as a single file `<problem>.<ext>` whose
// participant is the folder it is in. <problem> is the problem's short name: its
// folder's name (`peak/` for a package whose problem.yaml names it "Peak Finder"), as
// DOMjudge and Kattis name a problem by its short name. A participant may have several
// files for one problem (`<problem>.cpp` and `<problem>.py`, or `<problem>.<tag>.<ext>`):
// each is a submission, its id its file's name. A folder that holds a manifest,
// `judge-submissions.json` (docs/batch.md), lists its submissions instead: each with
// an id, a participant, a problem, a file, a time and a language. A submission's time
// is the manifest's, else its file's modification time.
#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "base/errors.hpp"
#include "batch/journal.hpp"
#include "batch/scoreboard.hpp"
#include "problem/tests.hpp"
#include "run/runner.hpp"

namespace judge {

struct FoundSubmission {
  std::string participant;
  std::string problem;
  std::filesystem::path path;  // as found (relative if the argument was)
  // Empty for a participant's only file for a problem in the folder layout (the
  // journal's keys and the results' paths are then those of batches before ids);
  // else unique among the participant's submissions to the problem.
  std::string id = {};
  std::optional<std::int64_t> time_ms = {};  // ms since the epoch; none: the file's mtime
  std::string language = {};                 // as the manifest says; empty: by the file's ending
};

// What a contest says about itself (a manifest's "contest", a contest package's
// contest.json), and how the batch's scoreboard ranks (--scoreboard).
struct ContestInfo {
  std::string name;                      // the report's title when set
  std::optional<std::int64_t> start_ms;  // none: the earliest submission's time
  std::int64_t penalty_minutes = 20;     // ICPC: per rejected attempt
  ScoreboardRules scoreboard = ScoreboardRules::points;
  IoiMax ioi_max = IoiMax::subtask;
};

// Reads a submissions manifest (judge-submissions.json, docs/batch.md): its
// submissions for `problems` (others for `other_problems` are skipped quietly, the rest
// with a warning) and, into `contest`, what it says of the contest. Throws ConfigError
// naming the file and the entry for anything malformed.
std::vector<FoundSubmission> read_submissions_manifest(const std::filesystem::path& file,
                                                       const std::set<std::string>& problems,
                                                       const std::set<std::string>& other_problems,
                                                       std::vector<std::string>& warnings, ContestInfo& contest);

// The manifest's file name in a submissions folder.
inline constexpr const char* submissions_manifest_name = "judge-submissions.json";

// Finds the submissions in `arguments` (folders laid out as above, or single
// files) for the problems in `problems`. Files for `other_problems` (known, not
// chosen) are skipped quietly; other files that are not a submission are skipped
// with a line in `warnings`. Throws ConfigError for a missing argument or a
// participant with two submissions of one id for one problem. A folder with a manifest
// is read from it, and so is a CCS contest package (batch/contest_package.hpp: its
// zips unpacked beneath `unpack_dir`); what they say of the contest goes into
// `contest` (when given).
std::vector<FoundSubmission> discover_submissions(const std::vector<std::string>& arguments,
                                                  const std::set<std::string>& problems,
                                                  std::vector<std::string>& warnings,
                                                  const std::set<std::string>& other_problems = {},
                                                  ContestInfo* contest = nullptr,
                                                  const std::filesystem::path& unpack_dir = {});

struct PlannedTest {
  std::string name;
  std::string sha1;  // of the input, then the answer file
};

// The name a batch knows a problem by: its folder's name (the problem's own `name`
// when it has no folder).
std::string batch_problem_name(const Problem& problem);

// What `judge batch` says when it has no problem to judge (none given with
// --problems, and none it knows: an installed judge has no problems of its own).
std::string no_problems_message(const std::vector<std::string>& submissions);

struct PlannedProblem {
  std::string name;
  Limits limits;
  nlohmann::json scoring;
  std::vector<std::string> metrics;
  std::vector<PlannedTest> tests;  // in the order they run and are scored
  // How its interactor's endings read (grading needs it to grade recorded facts).
  InteractorConvention convention = InteractorConvention::icpc;
};

struct PlannedSubmission {
  std::string participant;
  std::string problem;
  std::string path;  // as found: the verdict JSON's "submission"
  std::string sha1;  // of the file's bytes
  std::string id = {};        // FoundSubmission::id
  std::int64_t time_ms = 0;   // when it was submitted (ms since the epoch)
  std::string language = {};  // the languages table's id ("cpp"), or the manifest's
};

// "alice/nuts-bolts", or "alice/nuts-bolts@17" for a submission with an id: how
// messages and the report name a submission.
std::string submission_label(const PlannedSubmission& submission);
// The journal's key of one test of a submission (journal.hpp unit_key).
std::string submission_unit_key(const PlannedSubmission& submission, const std::string& test);

struct BatchPlan {
  std::vector<PlannedProblem> problems;        // by name
  std::vector<PlannedSubmission> submissions;  // by participant, problem, time, id
  ContestInfo contest;                         // start_ms always set once made (make_plan)
  bool keep_transcripts = false;
  // --repeat, --rules, --stderr-bytes: how every test runs and is graded (a resumed or
  // merged batch grades with the plan's).
  int repeat = 1;
  RulePreset rules = RulePreset::icpc;
  std::size_t stderr_bytes = default_stderr_bytes;

  const PlannedProblem& problem(const std::string& name) const;  // throws if absent
};

struct WorkUnit {
  std::size_t submission;  // index into plan.submissions
  std::size_t test;        // index into the problem's tests
  std::string fingerprint;
};

// Builds the plan: `problems` are the loaded problems the submissions are for;
// `test_names` limits every problem to those of its tests (a name a problem does
// not have is skipped for it; a name no problem has, or a problem left with no
// test, is a ConfigError).
BatchPlan make_plan(const std::vector<FoundSubmission>& found, const std::vector<Problem>& problems,
                    const std::vector<std::string>& test_names, bool keep_transcripts, const ContestInfo& contest = {});

// The contest time of a planned submission (ms since the plan's contest start).
std::int64_t contest_ms(const BatchPlan& plan, const PlannedSubmission& submission);

// The tests of `problem` a plan made with `test_names` grades (as make_plan).
std::vector<TestCase> planned_test_cases(const Problem& problem,
                                         const std::vector<std::string>& test_names);

std::vector<WorkUnit> plan_units(const BatchPlan& plan);

struct Shard {
  std::size_t index = 1;  // 1-based
  std::size_t count = 1;
  bool whole() const { return count == 1; }
  std::string text() const;  // "I/N"
};

// "I/N" with 1 <= I <= N; throws ConfigError otherwise.
Shard parse_shard(const std::string& text);

// The units [begin, end) of the canonical order that shard I of N runs: the I-th
// of N contiguous slices whose sizes differ by at most one.
std::pair<std::size_t, std::size_t> shard_range(std::size_t units, const Shard& shard);

nlohmann::json plan_to_json(const BatchPlan& plan);
// Throws ConfigError naming the file when the JSON is not a plan.
BatchPlan plan_from_json(const nlohmann::json& json, const std::string& file);

// The union of plans (shards of one batch, or batches of other submissions): a
// problem or a submission in several must be the same in all; throws ConfigError
// naming the conflict otherwise.
BatchPlan union_of_plans(const std::vector<BatchPlan>& plans);

// "alice/nuts-bolts/01-sample": how units are named in messages and journal keys.
std::string unit_name(const BatchPlan& plan, const WorkUnit& unit);

// SHA-1 of a file's bytes as one piece, its length first (base/content_hash.hpp), as
// 40 hex digits. Throws ConfigError if unreadable.
std::string file_sha1(const std::filesystem::path& path);

}  // namespace judge
