#include "batch/merge.hpp"

#include <map>
#include <set>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "base/errors.hpp"
#include "base/atomic_file.hpp"
#include "report/run_report.hpp"

namespace judge {
namespace fs = std::filesystem;
using nlohmann::json;

int merge_batches(const std::vector<fs::path>& dirs, const fs::path& out_dir,
                  const ReportFiles& files, bool quiet) {
  if (dirs.empty()) throw ConfigError("merge: give the batch folders to merge");
  std::error_code ec;
  const fs::path out_canonical = fs::weakly_canonical(out_dir, ec);
  std::vector<BatchDir> batches;
  std::vector<BatchPlan> plans;
  for (const auto& dir : dirs) {
    if (fs::weakly_canonical(dir, ec) == out_canonical)
      throw ConfigError(fmt::format("merge: --out {} is also an input; write elsewhere", out_dir.string()));
    batches.push_back(load_batch_dir(dir));
    plans.push_back(batches.back().plan);
  }
  const BatchPlan plan = union_of_plans(plans);
  const std::vector<WorkUnit> units = plan_units(plan);

  // Each folder's finished units, taken in the order the folders were given.
  std::map<std::string, json> finished;
  std::map<std::string, fs::path> source_of;
  std::vector<std::string> warnings;
  for (const auto& batch : batches) {
    if (batch.journal.skipped_lines > 0)
      warnings.push_back(fmt::format("{}: {} torn or unreadable journal line(s) skipped",
                                     batch.dir.string(), batch.journal.skipped_lines));
    for (auto& [key, record] : finished_units(plan, units, batch.journal.records)) {
      if (finished.emplace(key, record).second) source_of[key] = batch.dir;
    }
  }
  // Every unit must be finished somewhere: say which shards are missing work.
  std::size_t missing = 0;
  std::map<std::string, std::size_t> missing_by_shard;
  std::vector<std::string> examples;
  for (std::size_t u = 0; u < units.size(); ++u) {
    const PlannedSubmission& submission = plan.submissions[units[u].submission];
    const std::string test = plan.problem(submission.problem).tests[units[u].test].name;
    if (finished.contains(unit_key(submission.participant, submission.problem, test))) continue;
    ++missing;
    if (examples.size() < 3) examples.push_back(unit_name(plan, units[u]));
    for (const auto& batch : batches) {
      const auto [begin, end] = shard_range(units.size(), batch.shard);
      if (!batch.shard.whole() && u >= begin && u < end)
        ++missing_by_shard[fmt::format("shard {} ({})", batch.shard.text(), batch.dir.string())];
    }
  }
  if (missing > 0) {
    std::string where;
    for (const auto& [shard, count] : missing_by_shard) where += fmt::format("; {}: {} missing", shard, count);
    // Shards of a count seen that no folder is.
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

  fs::create_directories(out_dir, ec);
  // Results of an earlier merge into the same folder are derived data: replaced.
  if (fs::exists(batch_files::manifest(out_dir))) fs::remove_all(out_dir / "results", ec);
  if (ec) throw ConfigError(fmt::format("cannot create --out {}: {}", out_dir.string(), ec.message()));
  // Transcripts come along, at the same relative paths.
  std::string journal;
  for (const WorkUnit& unit : units) {
    const PlannedSubmission& submission = plan.submissions[unit.submission];
    const std::string key = unit_key(submission.participant, submission.problem,
                                     plan.problem(submission.problem).tests[unit.test].name);
    const json& record = finished.at(key);
    journal += record.dump() + "\n";
    if (!record.contains("outcome")) continue;
    const json transcript = record["outcome"].value("transcript", json());
    if (!transcript.is_string()) continue;
    const fs::path relative = transcript.get<std::string>();
    if (relative.is_absolute()) continue;
    const fs::path from = source_of.at(key) / relative, to = out_dir / relative;
    if (!fs::is_regular_file(from)) continue;
    fs::create_directories(to.parent_path());
    fs::copy_file(from, to, fs::copy_options::overwrite_existing);
    for (int pass = 2; fs::is_regular_file(fs::path(from.string() + ".pass" + std::to_string(pass))); ++pass)
      fs::copy_file(from.string() + ".pass" + std::to_string(pass),
                    to.string() + ".pass" + std::to_string(pass), fs::copy_options::overwrite_existing);
  }
  write_manifest(out_dir, plan, Shard{}, "judge merge");
  write_file_atomically(batch_files::journal(out_dir), journal);
  BatchGrades grades = grade_records(plan, read_journal(batch_files::journal(out_dir)).records);
  write_results_and_standings(out_dir, plan, grades);
  write_reports(out_dir, plan, grades, files);
  warnings.insert(warnings.end(), grades.warnings.begin(), grades.warnings.end());
  if (!quiet)
    fmt::print("merged {} folder(s): {} submissions, {} tests into {}\n\n{}", batches.size(),
               plan.submissions.size(), units.size(), out_dir.string(),
               format_standings_table(grades.standings, 30));
  print_warnings(warnings);
  return exit_status_for_batch(grades.graded);
}

}  // namespace judge
