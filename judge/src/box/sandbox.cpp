#include "box/sandbox.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <set>
#include <sstream>

#include <fmt/core.h>

#include "base/errors.hpp"
#include "base/search_path.hpp"

namespace judge {
namespace {

namespace fs = std::filesystem;

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

fs::path require_box_executable() {
  fs::path box = find_box_executable();
  if (box.empty())
    throw ConfigError(
        "judge-box is not beside the judge executable, so submissions cannot be contained: build it "
        "(cmake --build build --target judge-box) or install both together (cmake --install); "
        "--sandbox none runs them uncontained (trusted code only)");
  return box;
}

namespace {

// The first descriptor judge-box gets the files on (3 is its report socket, 4 the
// interactor's stat file): SpawnRequest::box_fds are placed from here on.
constexpr int first_box_fd = 5;

class BoxFiles {
 public:
  explicit BoxFiles(BoxedCommand& boxed) : boxed_(boxed) {}

  // `host` (a file or a folder) copied to `box_path`: opened here, passed by descriptor.
  // O_NOFOLLOW for the judge's own files and folders (the cache holds no link); a
  // file the command names (a word of the languages table) may be a link.
  void copy_in(const fs::path& host, const std::string& box_path, bool follow = false) {
    add_descriptor("--copy-in", host, box_path, O_RDONLY | O_NONBLOCK | O_NOCTTY | (follow ? 0 : O_NOFOLLOW));
  }
  // A folder of the judge's build cache bound read-only at `box_path` (or copied where
  // the kernel refuses the mount: judge-box decides).
  void bind_in(const fs::path& host, const std::string& box_path) {
    add_descriptor("--bind-in", host, box_path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW);
  }
  void copy_out(const std::string& box_dir, const fs::path& host) {
    add_descriptor("--copy-out", host, box_dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW);
  }
  // A root: copied to /box/<its name> (a second root of the same name gets a '_' before).
  std::string add_root(const fs::path& root, bool follow = false) {
    std::string name = root.filename().string();
    while (!used_names_.insert(name).second) name = "_" + name;
    copy_in(root, "/box/" + name, follow);
    return "/box/" + name;
  }

 private:
  void add_descriptor(const char* option, const fs::path& host, const std::string& box_path, int flags) {
    auto fd = std::make_shared<UniqueFd>(::open(host.c_str(), flags | O_CLOEXEC));
    if (!fd->valid())
      throw JudgeFault(fmt::format("cannot open {} for the box: {}", host.string(), std::strerror(errno)));
    boxed_.argv.insert(boxed_.argv.end(),
                       {option, std::to_string(first_box_fd + boxed_.fds.size()), box_path});
    boxed_.fds.push_back(std::move(fd));
  }

  BoxedCommand& boxed_;
  std::set<std::string> used_names_;
};

// `argument` inside one of the roots: its box path; else nullopt.
std::optional<std::string> in_roots(const fs::path& argument, const std::vector<std::pair<fs::path, std::string>>& roots) {
  const fs::path normal = argument.lexically_normal();
  for (const auto& [root, box_path] : roots) {
    const fs::path relative = normal.lexically_relative(root);
    if (!relative.empty() && *relative.begin() != "..")
      return relative == "." ? box_path : box_path + "/" + relative.string();
  }
  return std::nullopt;
}

std::vector<std::string> box_options(const BoxSettings& settings) {
  std::vector<std::string> argv{settings.box_executable.string()};
  // A uid no other box running on the machine has (judge-box leases it: box/uid_pool.hpp).
  if (settings.drop_to_unprivileged_uid) argv.push_back("--uid-pool");
  for (const auto& dir : settings.cgroup_dirs) argv.insert(argv.end(), {"--cgroup", dir});
  argv.insert(argv.end(), {"--scratch-kib", std::to_string(settings.scratch_kib)});
  if (settings.cpu >= 0) argv.insert(argv.end(), {"--cpu", std::to_string(settings.cpu)});
  if (settings.cpu >= 0 && settings.cpu_move_after_us >= 0)
    argv.insert(argv.end(), {"--cpu-move-after-us", std::to_string(settings.cpu_move_after_us)});
  if (settings.cpu >= 0 && settings.watch_interactor) argv.insert(argv.end(), {"--interactor-stat-fd", "4"});
  if (!settings.workdir.empty()) argv.insert(argv.end(), {"--workdir", settings.workdir});
  if (!settings.net_namespace.empty()) argv.insert(argv.end(), {"--net-namespace", settings.net_namespace});
  if (settings.file_size_kib > 0) argv.insert(argv.end(), {"--file-size-kib", std::to_string(settings.file_size_kib)});
  if (settings.cpu_limit_ms > 0) argv.insert(argv.end(), {"--cpu-limit-ms", std::to_string(settings.cpu_limit_ms)});
  if (!settings.exports.empty())
    argv.insert(argv.end(), {"--copy-out-kib", std::to_string(settings.export_kib), "--copy-out-files",
                             std::to_string(settings.export_files)});
  return argv;
}

}  // namespace

BoxedCommand boxed_command(const std::vector<std::string>& command, const BoxSettings& settings) {
  BoxedCommand boxed;
  boxed.argv = box_options(settings);
  // The FIFOs first, so that their numbers do not depend on the files.
  for (const auto& [option, fifo] :
       {std::pair{"--stdin-fifo", settings.stdin_fifo}, std::pair{"--stdout-fifo", settings.stdout_fifo}})
    if (fifo) {
      boxed.argv.insert(boxed.argv.end(), {option, std::to_string(first_box_fd + boxed.fds.size())});
      boxed.fds.push_back(fifo);
    }
  for (const auto& fifo : settings.passed_fifos) {
    boxed.argv.insert(boxed.argv.end(), {"--pass-fd", std::to_string(first_box_fd + boxed.fds.size())});
    boxed.fds.push_back(fifo);
  }
  BoxFiles files(boxed);
  for (const auto& [box_dir, host_dir] : settings.exports) files.copy_out(box_dir, host_dir);
  for (const auto& [host, box_path] : settings.folders) files.copy_in(host, box_path);
  for (const auto& [host, box_path] : settings.bound_folders) files.bind_in(host, box_path);
  std::vector<std::pair<fs::path, std::string>> roots;
  for (const auto& root : settings.roots) {
    const fs::path absolute = fs::absolute(root).lexically_normal();
    roots.emplace_back(absolute, files.add_root(absolute));
  }
  std::vector<std::string> inside;
  for (std::size_t i = 0; i < command.size(); ++i) {
    fs::path path = command[i];
    if (i == 0 && command[i].find('/') == std::string::npos) path = find_on_box_path(command[i]).value_or(command[i]);
    std::error_code ec;
    const bool is_file = fs::is_regular_file(path, ec);
    if (const auto box_path = is_file || fs::is_directory(path, ec) ? in_roots(fs::absolute(path), roots) : std::nullopt) {
      inside.push_back(*box_path);
    } else if (is_file && !under_usr(fs::absolute(path))) {
      // Copied read-only to /box/<name>.
      inside.push_back(files.add_root(fs::absolute(path).lexically_normal(), true));
    } else {
      inside.push_back(i == 0 ? path.string() : command[i]);
    }
  }
  boxed.argv.push_back("--");
  boxed.argv.insert(boxed.argv.end(), inside.begin(), inside.end());
  return boxed;
}

int passed_fifo_number(const BoxSettings& settings, std::size_t index) {
  return first_box_fd + (settings.stdin_fifo ? 1 : 0) + (settings.stdout_fifo ? 1 : 0) + static_cast<int>(index);
}

nlohmann::json describe_containment(const std::string& box_setup, const std::string& cgroup_version, bool cgroup_memory,
                                    bool cgroup_pids, const std::vector<std::string>& cgroup_missing,
                                    const std::string& why_no_box, const std::vector<std::string>& cgroup_outside_own,
                                    std::int64_t outer_memory_limit_kib) {
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
      // "executed" (judge-box per box) or "served" (forked by the run's judge-box
      // server, process/box_server.hpp).
      if (setup.contains("started") && setup["started"].is_string()) result["box_started"] = setup["started"];
    }
  }
  result["memory_limit"] = cgroup_memory ? cgroup_version + " memory controller"
                                         : std::string("RLIMIT_AS (address space; peak from wait4)");
  result["process_limit"] = cgroup_pids ? cgroup_version + " pids controller"
                                        : std::string("RLIMIT_NPROC (per uid)");
  for (const auto& why : cgroup_missing)
    result["not_enforced"].push_back({{"what", "kernel accounting of memory or processes"}, {"why", why}});
  if (!cgroup_version.empty()) {
    // Where the test's cgroups are: under the judge's own (the limits of a Slurm job,
    // a container or a unit that runs the judge bound the test too), or not.
    result["cgroup_place"] = cgroup_outside_own.empty() ? "under the judge's own cgroup"
                                                        : "outside the judge's own cgroup (see not_enforced)";
    result["outer_memory_limit_kib"] =
        outer_memory_limit_kib > 0 ? nlohmann::json(outer_memory_limit_kib) : nlohmann::json(nullptr);
  }
  for (const auto& why : cgroup_outside_own)
    result["not_enforced"].push_back({{"what", "the limits of the judge's own cgroup"}, {"why", why}});
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
