#include "submission/compile.hpp"

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <optional>

#include <fmt/core.h>

#include "base/errors.hpp"
#include "base/printable.hpp"
#include "base/search_path.hpp"
#include "base/temp_dir.hpp"
#include "base/text_file.hpp"
#include "box/cgroup.hpp"
#include "box/sandbox.hpp"
#include "process/environment.hpp"
#include "process/process.hpp"
#include "process/watchdog.hpp"
#include "box/watched_process.hpp"
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

Placeholders placeholders_for(const Sources& sources, const std::string& root, const std::string& build) {
  Placeholders values;
  for (const auto& file : sources.language_files) values.files.push_back(root + "/" + compiled_name(sources, file).string());
  values.entry = root + "/" + compiled_name(sources, sources.entry).string();
  values.entry_class = entry_class_of(sources);
  values.build = build;
  return values;
}

// The spawn request of one step: boxed (the sources copied in at /box/src, /out
// exported to build_dir) or, without a box, on the host's paths.
SpawnRequest compile_request(const std::vector<std::string>& command, const Sources& sources, const fs::path& build_dir,
                             const CompileLimits& limits, bool contain, std::optional<TestCgroup>& cgroup) {
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
    spawn.argv = resolve_program(expand_command(command, placeholders_for(staged, staged.base.string(), build_dir.string())));
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
  for (const auto& file : sources.files)
    settings.files.emplace_back(sources.base / file, std::string(box_sources) + "/" + compiled_name(sources, file).string());
  spawn.argv = boxed_command(expand_command(command, placeholders_for(sources, box_sources, box_build)), settings);
  spawn.boxed = true;
  spawn.environment = program_environment("/tmp", "/tmp");
  if (!cgroup->limits_memory()) spawn.limits.address_space_kib = limits.memory_kib;
  if (cgroup->limits_processes()) spawn.limits.processes = 0;
  return spawn;
}

std::string failure_reason(const ExitFacts& exit, const WatchFacts& watch, const TestCgroup* cgroup,
                           const CompileLimits& limits) {
  if (watch.submission.hit_cpu_limit) return fmt::format("the compiler ran out of time ({} ms of CPU)", limits.cpu_ms);
  if (watch.submission.hit_wall_limit) return fmt::format("the compiler ran out of time ({} ms)", limits.wall_ms);
  if (cgroup != nullptr && cgroup->oom_killed())
    return fmt::format("the compiler ran out of memory ({} MiB)", limits.memory_kib / 1024);
  if (exit.signaled && exit.signal == SIGXFSZ)
    return fmt::format("the compiler wrote more than {} MiB", limits.output_kib / 1024);
  if (exit.signaled) return fmt::format("the compiler was killed by {}", signal_name(exit.signal));
  return exit.exit_code == 0 ? "" : fmt::format("the compiler exited with status {}", exit.exit_code);
}

}  // namespace

CompileStep run_compile_step(const std::vector<std::string>& command, const Sources& sources,
                             const fs::path& build_dir, const CompileLimits& limits, bool contain) {
  const TempDir logs("judge-compile-");
  const fs::path log = logs.path() / "compiler.log";
  std::optional<TestCgroup> cgroup;
  SpawnRequest spawn = compile_request(command, sources, build_dir, limits, contain, cgroup);
  // stdin is /dev/null: a compiler reads only its files (#include "/dev/stdin" reads nothing).
  const UniqueFd null_input(::open("/dev/null", O_RDONLY | O_CLOEXEC));
  const UniqueFd output = open_for_writing(log.c_str());
  spawn.stdin_fd = null_input.get();
  spawn.stdout_fd = spawn.stderr_fd = output.get();
  Process compiler = Process::spawn(spawn);
  Limits watch_limits;
  watch_limits.cpu_ms = limits.cpu_ms;
  watch_limits.wall_ms = limits.wall_ms;
  SystemWatchClock clock;
  // Compile steps run alone: their cgroup counts from 0; the log is capped, not counted.
  WatchedProcess watched(compiler, cgroup ? &*cgroup : nullptr, 0, false);
  AbsentProgram none;
  const WatchFacts watch = Watchdog(watch_limits, clock, [] { return false; }).supervise(watched, none);
  compiler.kill_group();
  CompileStep step;
  step.output = read_head(log, limits.message_bytes);
  if (!compiler.box_exec_error().empty()) throw JudgeFault("cannot start the compiler: " + compiler.box_exec_error());
  const std::string reason = failure_reason(*compiler.exit_facts(), watch, cgroup ? &*cgroup : nullptr, limits);
  step.ok = reason.empty();
  step.message = printable(step.output) + (reason.empty() ? "" : (step.output.empty() ? "" : "\n") + reason);
  return step;
}

}  // namespace judge
