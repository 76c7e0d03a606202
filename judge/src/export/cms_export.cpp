#include "export/cms_export.hpp"

#include <sys/stat.h>

#include <fstream>

#include <fmt/format.h>

#include "base/errors.hpp"
#include "base/json_text.hpp"
#include "export/package.hpp"
#include "problem/scoring.hpp"
#include "submission/submission_files.hpp"

namespace judge {
namespace fs = std::filesystem;

// The manager: CMS's Communication on one side, an ICPC interactor on the other
// (judge/templates/cms_manager.py, compiled in by judge/CMakeLists.txt).
extern const char* const cms_manager_py;

namespace {

void write_text(const fs::path& path, const std::string& text, bool executable = false) {
  fs::create_directories(path.parent_path());
  std::ofstream out(path, std::ios::binary);
  out << text;
  if (!out) throw ConfigError(fmt::format("cannot write {}", path.string()));
  out.close();
  if (executable) ::chmod(path.c_str(), 0755);
}

void check_exportable(const Problem& problem) {
  if (problem.convention != InteractorConvention::icpc || problem.mode != PassMode::interactive)
    throw ConfigError(
        fmt::format("{}: only a problem whose interactor speaks the ICPC convention interactively "
                    "can be written as a CMS Communication task",
                    problem.name));
  if (problem.interactor_command.size() != 1)
    throw ConfigError(fmt::format("{}: its interactor is not one executable ({}); build it first", problem.name,
                                  fmt::join(problem.interactor_command, " ")));
  for (const TestCase& test : problem.tests) {
    std::error_code ec;
    if (test.answer != "/dev/null" && fs::file_size(test.answer, ec) > 0)
      throw ConfigError(
          fmt::format("{}: test {} has an answer file, which a CMS manager does not get", problem.name, test.name));
  }
}

std::string cms_name(std::size_t index) { return fmt::format("{:03d}", index); }

// A file of the problem folder copied into the task (Package::user_folder's rules: a
// link out of the folder, a FIFO or a device is left out and said in `notes`); a file
// elsewhere (this repository's tests, the built interactor) is the judge's own.
void copy_user_file(const Problem& problem, const fs::path& from, const fs::path& to, std::vector<std::string>& notes) {
  if (!lies_inside(problem.dir, from)) {
    fs::copy_file(from, to);
    return;
  }
  std::string refusal;
  const std::optional<std::string> bytes = read_file_beneath(problem.dir, from, refusal);
  if (!bytes) {
    notes.push_back(fmt::format("{} of the problem folder is left out: {}",
                                shown_name(from.lexically_relative(problem.dir).string()), refusal));
    return;
  }
  write_text(to, *bytes);
}

// A folder of the problem, file by file by copy_user_file: links are never followed
// as folders (a submission folder is data, not a path).
void copy_user_tree(const Problem& problem, const fs::path& from, const fs::path& to, std::vector<std::string>& notes) {
  std::error_code ec;
  fs::create_directories(to);
  for (const auto& entry : fs::directory_iterator(from, ec)) {
    const fs::path target = to / entry.path().filename();
    if (fs::exists(target)) continue;
    if (entry.is_directory() && !entry.is_symlink()) copy_user_tree(problem, entry.path(), target, notes);
    else
      copy_user_file(problem, entry.path(), target, notes);
  }
}

// The folder `judge verify` reads a native verdict folder as, under a CMS task's rules
// (the ICPC verdict classes; verify/example_submissions.hpp): "" leaves it out.
std::string cms_folder(const std::string& folder) {
  if (folder == "presentation_error" || folder == "query_limit_exceeded") return "wrong_answer";
  if (folder == "idle_limit_exceeded") return "time_limit_exceeded";
  if (folder == "memory_limit_exceeded" || folder == "output_limit_exceeded") return "run_time_error";
  if (folder == "compile_error") return "";
  return folder;
}

// submissions/submissions.yaml: what CMS's rules make of a rejected run. The
// interactor's rejection is outcome 0 (WA), but a process that writes on after the
// manager has ended is killed by SIGPIPE, which CMS counts as its failure (RTE): which
// one a wrong submission gets depends on when it stops writing, so wrong_answer/
// requires either.
constexpr const char* submissions_yaml =
    "# Written by the judge's CMS export: the rules judge verify applies to this task's\n"
    "# example submissions (CMS itself reads no submissions/).\n"
    "# A rejected process is outcome 0 (WA); one that writes on after the manager has\n"
    "# ended is killed by SIGPIPE, which CMS counts as a failed run (RTE).\n"
    "wrong_answer:\n"
    "  permitted: [AC, WA, RTE]\n"
    "  required: [WA, RTE]\n";

// The submissions by verdict folder, each in the folder CMS's rules give it
// (cms_folder); an expect-score line travels in the source.
void copy_submissions(const Problem& problem, const fs::path& dest, CmsExport& result) {
  if (problem.submissions_dir.empty()) return;
  std::error_code ec;
  bool any_wrong = false;
  for (const auto& folder : fs::directory_iterator(problem.submissions_dir, ec)) {
    if (!folder.is_directory()) continue;
    const std::string name = folder.path().filename().string();
    const std::string target = cms_folder(name);
    if (target.empty()) {
      result.notes.push_back(fmt::format("submissions/{} is left out: CMS compiles before it judges", name));
      continue;
    }
    if (target != name)
      result.notes.push_back(fmt::format("submissions/{} became {}: CMS has no such verdict (outcome 0{})", name,
                                         target, target == "wrong_answer" ? ", or RTE if it writes on" : ""));
    any_wrong = any_wrong || target == "wrong_answer";
    copy_user_tree(problem, folder.path(), dest / "submissions" / target, result.notes);
  }
  if (any_wrong) write_text(dest / "submissions" / "submissions.yaml", submissions_yaml);
}

bool is_sample(const TestCase& test) { return test.sample || test.name.find("sample") != std::string::npos; }

std::string task_yaml(const Problem& problem, const nlohmann::json& score) {
  std::string publics;
  for (std::size_t index = 0; index < problem.tests.size(); ++index)
    if (is_sample(problem.tests[index])) publics += (publics.empty() ? "" : ", ") + std::to_string(index);
  return fmt::format(
      "# Written by the judge's CMS export (judge/src/export/cms_export.hpp).\n"
      "name: {}\ntitle: {}\ntime_limit: {:g}\nmemory_limit: {}\nn_input: {}\npublic_testcases: \"{}\"\n"
      "num_processes: 1\nuser_io: std_io\ninfile: \"\"\noutfile: \"\"\ntoken_mode: disabled\n"
      "score_type: {}\nscore_type_parameters: {}\n",
      json_text(nlohmann::json(problem.name)), json_text(nlohmann::json(problem.name)),
      static_cast<double>(problem.limits.cpu_ms) / 1000.0, problem.limits.memory_kib / 1024, problem.tests.size(),
      publics, score["score_type"].get<std::string>(), json_text(score["parameters"]));
}

}  // namespace

nlohmann::json cms_score_type_of(const nlohmann::json& scoring, const std::vector<TestCase>& tests) {
  const std::string type = scoring.value("type", "");
  const double max_score = scoring.value("max_score", 100.0);
  if (type == "per_test")
    return {{"score_type", "Sum"}, {"parameters", tests.empty() ? 0.0 : max_score / static_cast<double>(tests.size())}};
  if (type == "all_or_nothing") return {{"score_type", "GroupMin"}, {"parameters", {{max_score, tests.size()}}}};
  if (type != "subtasks")
    throw ConfigError(
        fmt::format("scoring \"{}\" has no CMS score type (subtasks, all_or_nothing and per_test have)", type));
  nlohmann::json groups = nlohmann::json::array();
  for (const auto& subtask : scoring["subtasks"]) {
    std::string names;
    for (std::size_t index = 0; index < tests.size(); ++index)
      if (matches_any(tests[index].name, subtask["tests"])) names += (names.empty() ? "" : "|") + cms_name(index);
    if (names.empty())
      throw ConfigError(fmt::format("subtask {} has no test: CMS refuses an empty group", json_text(subtask["name"])));
    // Matched at the start of a name (Python's re.match): the names are all three digits.
    groups.push_back({subtask["points"], "(" + names + ")$"});
  }
  return {{"score_type", "GroupMin"}, {"parameters", groups}};
}

CmsExport export_cms_task(const Problem& problem, const fs::path& dest) {
  std::error_code ec;
  if (fs::exists(dest, ec) && !(fs::is_directory(dest, ec) && fs::is_empty(dest, ec)))
    throw ConfigError(fmt::format("{} exists and is not an empty folder", dest.string()));
  check_exportable(problem);
  const nlohmann::json score = cms_score_type_of(problem.scoring, problem.tests);
  CmsExport result;
  for (std::size_t index = 0; index < problem.tests.size(); ++index) {
    fs::create_directories(dest / "input");
    copy_user_file(problem, problem.tests[index].input, dest / "input" / fmt::format("input{}.txt", index),
                   result.notes);
    write_text(dest / "output" / fmt::format("output{}.txt", index), "");
    result.notes.push_back(fmt::format("test {} is {}", problem.tests[index].name, cms_name(index)));
  }
  fs::create_directories(dest / "check");
  fs::copy_file(problem.interactor_command.front(), dest / "check" / "interactor");
  ::chmod((dest / "check" / "interactor").c_str(), 0755);
  write_text(dest / "check" / "manager", cms_manager_py, true);
  write_text(dest / "task.yaml", task_yaml(problem, score));
  copy_submissions(problem, dest, result);
  if (problem.limits.passes > 1)
    result.notes.push_back("one pass per test: CMS has no multi-pass (an interactor asking for another is 0)");
  std::string readme = fmt::format(
      "# {} as a CMS task\n\nWritten by the judge's CMS export. Communication with one "
      "process on stdin and stdout; check/manager runs the ICPC interactor "
      "check/interactor.\n\n",
      problem.name);
  for (const std::string& note : result.notes) readme += "- " + note + "\n";
  write_text(dest / "README.md", readme);
  return result;
}

}  // namespace judge
