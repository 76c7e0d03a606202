#include "submission/compile.hpp"

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <optional>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "base/errors.hpp"
#include "base/printable.hpp"
#include "base/search_path.hpp"
#include "base/temp_dir.hpp"
#include "box/cgroup.hpp"
#include "box/sandbox.hpp"
#include "box/watched_process.hpp"
#include "process/environment.hpp"
#include "process/output_drain.hpp"
#include "process/process.hpp"
#include "process/watchdog.hpp"
#include "submission/jvm_entry.hpp"

namespace judge {
namespace fs = std::filesystem;

std::vector<std::string> expand_command(const std::vector<std::string>& command, const Placeholders& values) {
  std::vector<std::string> words;
  for (const auto& word : command) {
    if (word == "{files}") {
      words.insert(words.end(), values.files.begin(), values.files.end());
      continue;
    }
    std::string expanded = word;
    for (const auto& [name, value] : {std::pair{"{entry}", &values.entry}, {"{entry_class}", &values.entry_class},
                                      {"{build}", &values.build}, {"{memory_mib}", &values.memory_mib},
                                      {"{heap_mib}", &values.heap_mib}}) {
      // Searched on after each replacement: a value may hold its own placeholder (a
      // run command keeps {heap_mib} until the limits are known).
      for (std::size_t at = expanded.find(name); at != std::string::npos; at = expanded.find(name, at + value->size()))
        expanded.replace(at, std::string_view(name).size(), *value);
    }
    words.push_back(expanded);
  }
  return words;
}

std::vector<std::string> resolve_program(std::vector<std::string> command) {
  if (!command.empty() && command[0].find('/') == std::string::npos)
    if (const auto path = find_on_box_path(command[0])) command[0] = path->string();
  return command;
}

namespace {

constexpr const char* box_sources = "/box/src";
constexpr const char* box_build = "/tmp/out";  // in the box's writable scratch
constexpr const char* box_headers = "/box/pch";

// The command with a folder of precompiled headers first on its include path.
std::vector<std::string> with_header_folder(std::vector<std::string> command, const std::string& folder) {
  if (!folder.empty() && !command.empty()) command.insert(command.begin() + 1, {"-I", folder});
  return command;
}

Placeholders placeholders_for(const Sources& sources, const std::string& root, const std::string& build) {
  Placeholders values;
  for (const auto& file : sources.language_files) values.files.push_back(root + "/" + compiled_name(sources, file).string());
  values.entry = root + "/" + compiled_name(sources, sources.entry).string();
  values.entry_class = entry_class_of(sources);
  values.build = build;
  return values;
}

// The spawn request of one step: boxed (the sources copied in at /box/src, /out
// exported to build_dir) or, without a box, on the host's paths. `staging` holds the
// sources under their compiled names while the step runs, when one differs.
SpawnRequest compile_request(const std::vector<std::string>& command, const Sources& sources, const fs::path& build_dir,
                             const CompileLimits& limits, bool contain, const fs::path& header_folder,
                             std::optional<TestCgroup>& cgroup, std::optional<TempDir>& staging) {
  SpawnRequest spawn;
  spawn.limits.cpu_ms = limits.cpu_ms;
  spawn.limits.file_size_kib = limits.output_kib;
  spawn.limits.processes = limits.processes;
  spawn.limits.open_files = 1024;
  const fs::path box = contain ? find_box_executable() : fs::path();
  if (box.empty()) {
    // Its home and temporaries in its build folder; a file compiled under another
    // name is copied there under that name (jvm_entry.hpp).
    const Sources staged = staged_under_compiled_names(sources, build_dir / ".sources");
    spawn.argv = resolve_program(with_header_folder(
        expand_command(command, placeholders_for(staged, staged.base.string(), build_dir.string())), header_folder));
    spawn.working_dir = build_dir.string();
    spawn.environment = program_environment(build_dir.string(), build_dir.string());
    // No cgroup here: the address space is the one memory limit there is, except for
    // a JVM compiler (javac, kotlinc), which reserves far more than it uses.
    if (!sources.language->unlimited_address_space) spawn.limits.address_space_kib = limits.memory_kib;
    return spawn;
  }
  cgroup.emplace(TestCgroup::create(limits.memory_kib, limits.processes));
  BoxSettings settings;
  settings.box_executable = box;
  settings.drop_to_unprivileged_uid = ::geteuid() == 0;
  settings.cgroup_dirs = cgroup->join_dirs();
  settings.scratch_kib = limits.memory_kib;  // the compiler's temporaries, charged to its cgroup
  settings.file_size_kib = limits.output_kib;
  spawn.limits.file_size_kib = 0;  // the box sets it on the compiler alone
  settings.exports = {{box_build, build_dir}};
  settings.export_kib = limits.output_kib;
  settings.export_files = limits.output_files;
  // The sources' folder (the cache's copy: sources.base holds only the submission's
  // files) goes in by descriptor, whole; when a file is compiled under another name
  // (jvm_entry.hpp), a copy of the folder with that name does.
  // judge-box lists and reads the folder as the unprivileged uid (it holds only the
  // descriptor), so the copy is made readable by all, as the cache's sources are: in a
  // folder of mkdtemp's 0700 its files would be left out.
  auto staged_folder = [&]() -> const fs::path& {
    const fs::path& folder = staging.emplace("judge-compile-").path();
    fs::permissions(folder, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                                fs::perms::others_read | fs::perms::others_exec);
    return folder;
  };
  const Sources in_box = sources.compiled_as.empty() ? sources : staged_under_compiled_names(sources, staged_folder());
  settings.folders = {{in_box.base, box_sources}};
  if (!header_folder.empty()) settings.bound_folders.emplace_back(header_folder, box_headers);
  BoxedCommand boxed =
      boxed_command(with_header_folder(expand_command(command, placeholders_for(in_box, box_sources, box_build)),
                                       header_folder.empty() ? "" : box_headers),
                    settings);
  spawn.argv = std::move(boxed.argv);
  spawn.box_fds = std::move(boxed.fds);
  spawn.boxed = true;
  spawn.environment = program_environment("/tmp", "/tmp");
  if (!cgroup->limits_memory()) spawn.limits.address_space_kib = limits.memory_kib;
  if (cgroup->limits_processes()) spawn.limits.processes = 0;
  return spawn;
}

// The files of a folder and their bytes, links not followed.
std::pair<std::int64_t, std::int64_t> files_and_bytes(const fs::path& dir) {
  std::int64_t files = 0;
  std::int64_t bytes = 0;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    ++files;
    if (it->symlink_status(ec).type() == fs::file_type::regular) bytes += static_cast<std::int64_t>(it->file_size(ec));
  }
  return {files, bytes};
}

std::string failure_reason(const ExitFacts& exit, const WatchFacts& watch, const TestCgroup* cgroup,
                           const CompileLimits& limits, const fs::path& build_dir) {
  if (watch.submission.hit_cpu_limit)
    return fmt::format("the compiler ran out of time ({} ms of CPU left of the compile's budget)", limits.cpu_ms);
  if (watch.submission.hit_wall_limit)
    return fmt::format("the compiler ran out of time ({} ms left of the compile's budget)", limits.wall_ms);
  if (cgroup != nullptr && cgroup->oom_killed())
    return fmt::format("the compiler ran out of memory ({} MiB)", limits.memory_kib / 1024);
  if (exit.signaled && exit.signal == SIGXFSZ)
    return fmt::format("the compiler wrote more than {} MiB", limits.output_kib / 1024);
  if (exit.signaled) return fmt::format("the compiler was killed by {}", signal_name(exit.signal));
  if (exit.exit_code == 0) return "";
  // Its output folder full (ENOSPC in the box, the compiler then fails): said as such.
  const auto [files, bytes] = files_and_bytes(build_dir);
  if (files >= limits.output_files || bytes + 64 * 1024 >= limits.output_kib * 1024)
    return fmt::format("the compiler exited with status {}; its output reached the bound of {} MiB and {} files",
                       exit.exit_code, limits.output_kib / 1024, limits.output_files);
  return fmt::format("the compiler exited with status {}", exit.exit_code);
}

}  // namespace

CompileStep run_compile_step(const std::vector<std::string>& command, const Sources& sources, const fs::path& build_dir,
                             const CompileLimits& limits, bool contain, std::size_t keep_bytes,
                             const fs::path& header_folder) {
  std::optional<TestCgroup> cgroup;
  std::optional<TempDir> staging;
  SpawnRequest spawn = compile_request(command, sources, build_dir, limits, contain, header_folder, cgroup, staging);
  // stdin is /dev/null: a compiler reads only its files (#include "/dev/stdin" reads nothing).
  const UniqueFd null_input(::open("/dev/null", O_RDONLY | O_CLOEXEC));
  // stdout and stderr: one pipe the judge drains (output_drain.hpp), never a file.
  OutputDrain output(keep_bytes);
  spawn.stdin_fd = null_input.get();
  spawn.stdout_fd = spawn.stderr_fd = output.write_fd();
  Process compiler = Process::spawn(spawn);
  output.close_write_end();
  Limits watch_limits;
  watch_limits.cpu_ms = limits.cpu_ms;
  watch_limits.wall_ms = limits.wall_ms;
  SystemWatchClock clock;
  // Compile steps run alone: their cgroup counts from 0; the output is drained, not counted.
  WatchedProcess watched(compiler, cgroup ? &*cgroup : nullptr, 0, false);
  AbsentProgram none;
  const WatchFacts watch = Watchdog(watch_limits, clock, [] { return false; }).supervise(watched, none);
  compiler.kill_group();
  output.finish();
  CompileStep step;
  step.output = output.kept();
  if (!compiler.box_exec_error().empty()) throw JudgeFault("cannot start the compiler: " + compiler.box_exec_error());
  // A root judge's box always has its private root; one that could not build it (the
  // sources not copied in) must not let the compiler run on the host's files instead.
  if (contain && ::geteuid() == 0 && !compiler.box_setup().empty()) {
    const auto setup = nlohmann::json::parse(compiler.box_setup(), nullptr, false);
    if (setup.is_object() && setup.contains("not_enforced"))
      for (const auto& missing : setup["not_enforced"])
        if (missing.value("what", "") == "filesystem")
          throw JudgeFault("the compiler's box has no private root: " + missing.value("why", std::string("?")));
  }
  const ExitFacts& exit = *compiler.exit_facts();
  step.cpu_ms = std::max(exit.cpu_ms, cgroup ? cgroup->cpu_ms() : std::int64_t{0});
  step.wall_ms = exit.wall_ms;
  const std::string reason = failure_reason(exit, watch, cgroup ? &*cgroup : nullptr, limits, build_dir);
  step.ok = reason.empty();
  std::string shown = printable(step.output);
  if (output.total_bytes() > step.output.size())
    shown += fmt::format("\n... ({} more bytes of messages not shown)", output.total_bytes() - step.output.size());
  step.message = shown + (reason.empty() ? "" : (shown.empty() ? "" : "\n") + reason);
  return step;
}

}  // namespace judge
