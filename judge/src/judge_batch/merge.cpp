#include "judge_batch/merge.hpp"

#include <map>
#include <set>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "base/atomic_file.hpp"
#include "base/errors.hpp"
#include "base/json_text.hpp"
#include "base/plural.hpp"
#include "report/run_report.hpp"
#include "report/standings.hpp"

namespace judge {
namespace fs = std::filesystem;
using nlohmann::json;

namespace {

// The folders' finished units, taken in the order the folders were given (the first
// folder that finished a unit wins), and which folder each came from.
struct FinishedUnits {
  std::map<std::string, json> records;
  std::map<std::string, fs::path> source_of;
};

FinishedUnits collect_finished(const BatchPlan& plan, const std::vector<WorkUnit>& units,
                               const std::vector<BatchDir>& batches, std::vector<std::string>& warnings) {
  FinishedUnits finished;
  for (const auto& batch : batches) {
    if (batch.journal.skipped_lines > 0)
      warnings.push_back(fmt::format("{}: {} torn or unreadable journal line(s) skipped",
                                     batch.dir.string(), batch.journal.skipped_lines));
    for (auto& [key, record] : finished_units(plan, units, batch.journal.records)) {
      if (finished.records.emplace(key, record).second) finished.source_of[key] = batch.dir;
    }
  }
  return finished;
}

std::string key_of(const BatchPlan& plan, const WorkUnit& unit) {
  const PlannedSubmission& submission = plan.submissions[unit.submission];
  return submission_unit_key(submission, plan.problem(submission.problem).tests[unit.test].name);
}

// Every unit must be finished somewhere: otherwise a ConfigError that says which
// shards are missing work, and which shards no folder is.
void check_every_unit_finished(const BatchPlan& plan, const std::vector<WorkUnit>& units,
                               const std::vector<BatchDir>& batches, const FinishedUnits& finished) {
  std::size_t missing = 0;
  std::map<std::string, std::size_t> missing_by_shard;
  std::vector<std::string> examples;
  for (std::size_t u = 0; u < units.size(); ++u) {
    if (finished.records.contains(key_of(plan, units[u]))) continue;
    ++missing;
    if (examples.size() < 3) examples.push_back(unit_name(plan, units[u]));
    for (const auto& batch : batches) {
      const auto [begin, end] = shard_range(units.size(), batch.shard);
      if (!batch.shard.whole() && u >= begin && u < end)
        ++missing_by_shard[fmt::format("shard {} ({})", batch.shard.text(), batch.dir.string())];
    }
  }
  if (missing == 0) return;
  std::string where;
  for (const auto& [shard, count] : missing_by_shard) where += fmt::format("; {}: {} missing", shard, count);
  std::map<std::size_t, std::set<std::size_t>> given;
  for (const auto& batch : batches)
    if (!batch.shard.whole()) given[batch.shard.count].insert(batch.shard.index);
  std::vector<std::string> absent;
  for (const auto& [count, indexes] : given)
    for (std::size_t index = 1; index <= count; ++index)
      if (!indexes.contains(index)) absent.push_back(Shard{index, count}.text());
  if (!absent.empty()) where += fmt::format("; no folder is shard {}", fmt::join(absent, ", "));
  throw ConfigError(fmt::format(
      "merge: {} of {} tests are finished in none of the folders (e.g. {}){}. Give every "
      "shard's folder; finish an incomplete shard with the same `judge batch ... --shard I/N` "
      "and --resume",
      missing, units.size(), fmt::join(examples, ", "), where));
}

// The transcripts a record names (every pass's), from the folder it came from to the
// same relative path under out_dir.
void copy_transcripts(const json& record, const fs::path& source, const fs::path& out_dir) {
  if (!record.contains("record")) return;
  const json transcript = record["record"].value("transcript", json());
  if (!transcript.is_string()) return;
  const fs::path relative = transcript.get<std::string>();
  if (relative.is_absolute()) return;
  const fs::path from = source / relative, to = out_dir / relative;
  if (!fs::is_regular_file(from)) return;
  fs::create_directories(to.parent_path());
  fs::copy_file(from, to, fs::copy_options::overwrite_existing);
  for (int pass = 2; fs::is_regular_file(fs::path(from.string() + ".pass" + std::to_string(pass))); ++pass)
    fs::copy_file(from.string() + ".pass" + std::to_string(pass),
                  to.string() + ".pass" + std::to_string(pass), fs::copy_options::overwrite_existing);
}

std::vector<BatchDir> load_inputs(const std::vector<fs::path>& dirs, const fs::path& out_dir) {
  if (dirs.empty()) throw ConfigError("merge: give the batch folders to merge");
  std::error_code ec;
  const fs::path out_canonical = fs::weakly_canonical(out_dir, ec);
  std::vector<BatchDir> batches;
  for (const auto& dir : dirs) {
    if (fs::weakly_canonical(dir, ec) == out_canonical)
      throw ConfigError(fmt::format("merge: --out {} is also an input; write elsewhere", out_dir.string()));
    batches.push_back(load_batch_dir(dir));
  }
  return batches;
}

}  // namespace

int merge_batches(const std::vector<fs::path>& dirs, const fs::path& out_dir,
                  const ReportFiles& files, bool quiet) {
  const std::vector<BatchDir> batches = load_inputs(dirs, out_dir);
  std::vector<BatchPlan> plans;
  for (const auto& batch : batches) plans.push_back(batch.plan);
  const BatchPlan plan = union_of_plans(plans);
  const std::vector<WorkUnit> units = plan_units(plan);
  std::vector<std::string> warnings;
  const FinishedUnits finished = collect_finished(plan, units, batches, warnings);
  check_every_unit_finished(plan, units, batches, finished);

  std::error_code ec;
  fs::create_directories(out_dir, ec);
  // Results of an earlier merge into the same folder are derived data: replaced.
  if (fs::exists(batch_files::manifest(out_dir))) fs::remove_all(out_dir / "results", ec);
  if (ec) throw ConfigError(fmt::format("cannot create --out {}: {}", out_dir.string(), ec.message()));
  std::string journal;
  for (const WorkUnit& unit : units) {
    const std::string key = key_of(plan, unit);
    journal += json_text(finished.records.at(key)) + "\n";
    copy_transcripts(finished.records.at(key), finished.source_of.at(key), out_dir);
  }
  write_manifest(out_dir, plan, Shard{}, "judge merge");
  write_file_atomically(batch_files::journal(out_dir), journal);
  BatchGrades grades = grade_records(plan, read_journal(batch_files::journal(out_dir)).records);
  write_results_and_standings(out_dir, plan, grades);
  write_reports(out_dir, plan, grades, files);
  warnings.insert(warnings.end(), grades.warnings.begin(), grades.warnings.end());
  if (!quiet)
    fmt::print("merged {}: {}, {} into {}\n\n{}", count_of(batches.size(), "folder"),
               count_of(plan.submissions.size(), "submission"), count_of(units.size(), "test"), out_dir.string(),
               format_standings_table(grades.standings, 30));
  print_warnings(warnings);
  return exit_status_for_batch(grades.graded);
}

}  // namespace judge
