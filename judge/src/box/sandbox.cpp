#include "box/sandbox.hpp"

#include <unistd.h>

#include <cstdlib>
#include <set>
#include <sstream>

#include <fmt/core.h>

namespace judge {
namespace {

namespace fs = std::filesystem;

fs::path search_path(const std::string& name) {
  const char* path = std::getenv("PATH");
  std::istringstream dirs(path != nullptr ? path : "/usr/bin:/bin");
  std::string dir;
  while (std::getline(dirs, dir, ':')) {
    const fs::path candidate = fs::path(dir.empty() ? "." : dir) / name;
    if (::access(candidate.c_str(), X_OK) == 0) return candidate;
  }
  return name;
}

bool under_usr(const fs::path& path) {
  const std::string text = path.lexically_normal().string();
  return text.rfind("/usr/", 0) == 0;
}

}  // namespace

fs::path find_box_executable() {
  std::error_code ec;
  const fs::path self = fs::read_symlink("/proc/self/exe", ec);
  if (ec) return {};
  const fs::path box = self.parent_path() / "judge-box";
  return fs::exists(box, ec) ? box : fs::path();
}

std::vector<std::string> boxed_command(const std::vector<std::string>& command,
                                       const BoxSettings& settings) {
  std::vector<std::string> argv{settings.box_executable.string()};
  if (settings.drop_to_unprivileged_uid) {
    argv.insert(argv.end(), {"--uid", std::to_string(box_uid), "--gid", std::to_string(box_gid)});
  }
  for (const auto& dir : settings.cgroup_dirs) argv.insert(argv.end(), {"--cgroup", dir});
  argv.insert(argv.end(), {"--scratch-kib", std::to_string(settings.scratch_kib)});
  if (settings.cpu >= 0) argv.insert(argv.end(), {"--cpu", std::to_string(settings.cpu)});

  std::vector<std::string> inside;
  std::set<std::string> used_names;
  for (std::size_t i = 0; i < command.size(); ++i) {
    fs::path path = command[i];
    if (i == 0 && command[i].find('/') == std::string::npos) path = search_path(command[i]);
    std::error_code ec;
    const bool is_file = fs::is_regular_file(path, ec);
    if ((i == 0 || is_file) && is_file && !under_usr(fs::absolute(path))) {
      // Shown read-only at /box/<name>; a second file of the same name gets a prefix.
      std::string name = path.filename().string();
      while (!used_names.insert(name).second) name = "_" + name;
      const std::string box_path = "/box/" + name;
      argv.insert(argv.end(), {"--file", fs::absolute(path).lexically_normal().string() + ":" + box_path});
      inside.push_back(box_path);
    } else {
      inside.push_back(i == 0 ? path.string() : command[i]);
    }
  }
  argv.push_back("--");
  argv.insert(argv.end(), inside.begin(), inside.end());
  return argv;
}

nlohmann::json describe_containment(const std::string& box_setup, const std::string& cgroup_version,
                                    bool cgroup_memory, bool cgroup_pids,
                                    const std::vector<std::string>& cgroup_missing,
                                    const std::string& why_no_box) {
  nlohmann::json result{{"sandbox", box_setup.empty() ? "none" : "judge-box"},
                        {"enforced", nlohmann::json::array()},
                        {"not_enforced", nlohmann::json::array()}};
  if (box_setup.empty()) {
    result["not_enforced"].push_back(
        {{"what", "namespaces, unprivileged uid and private filesystem"}, {"why", why_no_box}});
  } else {
    const auto setup = nlohmann::json::parse(box_setup, nullptr, false);
    if (!setup.is_object()) {
      result["not_enforced"].push_back({{"what", "everything"}, {"why", "judge-box's report is unreadable"}});
    } else {
      result["enforced"] = setup.value("enforced", nlohmann::json::array());
      result["not_enforced"] = setup.value("not_enforced", nlohmann::json::array());
    }
  }
  result["memory_limit"] = cgroup_memory ? cgroup_version + " memory controller"
                                         : std::string("RLIMIT_AS (address space; peak from wait4)");
  result["process_limit"] = cgroup_pids ? cgroup_version + " pids controller"
                                        : std::string("RLIMIT_NPROC (per uid)");
  for (const auto& why : cgroup_missing)
    result["not_enforced"].push_back({{"what", "kernel accounting of memory or processes"}, {"why", why}});
  return result;
}

std::string containment_warning(const nlohmann::json& containment) {
  if (!containment.is_object() || !containment.contains("not_enforced")) return "";
  const auto& missing = containment["not_enforced"];
  if (!missing.is_array() || missing.empty()) return "";
  std::string text = "containment: not enforced:";
  for (const auto& item : missing) {
    text += fmt::format(" {} ({});", item.value("what", std::string("?")), item.value("why", std::string("?")));
  }
  text.pop_back();
  return text;
}

}  // namespace judge
