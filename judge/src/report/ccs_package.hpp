// A graded batch written as an ICPC CCS contest package (Contest_Package.md and the
// JSON Format of the spec's 2023-06 draft), so that the result goes back to a CDS, a
// resolver or DOMjudge, and `judge batch` reads it again (batch/contest_package.hpp):
//
//   contest.json      id, name, start_time, duration, scoreboard_type (pass-fail for
//                     --scoreboard icpc, with penalty_time; score otherwise)
//   problems.json     id (the problem's short name), label A, B, ..., name, ordinal,
//                     test_data_count
//   teams.json        id, name, label: one team per participant
//   submissions.json  id, language_id, problem_id, team_id, time, contest_time, files
//   submissions/<id>/files.zip   the source at the archive's root
//   judgements.json   one per graded submission: its verdict as a judgement type
//                     (QLE, which the spec lacks, as WA), the score for a score contest,
//                     max_run_time (the largest CPU time of its tests, s); start and end
//                     times are the submission's (a batch judges after the contest)
//   scoreboard.json   the batch's scoreboard (ICPC: num_solved, total_time, per problem
//                     num_judged, num_pending, solved, time; IOI and points: score)
//   results.tsv       ICPC only: "results\t1", then team id, rank, award ("Ranked" with
//                     a problem solved, else "Honorable"), solved, penalty, last solve
//                     minute, group winner (empty), as DOMjudge exports it
//
// Ids that are not the spec's identifiers (a participant named "José", a file name as a
// submission's id) are replaced by ones that are (team-1, s1, ...).
#pragma once

#include <filesystem>

#include <nlohmann/json.hpp>

#include "batch/dir.hpp"

namespace judge {

// Writes the package into `out` (created; its files replaced). Throws JudgeFault when
// a file cannot be written.
void write_contest_package(const std::filesystem::path& out, const BatchPlan& plan, const BatchGrades& grades);

// The judgement type id of a verdict (the spec's list: QLE as WA).
std::string judgement_type_of(Verdict verdict);

// scoreboard.json as the spec shapes it, of the batch's standings; `team_ids` and
// `problem_ids` name participants and problems as the package does.
nlohmann::json ccs_scoreboard(const BatchPlan& plan, const Standings& standings,
                              const std::map<std::string, std::string>& team_ids);

}  // namespace judge
