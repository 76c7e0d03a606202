#include "run/communication.hpp"

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include <fmt/core.h>

#include "base/errors.hpp"
#include "base/memory_file.hpp"
#include "base/text_file.hpp"
#include "box/sandbox.hpp"
#include "box/watched_process.hpp"
#include "process/environment.hpp"
#include "process/group_watch.hpp"
#include "process/pipe_keeper.hpp"

namespace judge {
namespace fs = std::filesystem;

namespace {

// Descriptors a process may hold open at once (as an Interaction's submission).
constexpr std::int64_t process_open_files = 256;

UniqueFd open_read_only(const fs::path& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw JudgeFault(fmt::format("cannot open {}: {}", path.string(), std::strerror(errno)));
  return UniqueFd(fd);
}

}  // namespace

Communication::Communication(InteractionRequest request, std::int64_t processes, CmsUserIo user_io)
    : request_(std::move(request)), processes_(processes), user_io_(user_io) {}

Communication::~Communication() {
  if (request_.resources == nullptr) return;
  for (Copy& copy : copies_)
    if (copy.cgroup) request_.resources->retire(std::move(*copy.cgroup));
}

PassRecord Communication::run() {
  wire();
  spawn();
  supervise();
  return collect();
}

void Communication::wire() {
  // Every descriptor here is close-on-exec: each child gets exactly its own three,
  // and a boxed process its two FIFO ends through judge-box.
  // Boxed processes get ends of their own, and what they write is relayed to the
  // manager within the output limit (fifo_channels.hpp); unboxed ones open the FIFOs.
  fifos_.emplace(request_.work_dir / "fifos", static_cast<std::size_t>(processes_), request_.contain,
                 cms_channel_limit_kib(request_.limits) * 1024);
  plan_manager();
  copies_.resize(static_cast<std::size_t>(processes_));
  for (std::size_t index = 0; index < copies_.size(); ++index) {
    plan_copy(index);
    if (request_.contain) contain_copy(index);
    else
      copies_[index].why_no_box = "--sandbox none";
  }
}

void Communication::plan_manager() {
  // CMS gives the manager the test's input as input.txt in its folder, and on stdin.
  const fs::path folder = request_.work_dir / "manager";
  fs::create_directory(folder);
  fs::copy_file(request_.test_input, folder / "input.txt");
  manager_stdin_ = open_read_only(folder / "input.txt");
  manager_stdout_ = open_for_writing((request_.work_dir / "manager.stdout").c_str());
  manager_stderr_ = open_for_writing((request_.work_dir / "manager.stderr").c_str());
  SpawnRequest& spawn = manager_spawn_;
  spawn.argv = request_.interactor_command;
  const auto arguments = fifos_->manager_arguments();
  spawn.argv.insert(spawn.argv.end(), arguments.begin(), arguments.end());
  spawn.stdin_fd = manager_stdin_.get();
  spawn.stdout_fd = manager_stdout_.get();
  spawn.stderr_fd = manager_stderr_.get();
  spawn.working_dir = folder.string();
  spawn.limits.cpu_ms = request_.limits.interactor_cpu_ms;
  spawn.limits.address_space_kib = request_.limits.interactor_memory_kib;
  spawn.cpu = request_.cpu;
  spawn.environment = interactor_environment();
}

void Communication::plan_copy(std::size_t index) {
  Copy& copy = copies_[index];
  SpawnRequest& spawn = copy.spawn;
  const Limits& limits = request_.limits;
  const FifoPair& pair = fifos_->pairs()[index];
  const fs::path folder = request_.work_dir / fmt::format("process{}", index);
  fs::create_directory(folder);
  // Its stderr and (fifo_io) its stdout are memory files: within its output limit and
  // charged to its memory cgroup (base/memory_file.hpp), as an Interaction's.
  copy.stderr_file = make_memory_file("process-stderr");
  copy.stdout_sink = make_memory_file("process-stdout");
  copy.null_input = open_read_only("/dev/null");
  spawn.stdin_fd = copy.null_input.get();
  spawn.stdout_fd = copy.stdout_sink.get();
  spawn.stderr_fd = copy.stderr_file.get();
  spawn.argv = request_.submission_command;
  if (!request_.contain && user_io_ == CmsUserIo::std_io) {
    // Unboxed, the shell opens the FIFOs by path, stdin first, blocking as the box does.
    std::vector<std::string> shell{"/bin/sh",
                                   "-c",
                                   "in=$1 out=$2; shift 2; exec \"$@\" <\"$in\" >\"$out\"",
                                   "sh",
                                   pair.manager_to_user.string(),
                                   pair.user_to_manager.string()};
    spawn.argv.insert(spawn.argv.begin(), shell.begin(), shell.end());
  } else if (!request_.contain) {
    spawn.argv.push_back(pair.manager_to_user.string());
    spawn.argv.push_back(pair.user_to_manager.string());
  }
  if (!request_.contain && processes_ > 1) spawn.argv.push_back(std::to_string(index));
  spawn.working_dir = folder.string();
  spawn.cpu = request_.cpu;
  spawn.environment = program_environment(folder.string(), folder.string());
  spawn.limits.cpu_ms = limits.cpu_ms;
  spawn.limits.address_space_kib = request_.unlimited_address_space ? 0 : limits.memory_kib;
  spawn.limits.file_size_kib = limits.output_kib;
  spawn.limits.processes = limits.processes + request_.extra_processes;
  spawn.limits.open_files = process_open_files;
  spawn.limits.stack_kib = limits.memory_kib;
}

void Communication::contain_copy(std::size_t index) {
  // Each process in a box of its own, in cgroups of its own (box/sandbox.hpp): a
  // process's memory and CPU are its own, as in CMS's sandboxes.
  Copy& copy = copies_[index];
  const fs::path box = find_box_executable();
  if (box.empty()) {
    copy.why_no_box = "judge-box is missing next to the judge executable";
    return;
  }
  const FifoPair& pair = fifos_->pairs()[index];
  SpawnRequest& spawn = copy.spawn;
  // Pinned before its exec: there is no interactor to watch.
  BoxSettings settings = submission_box(request_, box, copy.cgroup, spawn);
  // Several processes run at once and may talk only through the manager, as in CMS's
  // sandboxes. An abstract UNIX socket belongs to the network namespace (not to the
  // files, which are each box's own), so the judge's shared one would let process 1
  // reach process 0: each process gets an empty one of its own (0.4 ms a box).
  if (processes_ > 1) settings.net_namespace.clear();
  // Never the judge's own ends (issue 45: a process that cleared O_NONBLOCK on a
  // description it shared with the judge blocked the judge's reads for good).
  if (user_io_ == CmsUserIo::std_io) {
    settings.stdin_fifo = pair.box_input;
    settings.stdout_fifo = pair.box_output;
  } else {
    settings.passed_fifos = {pair.box_input, pair.box_output};
  }
  BoxedCommand boxed = boxed_command(request_.submission_command, settings);
  // Added after the command was boxed: /proc/self/fd/N names the box's descriptor,
  // never a file of the host to copy in.
  if (user_io_ == CmsUserIo::fifo_io)
    for (std::size_t fifo = 0; fifo < 2; ++fifo)
      boxed.argv.push_back(fmt::format("/proc/self/fd/{}", passed_fifo_number(settings, fifo)));
  if (processes_ > 1) boxed.argv.push_back(std::to_string(index));
  use_box(std::move(boxed), *copy.cgroup, spawn);
}

void Communication::spawn() {
  // The manager first: it opens the FIFOs the processes' opens wait for.
  manager_.emplace(Process::spawn(manager_spawn_));
  manager_stdin_.reset();
  manager_stdout_.reset();
  manager_stderr_.reset();
  try {
    for (std::size_t index = 0; index < copies_.size(); ++index) {
      Copy& copy = copies_[index];
      copy.process.emplace(Process::spawn(copy.spawn));
      copy.cgroup_cpu_ms_at_start = copy.cgroup ? copy.cgroup->cpu_ms() : -1;
      copy.null_input.reset();
      // The box holds its ends now: the judge's copies go, or the relay pipe's
      // end-of-file would never come.
      copy.spawn.box_fds.clear();
      fifos_->box_started(index);
    }
  } catch (...) {
    manager_->kill_group();
    for (Copy& copy : copies_)
      if (copy.process) copy.process->kill_group();
    throw;
  }
  spawned_at_ = std::chrono::steady_clock::now();
  if (request_.resources != nullptr) request_.resources->while_test_runs();
}

void Communication::supervise() {
  SystemWatchClock clock;
  WatchedProcess manager = WatchedProcess::trusted(*manager_);
  std::vector<std::unique_ptr<WatchedProcess>> watched;
  std::vector<GroupMember> members{{&manager, request_.limits.interactor_cpu_ms}};
  for (Copy& copy : copies_) {
    watched.push_back(std::make_unique<WatchedProcess>(*copy.process, copy.cgroup ? &*copy.cgroup : nullptr,
                                                       copy.cgroup_cpu_ms_at_start));
    members.push_back({watched.back().get(), request_.limits.cpu_ms});
  }
  GroupWatch watch(request_.limits.wall_ms, clock);
  interventions_ = watch.supervise(members, &*fifos_, spawned_at_);
  wall_limit_extended_ms_ = watch.wall_limit_extended_ms();
  // Whatever any of them left behind goes with them; judge-boxes still exiting after
  // their report are reaped while a later test runs (as an Interaction's).
  manager_->kill_group();
  std::vector<pid_t> spared;
  for (Copy& copy : copies_) {
    copy.process->kill_group();
    std::optional<ExitingBox> exiting = copy.process->take_exiting_box();
    if (!exiting) continue;
    if (request_.resources == nullptr) exiting->reap(true);
    else
      request_.resources->reap_later(std::move(*exiting));
  }
  if (request_.resources != nullptr) spared = request_.resources->spared_pids();
  kill_orphans(spared);
}

ProcessRecord Communication::copy_record(std::size_t index, const Intervention& intervention) const {
  const Copy& copy = copies_[index];
  ProcessRecord record;
  EndFacts& end = record.end;
  end.exit = *copy.process->exit_facts();
  std::int64_t cpu_at_stop = intervention.cpu_ms_at_stop;
  // Its children's CPU time counts (see WatchedProcess).
  if (copy.cgroup_cpu_ms_at_start >= 0)
    cpu_at_stop = std::max(cpu_at_stop, copy.cgroup->cpu_ms() - copy.cgroup_cpu_ms_at_start);
  end.exit.cpu_ms = std::max(end.exit.cpu_ms, cpu_at_stop);
  end.killed_by_judge = intervention.killed_by_judge;
  end.hit_wall_limit = intervention.hit_wall_limit;
  end.hit_cpu_limit = intervention.hit_cpu_limit;
  end.hit_output_limit = intervention.hit_output_limit;
  // Already dying of its own cause when the judge's SIGKILL came: not the judge's kill.
  if (end.killed_by_judge && !(end.exit.signaled && end.exit.signal == SIGKILL))
    end.killed_by_judge = end.hit_cpu_limit = end.hit_wall_limit = false;
  end.oom_killed = copy.cgroup && copy.cgroup->oom_killed();
  end.memory_limit_reached = copy.cgroup && copy.cgroup->memory_limit_reached();
  end.group_peak_kib = copy.cgroup ? copy.cgroup->peak_kib() : -1;
  end.outer_memory_limit_kib = copy.cgroup ? copy.cgroup->outer_memory_limit_kib() : -1;
  // The box could not execute the program: with the exec's errno the program's fault,
  // without one the box's (the judge's).
  if (const std::string error = copy.process->box_exec_error(); !error.empty()) {
    if (copy.process->box_exec_errno() <= 0) throw JudgeFault(fmt::format("cannot start process {}: {}", index, error));
    record.exec_error = error;
  }
  record.stderr_tail = read_tail(copy.stderr_file, message_tail_bytes);
  const TestCgroup* cgroup = copy.cgroup ? &*copy.cgroup : nullptr;
  record.containment = describe_containment(
      copy.process->box_setup(), cgroup ? cgroup->version() : std::string(), cgroup && cgroup->limits_memory(),
      cgroup && cgroup->limits_processes(), cgroup ? cgroup->missing() : std::vector<std::string>{}, copy.why_no_box,
      cgroup ? cgroup->outside_own() : std::vector<std::string>{}, cgroup ? cgroup->outer_memory_limit_kib() : -1);
  return record;
}

PassRecord Communication::collect() {
  PassRecord pass;
  pass.facts.limits = request_.limits;
  pass.facts.wall_limit_extended_ms = wall_limit_extended_ms_;
  EndFacts& manager = pass.facts.interactor;
  manager.exit = *manager_->exit_facts();
  manager.exit.cpu_ms = std::max(manager.exit.cpu_ms, interventions_[0].cpu_ms_at_stop);
  manager.killed_by_judge = interventions_[0].killed_by_judge;
  manager.hit_wall_limit = interventions_[0].hit_wall_limit;
  manager.hit_cpu_limit = interventions_[0].hit_cpu_limit;
  manager.alone_from_ms = interventions_[0].alone_from_ms;
  if (manager.killed_by_judge && !(manager.exit.signaled && manager.exit.signal == SIGKILL))
    manager.killed_by_judge = manager.hit_cpu_limit = manager.hit_wall_limit = false;
  for (std::size_t index = 0; index < copies_.size(); ++index)
    pass.processes.push_back(copy_record(index, interventions_[index + 1]));
  pass.facts.submission = pass.processes.front().end;
  pass.facts.exec_error = pass.processes.front().exec_error;
  pass.submission_stderr = pass.processes.front().stderr_tail;
  pass.containment = pass.processes.front().containment;
  // CMS reads the first line of each: the outcome, the message.
  pass.manager_output = read_head(request_.work_dir / "manager.stdout", message_tail_bytes);
  pass.interactor_stderr = read_head(request_.work_dir / "manager.stderr", message_tail_bytes);
  // The memory files' pages go now, before the cgroups they are charged to are given back.
  for (Copy& copy : copies_) {
    copy.stderr_file.reset();
    copy.stdout_sink.reset();
  }
  return pass;
}

}  // namespace judge
