#include "batch/dir.hpp"

#include <fstream>
#include <sstream>

#include <fmt/core.h>

#include "base/atomic_file.hpp"
#include "base/errors.hpp"
#include "base/json_text.hpp"
#include "base/text_file.hpp"

namespace judge {
namespace fs = std::filesystem;

namespace batch_files {
std::string submission_stem(const PlannedSubmission& submission) {
  return submission.id.empty() ? submission.problem : submission.problem + "@" + submission.id;
}
fs::path manifest(const fs::path& dir) { return dir / "batch.json"; }
fs::path journal(const fs::path& dir) { return dir / "journal.jsonl"; }
fs::path result(const fs::path& dir, const PlannedSubmission& submission) {
  return dir / "results" / submission.participant / (submission_stem(submission) + ".json");
}
fs::path standings_json(const fs::path& dir) { return dir / "standings.json"; }
fs::path standings_csv(const fs::path& dir) { return dir / "standings.csv"; }
fs::path transcripts_dir(const PlannedSubmission& submission) {
  return fs::path("transcripts") / submission.participant / submission_stem(submission);
}
}  // namespace batch_files

void write_manifest(const fs::path& dir, const BatchPlan& plan, const Shard& shard,
                    const std::string& written_by) {
  const nlohmann::json manifest = {{"format", batch_format},
                                   {"written_by", written_by},
                                   {"shard", shard.text()},
                                   {"plan", plan_to_json(plan)}};
  write_file_atomically(batch_files::manifest(dir), json_text(manifest, 2) + "\n");
}

BatchDir load_batch_dir(const fs::path& dir) {
  const fs::path file = batch_files::manifest(dir);
  const auto text = read_file(file);
  if (!text)
    throw ConfigError(fmt::format("{} holds no batch (no {}): give the --out folder of a "
                                  "judge batch or judge merge",
                                  dir.string(), file.filename().string()));
  const nlohmann::json manifest = nlohmann::json::parse(*text, nullptr, false);
  if (manifest.is_discarded() || !manifest.is_object() ||
      manifest.value("format", "") != batch_format || !manifest.contains("plan"))
    throw ConfigError(fmt::format("{} is not a batch manifest of format {}", file.string(),
                                  batch_format));
  BatchDir batch;
  batch.dir = dir;
  batch.plan = plan_from_json(manifest["plan"], file.string());
  batch.shard = parse_shard(manifest.value("shard", "1/1"));
  batch.journal = read_journal(batch_files::journal(dir));
  return batch;
}

BatchGrades grade_records(const BatchPlan& plan, const std::vector<nlohmann::json>& records) {
  std::vector<WorkUnit> units = plan_units(plan);
  std::map<std::string, nlohmann::json> finished = finished_units(plan, units, records);
  std::vector<std::size_t> graded_here;
  return grade_finished(plan, std::move(units), std::move(finished), {}, graded_here);
}

BatchGrades grade_finished(const BatchPlan& plan, std::vector<WorkUnit> units,
                           std::map<std::string, nlohmann::json> finished,
                           std::map<std::size_t, GradedSubmission> graded_before,
                           std::vector<std::size_t>& graded_here) {
  BatchGrades grades;
  grades.units = std::move(units);
  grades.finished = std::move(finished);
  grades.graded = grade_batch(plan, grades.finished, grades.warnings, &graded_before, &graded_here);
  grades.standings = make_standings(plan, grades.graded);
  return grades;
}

}  // namespace judge
