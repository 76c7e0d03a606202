#include "batch/plan.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <tuple>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "base/content_hash.hpp"
#include "base/errors.hpp"
#include "base/json_text.hpp"
#include "base/parse_number.hpp"
#include "base/utf8.hpp"
#include "batch/contest_package.hpp"
#include "batch/contest_time.hpp"
#include "submission/languages.hpp"
#include "submission/submission_files.hpp"

namespace judge {
namespace fs = std::filesystem;
using nlohmann::json;

namespace {


bool is_executable_file(const fs::path& path) {
  std::error_code ec;
  return fs::is_regular_file(path, ec) && ::access(path.c_str(), X_OK) == 0;
}

// The problem a file is a submission for, if it is one.
std::optional<std::string> problem_of_file(const fs::path& path,
                                           const std::set<std::string>& problems) {
  std::error_code ec;
  if (!fs::is_regular_file(path, ec)) return std::nullopt;
  const std::string ext = path.extension().string();
  // A source of any language of the table (submission/languages.hpp).
  static const Languages languages = Languages::load();
  if (languages.by_extension(path) != nullptr) {
    const std::string stem = path.stem().string();
    if (problems.contains(stem)) return stem;
    // <problem>.<tag>.<ext>: one of several submissions of a participant.
    const auto dot = stem.rfind('.');
    if (dot != std::string::npos && dot > 0 && problems.contains(stem.substr(0, dot))) return stem.substr(0, dot);
  }
  if (ext.empty() && problems.contains(path.filename().string()) && is_executable_file(path))
    return path.filename().string();
  return std::nullopt;
}

// A participant is named after a folder, and the name is a key of the journal, a
// folder of results/ and a cell of the standings: valid UTF-8 from the start
// (base/utf8.hpp), so that every file of the batch names it alike, whoever reads it
// back (--resume, merge, report). A folder `bad\xff\xfe` is participant "bad\uFFFD\uFFFD".
std::string participant_name(const fs::path& folder) { return valid_utf8(folder.filename().string()); }

std::string participant_of_file(const fs::path& path) {
  const fs::path parent = fs::absolute(path).lexically_normal().parent_path();
  return parent.filename().empty() ? "-" : participant_name(parent);
}

// Two folders whose names differ only in bytes that are not UTF-8 would become one
// participant: refused, naming both.
void check_participant_folders(const std::vector<FoundSubmission>& found) {
  std::map<std::string, fs::path> folder_of;
  for (const auto& submission : found) {
    const fs::path folder = fs::absolute(submission.path).lexically_normal().parent_path();
    auto [it, inserted] = folder_of.emplace(submission.participant, folder);
    const bool named = !it->second.filename().empty() && !folder.filename().empty();
    if (!inserted && named && it->second.filename() != folder.filename())
      throw ConfigError(fmt::format(
          "the folders {} and {} are both participant {}: their names differ only in bytes that are "
          "not UTF-8 (shown as U+FFFD); rename one (e.g. convmv -f latin1 -t utf8)",
          valid_utf8(it->second.string()), valid_utf8(folder.string()), submission.participant));
  }
}

template <typename T>
T plan_field(const json& object, const char* key, const std::string& file) {
  try {
    return object.at(key).get<T>();
  } catch (const json::exception&) {
    throw ConfigError(fmt::format("{}: not a batch plan (\"{}\" is missing or malformed)", file, key));
  }
}

json problem_to_json(const PlannedProblem& problem) {
  json tests = json::array();
  for (const auto& test : problem.tests) tests.push_back({{"name", test.name}, {"sha1", test.sha1}});
  return {{"name", problem.name},
          {"time_limit_ms", problem.limits.cpu_ms},
          {"wall_limit_ms", problem.limits.wall_ms},
          {"memory_limit_kib", problem.limits.memory_kib},
          {"scoring", problem.scoring},
          {"metrics", problem.metrics},
          {"convention", problem.convention == InteractorConvention::testlib ? "testlib"
                         : problem.convention == InteractorConvention::cms   ? "cms"
                                                                             : "icpc"},
          {"tests", tests}};
}

json submission_to_json(const PlannedSubmission& submission) {
  json entry = {{"participant", submission.participant},
                {"problem", submission.problem},
                {"path", submission.path},
                {"sha1", submission.sha1},
                {"time", format_abstime(submission.time_ms)},
                {"language", submission.language}};
  if (!submission.id.empty()) entry["id"] = submission.id;
  return entry;
}

json contest_to_json(const ContestInfo& contest) {
  return {{"name", contest.name},
          {"start_time", contest.start_ms ? json(format_abstime(*contest.start_ms)) : json(nullptr)},
          {"penalty_time", contest.penalty_minutes},
          {"scoreboard", scoreboard_rules_name(contest.scoreboard)},
          {"ioi_max", ioi_max_name(contest.ioi_max)}};
}

// A plan written before contests has none: the points table, started at its first submission.
ContestInfo contest_from_json(const json& object, const std::string& file) {
  ContestInfo contest;
  if (!object.is_object()) return contest;
  contest.name = object.value("name", "");
  const json start = object.value("start_time", json(nullptr));
  if (start.is_string()) contest.start_ms = parse_abstime(start.get<std::string>());
  contest.penalty_minutes = object.value("penalty_time", std::int64_t{20});
  const auto rules = parse_scoreboard_rules(object.value("scoreboard", "points"));
  const auto ioi_max = parse_ioi_max(object.value("ioi_max", "subtask"));
  if (!rules || !ioi_max) throw ConfigError(fmt::format("{}: unknown contest scoreboard {}", file, json_text(object)));
  contest.scoreboard = *rules;
  contest.ioi_max = *ioi_max;
  return contest;
}

void sort_plan(BatchPlan& plan) {
  std::sort(plan.problems.begin(), plan.problems.end(),
            [](const auto& a, const auto& b) { return a.name < b.name; });
  // A participant's submissions to a problem in the order they were made.
  std::sort(plan.submissions.begin(), plan.submissions.end(), [](const auto& a, const auto& b) {
    return std::tie(a.participant, a.problem, a.time_ms, a.id) < std::tie(b.participant, b.problem, b.time_ms, b.id);
  });
}

// When a file was last modified, in ms since the epoch (lstat: a link is not followed,
// as its target is not read either); 0 when it cannot be told.
std::int64_t modification_ms(const fs::path& path) {
  struct stat st {};
  if (::lstat(path.c_str(), &st) != 0) return 0;
  return static_cast<std::int64_t>(st.st_mtim.tv_sec) * 1000 + st.st_mtim.tv_nsec / 1000000;
}

// A participant's several files for one problem are each a submission: their ids are
// their files' names (one file alone keeps the empty id of batches before ids).
void name_several_submissions(std::vector<FoundSubmission>& found) {
  std::map<std::pair<std::string, std::string>, std::size_t> count;
  for (const auto& submission : found)
    if (submission.id.empty()) ++count[{submission.participant, submission.problem}];
  for (auto& submission : found)
    if (submission.id.empty() && count[{submission.participant, submission.problem}] > 1)
      submission.id = valid_utf8(submission.path.filename().string());
}

void check_unique_ids(const std::vector<FoundSubmission>& found) {
  std::map<std::tuple<std::string, std::string, std::string>, fs::path> seen;
  for (const auto& submission : found) {
    auto [it, inserted] =
        seen.emplace(std::tuple{submission.participant, submission.problem, submission.id}, submission.path);
    if (!inserted)
      throw ConfigError(fmt::format(
          "participant {} has two submissions for {} with id \"{}\": {} and {} (give each its own id)",
          submission.participant, submission.problem, submission.id, it->second.string(), submission.path.string()));
  }
}

// The SHA-1 of a participant's file, read as the submission itself will be
// (submission_files.hpp: beneath its folder, non-blocking, a regular file of bounded
// size): a link out of the folder or to /proc/kmsg is never followed here either. A
// file those rules refuse gets a fixed mark; it is graded CE with the reason.
std::string submission_sha1(const fs::path& path) {
  IngestOptions options;
  options.confine_to = fs::absolute(path).lexically_normal().parent_path();
  try {
    const UniqueFd fd = open_submission(path, options);
    struct stat st {};
    if (::fstat(fd.get(), &st) != 0 || !S_ISREG(st.st_mode) ||
        static_cast<std::uint64_t>(st.st_size) > options.bounds.max_total_bytes)
      return "refused";
    ContentHash hash;  // as file_sha1: the bytes as one piece, their length first
    hash.begin_piece(static_cast<std::uint64_t>(st.st_size));
    char buffer[1 << 16];
    for (off_t done = 0; done < st.st_size;) {
      const ssize_t n = ::read(fd.get(), buffer, static_cast<std::size_t>(std::min<off_t>(sizeof buffer, st.st_size - done)));
      if (n <= 0) return "refused";
      hash.add_raw(std::string_view(buffer, static_cast<std::size_t>(n)));
      done += n;
    }
    return hash.hex();
  } catch (const ConfigError&) {
    return "refused";
  }
}

}  // namespace

std::string batch_problem_name(const Problem& problem) {
  fs::path dir = problem.dir.lexically_normal();
  if (dir.filename().empty()) dir = dir.parent_path();
  return dir.filename().empty() ? problem.name : dir.filename().string();
}

std::string no_problems_message(const std::vector<std::string>& submissions) {
  return fmt::format(
      "no problems to judge {} against: pass --problems with the problems' folders (comma-separated; each "
      "holds problem.json, problem.yaml (ICPC), problem.xml (Polygon) or task.yaml (CMS), and its folder's name is the "
      "<problem> of "
      "<participant>/<problem>.<ending>), or set JUDGE_PROBLEM_PATH to a folder holding problem folders",
      fmt::join(submissions, " "));
}

std::string file_sha1(const fs::path& path) {
  ContentHash hash;
  hash.add_file(path);
  return hash.hex();
}

std::vector<FoundSubmission> discover_submissions(const std::vector<std::string>& arguments,
                                                  const std::set<std::string>& problems,
                                                  std::vector<std::string>& warnings,
                                                  const std::set<std::string>& other_problems, ContestInfo* contest,
                                                  const fs::path& unpack_dir) {
  std::vector<FoundSubmission> found, from_lists;  // the folder layout's; a manifest's or a package's
  auto add = [&](const fs::path& path, const std::string& participant) {
    const auto problem = problem_of_file(path, problems);
    if (!problem) {
      if (problem_of_file(path, other_problems)) return;  // not chosen (--problems)
      warnings.push_back(fmt::format(
          "skipped {}: not <problem>.<ending> (the endings: judge languages) or an executable <problem> (problems: {})",
          path.string(), fmt::join(problems, ", ")));
      return;
    }
    found.push_back({participant, *problem, path});
  };
  for (const std::string& argument : arguments) {
    const fs::path root(argument);
    std::error_code ec;
    if (fs::is_regular_file(root, ec)) {
      add(root, participant_of_file(root));
      continue;
    }
    if (!fs::is_directory(root, ec))
      throw ConfigError(fmt::format("{} does not exist (give folders laid out as "
                                    "DIR/<participant>/<problem>.<ext>, or files)",
                                    argument));
    ContestInfo ignored;
    if (is_contest_package(root)) {
      if (unpack_dir.empty()) throw ConfigError(fmt::format("{}: a contest package is read by judge batch", argument));
      auto listed =
          read_contest_package(root, problems, other_problems, warnings, contest ? *contest : ignored, unpack_dir);
      from_lists.insert(from_lists.end(), listed.begin(), listed.end());
      continue;
    }
    if (fs::exists(root / submissions_manifest_name, ec)) {
      auto listed = read_submissions_manifest(root / submissions_manifest_name, problems, other_problems, warnings,
                                              contest ? *contest : ignored);
      from_lists.insert(from_lists.end(), listed.begin(), listed.end());
      continue;
    }
    std::vector<fs::path> entries;
    for (const auto& entry : fs::directory_iterator(root)) entries.push_back(entry.path());
    std::sort(entries.begin(), entries.end());
    for (const fs::path& entry : entries) {
      if (entry.filename().string().starts_with(".")) continue;
      if (!fs::is_directory(entry, ec)) {
        if (problem_of_file(entry, problems))
          warnings.push_back(fmt::format(
              "skipped {}: a submission must be in a participant's folder "
              "({}/<participant>/{}), or be given as a file",
              entry.string(), argument, entry.filename().string()));
        continue;
      }
      std::vector<fs::path> files;
      for (const auto& file : fs::directory_iterator(entry)) files.push_back(file.path());
      std::sort(files.begin(), files.end());
      for (const fs::path& file : files) {
        if (file.filename().string().starts_with(".")) continue;
        if (fs::is_directory(file, ec)) {
          // A multi-file submission is for `judge run`; a batch takes one file each.
          if (problems.contains(file.filename().string()))
            warnings.push_back(fmt::format("skipped {}: a folder; judge batch takes one file per submission "
                                           "(<problem>.<ending>; `judge run` takes folders)",
                                           file.string()));
          continue;
        }
        add(file, participant_name(entry));
      }
    }
  }
  // A folder names its participant only in the folder layout (a manifest or a package
  // names them itself): only there can two folders become one participant.
  check_participant_folders(found);
  name_several_submissions(found);
  found.insert(found.end(), from_lists.begin(), from_lists.end());
  check_unique_ids(found);
  return found;
}

std::vector<TestCase> planned_test_cases(const Problem& problem,
                                         const std::vector<std::string>& test_names) {
  const std::vector<TestCase>& all = problem.tests;
  if (test_names.empty()) return all;
  std::vector<TestCase> picked;
  for (const auto& test : all)
    if (std::find(test_names.begin(), test_names.end(), test.name) != test_names.end())
      picked.push_back(test);
  return picked;
}

const PlannedProblem& BatchPlan::problem(const std::string& name) const {
  for (const auto& planned : problems)
    if (planned.name == name) return planned;
  throw ConfigError(fmt::format("the batch plan has no problem {}", name));
}

BatchPlan make_plan(const std::vector<FoundSubmission>& found, const std::vector<Problem>& problems,
                    const std::vector<std::string>& test_names, bool keep_transcripts, const ContestInfo& contest) {
  BatchPlan plan;
  plan.keep_transcripts = keep_transcripts;
  plan.contest = contest;
  std::set<std::string> names_used;
  for (const Problem& problem : problems) {
    PlannedProblem planned;
    planned.name = problem.name;
    planned.limits = problem.limits;
    planned.scoring = problem.scoring;
    planned.metrics = problem.metrics;
    planned.convention = problem.convention;
    for (const TestCase& test : planned_test_cases(problem, test_names)) {
      ContentHash hash;
      hash.add_file(test.input);
      hash.add_file(test.answer);
      planned.tests.push_back({test.name, hash.hex()});
      names_used.insert(test.name);
    }
    if (planned.tests.empty())
      throw ConfigError(
          test_names.empty()
              ? fmt::format("problem {} has no tests", problem.name)
              : fmt::format("--tests {}: problem {} has none of these tests",
                            fmt::join(test_names, ","), problem.name));
    plan.problems.push_back(std::move(planned));
  }
  for (const auto& name : test_names)
    if (!names_used.contains(name))
      throw ConfigError(fmt::format("--tests: no problem of this batch has a test {}", name));
  static const Languages languages = Languages::load();
  for (const auto& submission : found) {
    const Language* language = languages.by_extension(submission.path);
    plan.submissions.push_back({submission.participant, submission.problem, submission.path.string(),
                                submission_sha1(submission.path), submission.id,
                                submission.time_ms.value_or(modification_ms(submission.path)),
                                !submission.language.empty() ? submission.language
                                : language                   ? language->id
                                                             : ""});
  }
  // Without a start, the contest starts with its first submission.
  if (!plan.contest.start_ms && !plan.submissions.empty()) {
    plan.contest.start_ms = plan.submissions.front().time_ms;
    for (const auto& submission : plan.submissions)
      plan.contest.start_ms = std::min(*plan.contest.start_ms, submission.time_ms);
  }
  sort_plan(plan);
  for (const auto& submission : plan.submissions) plan.problem(submission.problem);
  return plan;
}

std::vector<WorkUnit> plan_units(const BatchPlan& plan) {
  std::vector<WorkUnit> units;
  for (std::size_t s = 0; s < plan.submissions.size(); ++s) {
    const PlannedSubmission& submission = plan.submissions[s];
    const PlannedProblem& problem = plan.problem(submission.problem);
    for (std::size_t t = 0; t < problem.tests.size(); ++t) {
      ContentHash hash;
      hash.add(submission.sha1);
      hash.add(problem.tests[t].sha1);
      hash.add(fmt::format("{} {} {}", problem.limits.cpu_ms,
                           problem.limits.wall_ms, problem.limits.memory_kib));
      // How the test runs, when not as by default (a default plan keeps the
      // fingerprints of plans written before these options).
      if (plan.repeat != 1 || plan.rules != RulePreset::icpc || plan.stderr_bytes != default_stderr_bytes)
        hash.add(fmt::format("repeat {} rules {} stderr {}", plan.repeat, preset_name(plan.rules), plan.stderr_bytes));
      units.push_back({s, t, hash.hex()});
    }
  }
  return units;
}

std::string Shard::text() const { return fmt::format("{}/{}", index, count); }

Shard parse_shard(const std::string& text) {
  const std::string_view view(text);
  const auto slash = view.find('/');
  const auto index = parse_integer<std::size_t>(view.substr(0, slash));
  const auto count = slash == view.npos ? std::nullopt : parse_integer<std::size_t>(view.substr(slash + 1));
  if (!index || !count) throw ConfigError(fmt::format("--shard {}: expected I/N, e.g. 2/4", text));
  Shard shard;
  shard.index = *index;
  shard.count = *count;
  if (shard.count < 1 || shard.index < 1 || shard.index > shard.count)
    throw ConfigError(fmt::format("--shard {}: need 1 <= I <= N", text));
  return shard;
}

std::pair<std::size_t, std::size_t> shard_range(std::size_t units, const Shard& shard) {
  return {units * (shard.index - 1) / shard.count, units * shard.index / shard.count};
}

json plan_to_json(const BatchPlan& plan) {
  json problems = json::array(), submissions = json::array();
  for (const auto& problem : plan.problems) problems.push_back(problem_to_json(problem));
  for (const auto& submission : plan.submissions) submissions.push_back(submission_to_json(submission));
  return {{"problems", problems},
          {"submissions", submissions},
          {"contest", contest_to_json(plan.contest)},
          {"keep_transcripts", plan.keep_transcripts},
          {"repeat", plan.repeat},
          {"rules", preset_name(plan.rules)},
          {"stderr_bytes", plan.stderr_bytes}};
}

BatchPlan plan_from_json(const json& json_plan, const std::string& file) {
  BatchPlan plan;
  plan.keep_transcripts = json_plan.value("keep_transcripts", false);
  // Plans written before --repeat, --rules and --stderr-bytes have the defaults.
  plan.repeat = json_plan.value("repeat", 1);
  const auto rules = parse_preset(json_plan.value("rules", "icpc"));
  if (!rules) throw ConfigError(fmt::format("{}: unknown rules {}", file, json_text(json_plan["rules"])));
  plan.rules = *rules;
  plan.stderr_bytes = json_plan.value("stderr_bytes", default_stderr_bytes);
  plan.contest = contest_from_json(json_plan.value("contest", json(nullptr)), file);
  for (const auto& item : plan_field<json>(json_plan, "problems", file)) {
    PlannedProblem problem;
    problem.name = plan_field<std::string>(item, "name", file);
    problem.limits.cpu_ms = plan_field<std::int64_t>(item, "time_limit_ms", file);
    problem.limits.wall_ms = plan_field<std::int64_t>(item, "wall_limit_ms", file);
    problem.limits.memory_kib = plan_field<std::int64_t>(item, "memory_limit_kib", file);
    problem.scoring = plan_field<json>(item, "scoring", file);
    problem.metrics = plan_field<std::vector<std::string>>(item, "metrics", file);
    // Plans written before grading read the convention have none: ICPC's.
    const std::string convention = item.value("convention", "icpc");
    problem.convention = convention == "testlib" ? InteractorConvention::testlib
                         : convention == "cms"   ? InteractorConvention::cms
                                                 : InteractorConvention::icpc;
    for (const auto& test : plan_field<json>(item, "tests", file))
      problem.tests.push_back(
          {plan_field<std::string>(test, "name", file), plan_field<std::string>(test, "sha1", file)});
    plan.problems.push_back(std::move(problem));
  }
  for (const auto& item : plan_field<json>(json_plan, "submissions", file)) {
    // Plans written before submissions had ids and times: none, and time 0.
    const auto time = parse_abstime(item.value("time", ""));
    plan.submissions.push_back(
        {plan_field<std::string>(item, "participant", file), plan_field<std::string>(item, "problem", file),
         plan_field<std::string>(item, "path", file), plan_field<std::string>(item, "sha1", file), item.value("id", ""),
         time.value_or(0), item.value("language", "")});
  }
  sort_plan(plan);
  for (const auto& submission : plan.submissions) {
    const bool known = std::any_of(plan.problems.begin(), plan.problems.end(),
                                   [&](const auto& p) { return p.name == submission.problem; });
    if (!known)
      throw ConfigError(fmt::format("{}: submission of {} for unknown problem {}", file,
                                    submission.participant, submission.problem));
  }
  return plan;
}

BatchPlan union_of_plans(const std::vector<BatchPlan>& plans) {
  BatchPlan merged;
  std::map<std::string, json> problems;
  std::map<std::tuple<std::string, std::string, std::string>, PlannedSubmission> submissions;
  for (const BatchPlan& plan : plans) {
    if (&plan == &plans.front()) merged.contest = plan.contest;
    if (plan.contest.scoreboard != merged.contest.scoreboard || plan.contest.ioi_max != merged.contest.ioi_max)
      throw ConfigError("the batches were ranked by other --scoreboard rules: they cannot be merged");
    merged.keep_transcripts = merged.keep_transcripts || plan.keep_transcripts;
    if (&plan != &plans.front() &&
        (plan.repeat != merged.repeat || plan.rules != merged.rules || plan.stderr_bytes != merged.stderr_bytes))
      throw ConfigError("the batches ran with other --repeat, --rules or --stderr-bytes: they cannot be merged");
    merged.repeat = plan.repeat;
    merged.rules = plan.rules;
    merged.stderr_bytes = plan.stderr_bytes;
    for (const auto& problem : plan.problems) {
      const json as_json = problem_to_json(problem);
      auto [it, inserted] = problems.emplace(problem.name, as_json);
      if (!inserted && it->second != as_json)
        throw ConfigError(fmt::format(
            "problem {} differs between the batches (limits, scoring or tests): they cannot "
            "be merged",
            problem.name));
      if (inserted) merged.problems.push_back(problem);
    }
    for (const auto& submission : plan.submissions) {
      // Times are not compared: shards on other machines may see other mtimes; the first counts.
      auto [it, inserted] =
          submissions.emplace(std::tuple{submission.participant, submission.problem, submission.id}, submission);
      if (!inserted && it->second.sha1 != submission.sha1)
        throw ConfigError(fmt::format(
            "the submission of {} for {} differs between the batches ({} and {}): they "
            "cannot be merged",
            submission.participant, submission.problem, it->second.path, submission.path));
      if (inserted) merged.submissions.push_back(submission);
    }
  }
  sort_plan(merged);
  return merged;
}

std::string unit_name(const BatchPlan& plan, const WorkUnit& unit) {
  const PlannedSubmission& submission = plan.submissions[unit.submission];
  return fmt::format("{}/{}", submission_label(submission), plan.problem(submission.problem).tests[unit.test].name);
}

std::string submission_label(const PlannedSubmission& submission) {
  return submission.id.empty() ? fmt::format("{}/{}", submission.participant, submission.problem)
                               : fmt::format("{}/{}@{}", submission.participant, submission.problem, submission.id);
}

std::string submission_unit_key(const PlannedSubmission& submission, const std::string& test) {
  return unit_key(submission.participant, submission.problem, test, submission.id);
}

std::int64_t contest_ms(const BatchPlan& plan, const PlannedSubmission& submission) {
  return submission.time_ms - plan.contest.start_ms.value_or(0);
}

}  // namespace judge
