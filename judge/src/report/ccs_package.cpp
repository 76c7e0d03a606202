#include "report/ccs_package.hpp"

#include <minizip/zip.h>

#include <algorithm>
#include <map>
#include <memory>
#include <regex>
#include <set>

#include <fmt/format.h>

#include "base/atomic_file.hpp"
#include "base/errors.hpp"
#include "base/json_text.hpp"
#include "base/text_file.hpp"
#include "batch/contest_time.hpp"

namespace judge {
namespace fs = std::filesystem;
using nlohmann::json;

std::string judgement_type_of(Verdict verdict) {
  return verdict == Verdict::QLE ? "WA" : std::string(verdict_name(verdict));
}

namespace {

bool is_identifier(const std::string& text) {
  static const std::regex pattern("[A-Za-z0-9_]([A-Za-z0-9_.-]{0,34}[A-Za-z0-9_-])?");
  return std::regex_match(text, pattern);
}

// Each name as an identifier: itself when it is one and unique, else prefix-N.
std::map<std::string, std::string> identifiers(const std::vector<std::string>& names, const std::string& prefix) {
  std::map<std::string, std::string> ids;
  std::set<std::string> used;
  for (const auto& name : names)
    if (is_identifier(name) && used.insert(name).second) ids[name] = name;
  std::size_t next = 1;
  for (const auto& name : names) {
    if (ids.contains(name)) continue;
    while (used.contains(prefix + std::to_string(next))) ++next;
    ids[name] = prefix + std::to_string(next);
    used.insert(ids[name]);
  }
  return ids;
}

// A submission's id in the package: its own where all are identifiers and unique, else
// s1, s2, ... in plan order.
std::vector<std::string> submission_ids(const BatchPlan& plan) {
  std::vector<std::string> ids;
  std::set<std::string> seen;
  bool own = true;
  for (const auto& submission : plan.submissions)
    own = own && is_identifier(submission.id) && seen.insert(submission.id).second;
  for (std::size_t i = 0; i < plan.submissions.size(); ++i)
    ids.push_back(own ? plan.submissions[i].id : fmt::format("s{}", i + 1));
  return ids;
}

struct ZipCloser {
  void operator()(void* zip) const { zipClose(zip, nullptr); }
};

// The source in files.zip, at its root under its own name.
void write_source_zip(const fs::path& source, const fs::path& zip_path) {
  const auto bytes = read_file(source);
  if (!bytes) throw JudgeFault(fmt::format("cannot read {} for the contest package", source.string()));
  fs::create_directories(zip_path.parent_path());
  std::unique_ptr<void, ZipCloser> zip(zipOpen64(zip_path.c_str(), APPEND_STATUS_CREATE));
  zip_fileinfo info{};
  const std::string name = source.filename().string();
  const bool written = zip &&
                       zipOpenNewFileInZip64(zip.get(), name.c_str(), &info, nullptr, 0, nullptr, 0, nullptr,
                                             Z_DEFLATED, Z_DEFAULT_COMPRESSION, 0) == ZIP_OK &&
                       zipWriteInFileInZip(zip.get(), bytes->data(), static_cast<unsigned>(bytes->size())) == ZIP_OK &&
                       zipCloseFileInZip(zip.get()) == ZIP_OK;
  if (!written || zipClose(zip.release(), nullptr) != ZIP_OK)
    throw JudgeFault(fmt::format("cannot write {}", zip_path.string()));
}

std::string posreltime_of(std::int64_t ms) { return format_reltime(std::max<std::int64_t>(0, ms)); }

json contest_json(const BatchPlan& plan) {
  std::int64_t last_ms = 0;
  for (const auto& submission : plan.submissions) last_ms = std::max(last_ms, contest_ms(plan, submission));
  const std::int64_t duration_minutes = last_ms / 60000 + 1;  // the last submission within it
  json contest = {{"id", "judge-batch"},
                  {"name", plan.contest.name.empty() ? std::string("judge batch") : plan.contest.name},
                  {"start_time", format_abstime(plan.contest.start_ms.value_or(0))},
                  {"duration", format_minutes(duration_minutes)}};
  if (plan.contest.scoreboard == ScoreboardRules::icpc) {
    contest["scoreboard_type"] = "pass-fail";
    contest["penalty_time"] = format_minutes(plan.contest.penalty_minutes);
  } else {
    contest["scoreboard_type"] = "score";
  }
  return contest;
}

json problems_json(const BatchPlan& plan) {
  json problems = json::array();
  for (std::size_t p = 0; p < plan.problems.size(); ++p) {
    std::string label = p < 26 ? std::string(1, static_cast<char>('A' + p)) : fmt::format("P{}", p + 1);
    problems.push_back({{"id", plan.problems[p].name},
                        {"label", label},
                        {"name", plan.problems[p].name},
                        {"ordinal", p + 1},
                        {"test_data_count", plan.problems[p].tests.size()},
                        {"time_limit", static_cast<double>(plan.problems[p].limits.cpu_ms) / 1000.0}});
  }
  return problems;
}

json judgement_json(const BatchPlan& plan, const GradedSubmission& graded, const std::string& id) {
  const PlannedSubmission& submission = plan.submissions[graded.submission];
  const std::string time = format_abstime(submission.time_ms);
  const std::string contest_time = format_reltime(contest_ms(plan, submission));
  std::int64_t max_cpu_ms = 0;
  for (const auto& test : graded.result->tests) max_cpu_ms = std::max(max_cpu_ms, test.facts.submission.exit.cpu_ms);
  json judgement = {{"id", id},
                    {"submission_id", id},
                    {"judgement_type_id", judgement_type_of(graded.result->verdict)},
                    {"current", true},
                    {"start_time", time},
                    {"start_contest_time", contest_time},
                    {"end_time", time},
                    {"end_contest_time", contest_time},
                    {"max_run_time", static_cast<double>(max_cpu_ms) / 1000.0}};
  if (plan.contest.scoreboard != ScoreboardRules::icpc) judgement["score"] = std::max(0.0, graded.result->score.score);
  return judgement;
}

std::string results_tsv(const Standings& standings, const std::map<std::string, std::string>& team_ids) {
  std::string tsv = "results\t1\n";
  for (const IcpcRow& row : standings.icpc)
    tsv +=
        fmt::format("{}\t{}\t{}\t{}\t{}\t{}\t\n", team_ids.at(row.participant), row.rank,
                    row.solved > 0 ? "Ranked" : "Honorable", row.solved, row.penalty_minutes, row.last_solve_minutes);
  return tsv;
}

void write_json(const fs::path& file, const json& value) { write_file_atomically(file, json_text(value, 2) + "\n"); }

}  // namespace

namespace {

json icpc_rows(const Standings& standings, const std::map<std::string, std::string>& team_ids) {
  json rows = json::array();
  for (const IcpcRow& row : standings.icpc) {
    json problems = json::array();
    for (std::size_t p = 0; p < standings.problems.size(); ++p) {
      const IcpcCell& cell = row.cells[p];
      json entry = {{"problem_id", standings.problems[p]},
                    {"num_judged", cell.attempts},
                    {"num_pending", cell.pending},
                    {"solved", cell.solved}};
      if (cell.solved) entry["time"] = format_minutes(cell.solve_minutes);
      problems.push_back(entry);
    }
    json score = {{"num_solved", row.solved},
                  {"total_time", format_minutes(row.penalty_minutes)},
                  {"time", row.solved > 0 ? json(format_minutes(row.last_solve_minutes)) : json(nullptr)}};
    rows.push_back(
        {{"rank", row.rank}, {"team_id", team_ids.at(row.participant)}, {"score", score}, {"problems", problems}});
  }
  return rows;
}

// A score problem's entry: its score and, when above 0, when it was reached.
json score_entry(const std::string& problem, std::size_t judged, std::size_t pending, double score,
                 std::int64_t reached_ms) {
  json entry = {
      {"problem_id", problem}, {"num_judged", judged}, {"num_pending", pending}, {"score", std::max(0.0, score)}};
  if (score > 0) entry["time"] = posreltime_of(reached_ms);
  return entry;
}

json ioi_rows(const Standings& standings, const std::map<std::string, std::string>& team_ids) {
  json rows = json::array();
  for (const IoiRow& row : standings.ioi) {
    json problems = json::array();
    std::int64_t last_ms = 0;
    for (std::size_t p = 0; p < standings.problems.size(); ++p) {
      const IoiCell& cell = row.cells[p];
      problems.push_back(score_entry(standings.problems[p], cell.judged, cell.pending, cell.score, cell.improved_ms));
      if (cell.score > 0) last_ms = std::max(last_ms, cell.improved_ms);
    }
    json score = {{"score", std::max(0.0, row.total)},
                  {"time", row.total > 0 ? json(posreltime_of(last_ms)) : json(nullptr)}};
    rows.push_back(
        {{"rank", row.rank}, {"team_id", team_ids.at(row.participant)}, {"score", score}, {"problems", problems}});
  }
  return rows;
}

json points_rows(const BatchPlan& plan, const Standings& standings,
                 const std::map<std::string, std::string>& team_ids) {
  json rows = json::array();
  for (const StandingsRow& row : standings.rows) {
    json problems = json::array();
    std::int64_t last_ms = 0;
    for (std::size_t p = 0; p < standings.problems.size(); ++p) {
      const StandingsCell& cell = row.cells[p];
      const std::int64_t at = cell.submission ? contest_ms(plan, plan.submissions[*cell.submission]) : 0;
      problems.push_back(score_entry(standings.problems[p], cell.graded ? cell.submissions : 0,
                                     cell.graded ? 0 : cell.submissions, cell.score, at));
      if (cell.score > 0) last_ms = std::max(last_ms, at);
    }
    json score = {{"score", std::max(0.0, row.total)},
                  {"time", row.total > 0 ? json(posreltime_of(last_ms)) : json(nullptr)}};
    rows.push_back(
        {{"rank", row.rank}, {"team_id", team_ids.at(row.participant)}, {"score", score}, {"problems", problems}});
  }
  return rows;
}

}  // namespace

json ccs_scoreboard(const BatchPlan& plan, const Standings& standings,
                    const std::map<std::string, std::string>& team_ids) {
  std::int64_t last_ms = 0;
  for (const auto& submission : plan.submissions) last_ms = std::max(last_ms, submission.time_ms);
  const std::int64_t start = plan.contest.start_ms.value_or(0);
  json rows = standings.rules == ScoreboardRules::icpc  ? icpc_rows(standings, team_ids)
              : standings.rules == ScoreboardRules::ioi ? ioi_rows(standings, team_ids)
                                                        : points_rows(plan, standings, team_ids);
  // As of the last submission: the scoreboard of a finished, re-judged contest.
  return {{"time", format_abstime(std::max(last_ms, start))},
          {"contest_time", posreltime_of(last_ms - start)},
          {"state",
           {{"started", format_abstime(start)},
            {"ended", format_abstime(std::max(last_ms, start))},
            {"frozen", nullptr},
            {"thawed", nullptr},
            {"finalized", format_abstime(std::max(last_ms, start))},
            {"end_of_updates", nullptr}}},
          {"rows", rows}};
}

void write_contest_package(const fs::path& out, const BatchPlan& plan, const BatchGrades& grades) {
  std::error_code ec;
  fs::create_directories(out, ec);
  if (ec) throw JudgeFault(fmt::format("cannot create {}: {}", out.string(), ec.message()));
  std::vector<std::string> participants;
  for (const auto& submission : plan.submissions) participants.push_back(submission.participant);
  const auto team_ids = identifiers(participants, "team-");
  const auto ids = submission_ids(plan);
  write_json(out / "contest.json", contest_json(plan));
  write_json(out / "problems.json", problems_json(plan));
  json teams = json::array();
  std::set<std::string> listed;
  for (const auto& name : participants)
    if (listed.insert(name).second)
      teams.push_back({{"id", team_ids.at(name)}, {"name", name}, {"label", team_ids.at(name)}});
  write_json(out / "teams.json", teams);
  json submissions = json::array(), judgements = json::array();
  for (std::size_t i = 0; i < plan.submissions.size(); ++i) {
    const PlannedSubmission& submission = plan.submissions[i];
    const std::string language = is_identifier(submission.language) ? submission.language : "unknown";
    json entry = {{"id", ids[i]},
                  {"language_id", language},
                  {"problem_id", submission.problem},
                  {"team_id", team_ids.at(submission.participant)},
                  {"time", format_abstime(submission.time_ms)},
                  {"contest_time", format_reltime(contest_ms(plan, submission))},
                  {"files", json::array({{{"filename", "files.zip"}, {"mime", "application/zip"}}})}};
    // The judge finds a Java program's class itself; null is what the spec's schema takes
    // for every language (for C and C++ an absent entry_point matches two of its cases).
    entry["entry_point"] = nullptr;
    submissions.push_back(entry);
    write_source_zip(submission.path, out / "submissions" / ids[i] / "files.zip");
  }
  for (const auto& graded : grades.graded)
    if (graded.result) judgements.push_back(judgement_json(plan, graded, ids[graded.submission]));
  write_json(out / "submissions.json", submissions);
  write_json(out / "judgements.json", judgements);
  write_json(out / "scoreboard.json", ccs_scoreboard(plan, grades.standings, team_ids));
  if (plan.contest.scoreboard == ScoreboardRules::icpc)
    write_file_atomically(out / "results.tsv", results_tsv(grades.standings, team_ids));
}

}  // namespace judge
