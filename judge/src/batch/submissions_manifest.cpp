// read_submissions_manifest (plan.hpp): a folder's judge-submissions.json, the list of
// a contest's submissions with their ids, times and languages (docs/batch.md).
#include <map>
#include <regex>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "base/json_text.hpp"
#include "base/text_file.hpp"
#include "base/utf8.hpp"
#include "batch/contest_time.hpp"
#include "batch/plan.hpp"

namespace judge {
namespace fs = std::filesystem;
using nlohmann::json;

namespace {

constexpr const char* kManifestFormat = "judge-submissions/1";

// An id names files (results/<participant>/<problem>@<id>.json): the CCS spec's
// identifiers (common.json: letters, digits, _ . -, not starting with . or -).
bool is_identifier(const std::string& text) {
  static const std::regex pattern("[A-Za-z0-9_][A-Za-z0-9_.-]{0,63}");
  return std::regex_match(text, pattern);
}

std::string text_field(const json& entry, const char* key, const std::string& where, bool required = true) {
  if (!entry.contains(key) && !required) return "";
  if (!entry.contains(key) || !entry[key].is_string() || entry[key].get<std::string>().empty())
    throw ConfigError(fmt::format("{}: \"{}\" must be a non-empty string", where, key));
  return entry[key].get<std::string>();
}

// A manifest's file is beneath its folder: relative, no "..".
fs::path manifest_file(const fs::path& folder, const std::string& file, const std::string& where) {
  const fs::path relative = fs::path(file).lexically_normal();
  if (relative.is_absolute() || relative.empty() || *relative.begin() == "..")
    throw ConfigError(fmt::format("{}: \"file\" {} must be a path beneath {}", where, file, folder.string()));
  const fs::path path = folder / relative;
  std::error_code ec;
  if (!fs::exists(fs::symlink_status(path, ec)))
    throw ConfigError(fmt::format("{}: the file {} does not exist", where, path.string()));
  return path;
}

std::optional<std::int64_t> time_field(const json& entry, const std::string& where) {
  if (!entry.contains("time")) return std::nullopt;
  const auto time = entry["time"].is_string() ? parse_abstime(entry["time"].get<std::string>()) : std::nullopt;
  if (!time)
    throw ConfigError(
        fmt::format("{}: \"time\" {} is not a time such as \"2026-11-29T10:17:00Z\" (ISO 8601 "
                    "with a zone: Z, +01, +01:00)",
                    where, json_text(entry["time"])));
  return time;
}

void read_contest(const json& object, const std::string& where, ContestInfo& contest) {
  if (!object.is_object()) throw ConfigError(fmt::format("{}: \"contest\" must be an object", where));
  if (object.contains("name")) contest.name = text_field(object, "name", where + " contest");
  if (object.contains("start_time")) {
    const auto start = time_field(json{{"time", object["start_time"]}}, where + " contest start_time");
    contest.start_ms = start;
  }
  if (object.contains("penalty_time")) {
    if (!object["penalty_time"].is_number_integer() || object["penalty_time"].get<std::int64_t>() < 0)
      throw ConfigError(fmt::format("{}: contest \"penalty_time\" must be whole minutes, 0 or more", where));
    contest.penalty_minutes = object["penalty_time"].get<std::int64_t>();
  }
}

}  // namespace

std::vector<FoundSubmission> read_submissions_manifest(const fs::path& file, const std::set<std::string>& problems,
                                                       const std::set<std::string>& other_problems,
                                                       std::vector<std::string>& warnings, ContestInfo& contest) {
  const auto text = read_file(file);
  const json manifest = text ? json::parse(*text, nullptr, false) : json();
  if (!text || manifest.is_discarded() || !manifest.is_object() || manifest.value("format", "") != kManifestFormat ||
      !manifest.contains("submissions") || !manifest["submissions"].is_array())
    throw ConfigError(
        fmt::format("{}: not a submissions manifest (a JSON object with \"format\": \"{}\" and a "
                    "\"submissions\" array; docs/batch.md)",
                    file.string(), kManifestFormat));
  if (manifest.contains("contest")) read_contest(manifest["contest"], file.string(), contest);
  std::vector<FoundSubmission> found;
  std::map<std::string, std::size_t> ids;
  for (std::size_t i = 0; i < manifest["submissions"].size(); ++i) {
    const json& entry = manifest["submissions"][i];
    const std::string where = fmt::format("{}: submissions[{}]", file.string(), i);
    if (!entry.is_object()) throw ConfigError(where + ": not an object");
    FoundSubmission submission;
    submission.id = text_field(entry, "id", where);
    if (!is_identifier(submission.id))
      throw ConfigError(fmt::format("{}: id {} is not an identifier (letters, digits, _ . -; at most 64)", where,
                                    json_text(submission.id)));
    if (auto [it, inserted] = ids.emplace(submission.id, i); !inserted)
      throw ConfigError(fmt::format("{}: id {} is submissions[{}]'s too", where, submission.id, it->second));
    submission.participant = valid_utf8(text_field(entry, "participant", where));
    if (submission.participant.find('/') != std::string::npos || submission.participant.starts_with("."))
      throw ConfigError(fmt::format("{}: participant {} names a folder of results/: no '/', no leading '.'", where,
                                    submission.participant));
    submission.problem = text_field(entry, "problem", where);
    submission.path = manifest_file(file.parent_path(), text_field(entry, "file", where), where);
    submission.time_ms = time_field(entry, where);
    submission.language = text_field(entry, "language", where, false);
    if (!problems.contains(submission.problem)) {
      if (!other_problems.contains(submission.problem))
        warnings.push_back(fmt::format("skipped {}: no problem {} (problems: {})", where, submission.problem,
                                       fmt::join(problems, ", ")));
      continue;
    }
    found.push_back(std::move(submission));
  }
  return found;
}

}  // namespace judge
