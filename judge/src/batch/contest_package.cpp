#include "batch/contest_package.hpp"

#include <minizip/unzip.h>

#include <fstream>
#include <map>
#include <memory>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <yaml-cpp/yaml.h>

#include "base/json_text.hpp"
#include "base/parse_number.hpp"
#include "base/text_file.hpp"
#include "batch/contest_time.hpp"

namespace judge {
namespace fs = std::filesystem;
using nlohmann::json;

namespace {

constexpr std::uint64_t kMaxUnpackedBytes = 64ull << 20;

// YAML as JSON: maps, sequences, and every scalar a string (the readers below parse
// numbers and times from text: contest.yaml's `penalty_time: 20`).
json yaml_to_json(const YAML::Node& node) {
  if (node.IsMap()) {
    json object = json::object();
    for (const auto& item : node) object[item.first.as<std::string>()] = yaml_to_json(item.second);
    return object;
  }
  if (node.IsSequence()) {
    json array = json::array();
    for (const auto& item : node) array.push_back(yaml_to_json(item));
    return array;
  }
  if (node.IsScalar()) return node.as<std::string>();
  return nullptr;
}

// `<name>.json`, else `<name>.yaml` where the spec allows one; null when neither is there.
json read_package_file(const fs::path& dir, const std::string& name, bool yaml_allowed) {
  const fs::path json_file = dir / (name + ".json");
  if (const auto text = read_file(json_file)) {
    json value = json::parse(*text, nullptr, false);
    if (value.is_discarded()) throw ConfigError(fmt::format("{}: not JSON", json_file.string()));
    return value;
  }
  const fs::path yaml_file = dir / (name + ".yaml");
  if (!yaml_allowed || !fs::exists(yaml_file)) return nullptr;
  try {
    return yaml_to_json(YAML::LoadFile(yaml_file.string()));
  } catch (const YAML::Exception& error) {
    throw ConfigError(fmt::format("{}: not YAML ({})", yaml_file.string(), error.what()));
  }
}

std::string text_of(const json& object, const char* key) {
  if (!object.is_object() || !object.contains(key)) return "";
  const json& value = object[key];
  return value.is_string() ? value.get<std::string>() : value.is_number() ? value.dump() : "";
}

void read_contest(const fs::path& dir, ContestInfo& contest) {
  const json object = read_package_file(dir, "contest", true);
  if (!object.is_object()) throw ConfigError(fmt::format("{}/contest.json: not a JSON object", dir.string()));
  contest.name = text_of(object, "formal_name").empty() ? text_of(object, "name") : text_of(object, "formal_name");
  if (const std::string start = text_of(object, "start_time"); !start.empty()) {
    contest.start_ms = parse_abstime(start);
    if (!contest.start_ms)
      throw ConfigError(
          fmt::format("{}/contest: start_time {} is not a time (ISO 8601 with a zone)", dir.string(), start));
  }
  if (object.contains("penalty_time")) {
    const auto minutes = penalty_minutes_of(object["penalty_time"]);
    if (!minutes)
      throw ConfigError(fmt::format("{}/contest: penalty_time {} is neither a RELTIME (0:20:00) nor minutes",
                                    dir.string(), json_text(object["penalty_time"])));
    contest.penalty_minutes = *minutes;
  }
}

// Package problem id -> the batch's problem name: the id itself, else the label.
std::map<std::string, std::string> problem_names(const fs::path& dir, const std::set<std::string>& known) {
  std::map<std::string, std::string> names;
  const json problems = read_package_file(dir, "problems", true);
  if (!problems.is_array()) return names;
  for (const json& problem : problems) {
    const std::string id = text_of(problem, "id"), label = text_of(problem, "label");
    if (known.contains(id)) names[id] = id;
    else if (known.contains(label))
      names[id] = label;
  }
  return names;
}

struct UnzCloser {
  void operator()(void* archive) const { unzClose(archive); }
};

}  // namespace

std::optional<std::int64_t> penalty_minutes_of(const json& value) {
  if (value.is_number_integer())
    return value.get<std::int64_t>() >= 0 ? std::optional(value.get<std::int64_t>()) : std::nullopt;
  if (!value.is_string()) return std::nullopt;
  const std::string text = value.get<std::string>();
  if (const auto minutes = parse_integer<std::int64_t>(text); minutes && *minutes >= 0) return minutes;
  const auto ms = parse_reltime(text);
  if (!ms || *ms < 0 || *ms % 60000 != 0) return std::nullopt;
  return *ms / 60000;
}

bool is_contest_package(const fs::path& dir) {
  std::error_code ec;
  return fs::is_regular_file(dir / "contest.json", ec) || fs::is_regular_file(dir / "contest.yaml", ec);
}

std::vector<fs::path> unpack_zip(const fs::path& zip, const fs::path& folder) {
  std::unique_ptr<void, UnzCloser> archive(unzOpen64(zip.c_str()));
  if (!archive) throw ConfigError(fmt::format("{}: not a zip archive", zip.string()));
  fs::create_directories(folder);
  std::vector<fs::path> files;
  std::uint64_t total = 0;
  for (int status = unzGoToFirstFile(archive.get()); status == UNZ_OK; status = unzGoToNextFile(archive.get())) {
    unz_file_info64 info{};
    char name[1024] = {};
    if (unzGetCurrentFileInfo64(archive.get(), &info, name, sizeof name, nullptr, 0, nullptr, 0) != UNZ_OK)
      throw ConfigError(fmt::format("{}: an entry cannot be read", zip.string()));
    const std::string entry = name;
    if (entry.ends_with("/")) continue;  // a folder
    if (entry.find('/') != std::string::npos || entry == ".." || entry == "." || entry.empty())
      throw ConfigError(fmt::format("{}: entry {} is not a file at the archive's root", zip.string(), entry));
    total += info.uncompressed_size;
    if (total > kMaxUnpackedBytes) throw ConfigError(fmt::format("{}: more than 64 MiB unpacked", zip.string()));
    std::string bytes(info.uncompressed_size, '\0');
    const bool read = unzOpenCurrentFile(archive.get()) == UNZ_OK &&
                      unzReadCurrentFile(archive.get(), bytes.data(), static_cast<unsigned>(bytes.size())) ==
                          static_cast<int>(bytes.size()) &&
                      unzCloseCurrentFile(archive.get()) == UNZ_OK;
    if (!read) throw ConfigError(fmt::format("{}: entry {} cannot be unpacked", zip.string(), entry));
    std::ofstream(folder / entry, std::ios::binary) << bytes;
    files.push_back(folder / entry);
  }
  return files;
}

namespace {

// The one source of a submission: its file reference's file on disk (unpacked when a
// zip), or nullopt with a warning.
std::optional<fs::path> submission_source(const fs::path& dir, const json& submission, const std::string& id,
                                          const fs::path& unpack_dir, std::vector<std::string>& warnings) {
  const json files = submission.value("files", json::array());
  std::vector<fs::path> sources;
  for (const json& reference : files.is_array() ? files : json::array()) {
    const std::string filename = text_of(reference, "filename");
    if (filename.empty() || filename.find('/') != std::string::npos || filename.starts_with(".")) continue;
    const fs::path file = dir / "submissions" / id / filename;
    if (!fs::is_regular_file(file)) continue;
    if (filename.ends_with(".zip") || text_of(reference, "mime") == "application/zip") {
      for (const fs::path& unpacked : unpack_zip(file, unpack_dir / id)) sources.push_back(unpacked);
    } else {
      sources.push_back(file);
    }
  }
  if (sources.size() == 1) return sources.front();
  warnings.push_back(
      fmt::format("skipped submission {} of {}/submissions.json: {} (judge batch takes one source "
                  "file per submission, under submissions/{}/)",
                  id, dir.string(), sources.empty() ? "no file of it is on disk" : "several files", id));
  return std::nullopt;
}

}  // namespace

std::vector<FoundSubmission> read_contest_package(const fs::path& dir, const std::set<std::string>& problems,
                                                  const std::set<std::string>& other_problems,
                                                  std::vector<std::string>& warnings, ContestInfo& contest,
                                                  const fs::path& unpack_dir) {
  read_contest(dir, contest);
  std::set<std::string> known = problems;
  known.insert(other_problems.begin(), other_problems.end());
  const auto names = problem_names(dir, known);
  const json submissions = read_package_file(dir, "submissions", false);
  if (!submissions.is_array())
    throw ConfigError(
        fmt::format("{}: a contest package without submissions.json (an array): nothing to judge", dir.string()));
  std::vector<FoundSubmission> found;
  std::set<std::string> unknown;
  for (std::size_t i = 0; i < submissions.size(); ++i) {
    const json& entry = submissions[i];
    const std::string where = fmt::format("{}/submissions.json: [{}]", dir.string(), i);
    FoundSubmission submission;
    submission.id = text_of(entry, "id");
    submission.participant = text_of(entry, "team_id");
    const std::string problem_id = text_of(entry, "problem_id");
    if (submission.id.empty() || submission.participant.empty() || problem_id.empty() ||
        submission.id.find('/') != std::string::npos || submission.participant.find('/') != std::string::npos ||
        submission.id.starts_with(".") || submission.participant.starts_with("."))
      throw ConfigError(where + ": needs an \"id\", a \"team_id\" and a \"problem_id\" (identifiers)");
    const auto name = names.find(problem_id);
    const std::string problem = name == names.end() ? problem_id : name->second;
    if (!problems.contains(problem)) {
      if (!other_problems.contains(problem)) unknown.insert(problem_id);
      continue;
    }
    submission.problem = problem;
    if (const std::string time = text_of(entry, "time"); !time.empty()) {
      submission.time_ms = parse_abstime(time);
      if (!submission.time_ms) throw ConfigError(fmt::format("{}: time {} is not a time", where, time));
    } else if (const auto relative = parse_reltime(text_of(entry, "contest_time")); relative && contest.start_ms) {
      submission.time_ms = *contest.start_ms + *relative;
    }
    submission.language = text_of(entry, "language_id");
    const auto source = submission_source(dir, entry, submission.id, unpack_dir, warnings);
    if (!source) continue;
    submission.path = *source;
    found.push_back(std::move(submission));
  }
  if (!unknown.empty())
    warnings.push_back(
        fmt::format("skipped the submissions of problems {} of {}: no problem of the batch has that "
                    "id or label (problems: {})",
                    fmt::join(unknown, ", "), dir.string(), fmt::join(problems, ", ")));
  return found;
}

}  // namespace judge
