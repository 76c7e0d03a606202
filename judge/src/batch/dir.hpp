// The output folder of a batch, and everything that reads or writes it:
//
//   DIR/batch.json                              the plan and the shard (manifest)
//   DIR/journal.jsonl                           one line per finished test (batch/journal.hpp)
//   DIR/results/<participant>/<problem>.json    `judge run --json` format (<problem>@<id>.json
//                                               for a submission with an id)
//   DIR/standings.json, DIR/standings.csv       batch/standings.hpp, shown by report/standings.hpp
//   DIR/transcripts/<participant>/<problem>/<test>.interaction   with --transcripts
//
// The journal is the only source of truth; results and standings are derived from
// it (and the plan) by one function (grade_finished, which grade_records calls with the
// journal read back, and `judge batch` with the records it read and appended;
// report/batch_report.hpp writes them), so `judge batch --resume`, `judge merge` and
// `judge report` all produce the same files for the same finished tests. Every file
// but the journal is written atomically (write_file_atomically).
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "base/atomic_file.hpp"
#include "base/errors.hpp"
#include "batch/journal.hpp"
#include "batch/plan.hpp"
#include "batch/results.hpp"
#include "batch/standings.hpp"

namespace judge {

namespace batch_files {
// "<problem>", or "<problem>@<id>" for a submission with an id: its results' and
// transcripts' name.
std::string submission_stem(const PlannedSubmission& submission);
std::filesystem::path manifest(const std::filesystem::path& dir);
std::filesystem::path journal(const std::filesystem::path& dir);
std::filesystem::path result(const std::filesystem::path& dir, const PlannedSubmission& submission);
std::filesystem::path standings_json(const std::filesystem::path& dir);
std::filesystem::path standings_csv(const std::filesystem::path& dir);
// Relative to DIR, as recorded in the journal and the verdict JSON.
std::filesystem::path transcripts_dir(const PlannedSubmission& submission);
}  // namespace batch_files

inline constexpr const char* batch_format = "judge-batch/1";

// Writes DIR/batch.json: {"format", "written_by", "shard": "I/N", "plan": {...}}.
void write_manifest(const std::filesystem::path& dir, const BatchPlan& plan, const Shard& shard,
                    const std::string& written_by);

struct BatchDir {
  std::filesystem::path dir;
  BatchPlan plan;
  Shard shard;
  JournalContents journal;
};

// Throws ConfigError when DIR holds no batch (no readable batch.json).
BatchDir load_batch_dir(const std::filesystem::path& dir);

// Everything derived from a batch folder's plan and journal.
struct BatchGrades {
  std::vector<WorkUnit> units;                      // of the whole plan
  std::map<std::string, nlohmann::json> finished;   // unit_key -> record
  std::vector<GradedSubmission> graded;             // per planned submission
  Standings standings;
  std::vector<std::string> warnings;
};

BatchGrades grade_records(const BatchPlan& plan, const std::vector<nlohmann::json>& records);

// grade_records for a batch that holds what it would read back: `finished` as
// finished_units makes it of the whole journal (the records it read when it started
// and those it appended since, the first of a unit's winning), and the submissions it
// graded as their last tests came in (grade_batch's `graded_before`), which are not
// graded again. `graded_here` lists the submissions graded by this call.
BatchGrades grade_finished(const BatchPlan& plan, std::vector<WorkUnit> units,
                           std::map<std::string, nlohmann::json> finished,
                           std::map<std::size_t, GradedSubmission> graded_before,
                           std::vector<std::size_t>& graded_here);

}  // namespace judge
