// A contest as the ICPC CCS specification's contest package holds it
// (Contest_Package.md): contest.json or contest.yaml, problems.json/.yaml,
// submissions.json and each submission's files (`submissions/<id>/<filename>`, the
// files of its file reference: a files.zip holding the source at its root, or the
// source itself), read so that a real contest's submissions are judged again by
// `judge batch PACKAGE`. A submission's participant is its team's id, its time the
// package's, its problem the problem whose id (or, failing that, label) is a problem
// of the batch. teams.json is not needed (a team id is enough to rank).
#pragma once

#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "batch/plan.hpp"

namespace judge {

// Whether `dir` holds contest.json or contest.yaml.
bool is_contest_package(const std::filesystem::path& dir);

// The package's submissions for `problems` (those of `other_problems` skipped quietly,
// the rest with a warning), their zips unpacked beneath `unpack_dir/<id>/`; what
// contest.json says (name, start_time, penalty_time) into `contest`. A submission
// whose files are not one source is skipped with a warning. Throws ConfigError naming
// the file and the entry for a package that is malformed.
std::vector<FoundSubmission> read_contest_package(const std::filesystem::path& dir,
                                                  const std::set<std::string>& problems,
                                                  const std::set<std::string>& other_problems,
                                                  std::vector<std::string>& warnings, ContestInfo& contest,
                                                  const std::filesystem::path& unpack_dir);

// The files at the root of a zip archive, written into `folder` (created): their
// paths. Throws ConfigError for an archive that cannot be read, an entry beneath a
// folder or named "..", or more than 64 MiB in all.
std::vector<std::filesystem::path> unpack_zip(const std::filesystem::path& zip, const std::filesystem::path& folder);

// minutes in a contest.json's penalty_time: a RELTIME ("0:20:00") or, as older
// packages and contest.yaml write it, whole minutes (20, "20"); nullopt otherwise.
std::optional<std::int64_t> penalty_minutes_of(const nlohmann::json& value);

}  // namespace judge
