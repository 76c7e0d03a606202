#include "interaction.hpp"

#include <poll.h>
#include <unistd.h>
#include <signal.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <sstream>

#include <fmt/core.h>

#include "cgroup.hpp"
#include "process.hpp"
#include "sandbox.hpp"
#include "unique_fd.hpp"

namespace judge {
namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

namespace {

// The pipes are enlarged so that a long message (twin-cookies sends ~90 KB lines)
// is written in one go instead of stalling the writer at the default 64 KiB.
constexpr int pipe_buffer_bytes = 1 << 20;
// How often the judge looks at the CPU time of the running processes, to stop them
// at their exact limit instead of the kernel's whole-second RLIMIT_CPU.
constexpr std::chrono::milliseconds cpu_check_interval{20};
constexpr std::size_t tail_bytes = 4096;

std::string read_tail(const fs::path& path, std::size_t max_bytes) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return {};
  in.seekg(0, std::ios::end);
  const auto size = static_cast<std::size_t>(std::max<std::streamoff>(in.tellg(), 0));
  const std::size_t start = size > max_bytes ? size - max_bytes : 0;
  in.seekg(static_cast<std::streamoff>(start));
  std::string text(size - start, '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  return text;
}

}  // namespace

bool is_probe_pass(const fs::path& feedback_dir) {
  if (!fs::exists(feedback_dir / "nextpass.in")) return false;
  std::ifstream in(feedback_dir / "result.json", std::ios::binary);
  const nlohmann::json result = nlohmann::json::parse(in, nullptr, /*allow_exceptions=*/false);
  return result.is_object() && result.value("probe", false) == true;
}

bool stderr_reports_out_of_memory(const std::string& stderr_tail) {
  return stderr_tail.find("std::bad_alloc") != std::string::npos ||
         stderr_tail.find("MemoryError") != std::string::npos ||
         stderr_tail.find("Cannot allocate memory") != std::string::npos ||
         stderr_tail.find("out of memory") != std::string::npos;
}

InteractorReport read_interactor_report(const fs::path& feedback_dir, nlohmann::json& raw) {
  InteractorReport report;
  report.message = read_tail(feedback_dir / "judgemessage.txt", tail_bytes);
  while (!report.message.empty() &&
         (report.message.back() == '\n' || report.message.back() == '\r'))
    report.message.pop_back();
  raw = nullptr;
  const fs::path result_file = feedback_dir / "result.json";
  if (!fs::exists(result_file)) return report;
  std::ifstream in(result_file, std::ios::binary);
  try {
    raw = nlohmann::json::parse(in);
  } catch (const nlohmann::json::exception& error) {
    report.malformed = fmt::format("not valid JSON ({})", error.what());
    raw = nullptr;
    return report;
  }
  if (!raw.is_object()) {
    report.malformed = "not a JSON object";
    return report;
  }
  if (raw.contains("verdict")) {
    const auto& value = raw["verdict"];
    std::optional<Verdict> reason;
    if (value.is_string()) reason = parse_verdict(value.get<std::string>());
    if (!reason || (*reason != Verdict::AC && *reason != Verdict::WA &&
                    *reason != Verdict::PE && *reason != Verdict::QLE)) {
      report.malformed = fmt::format("\"verdict\" must be AC, WA, PE or QLE, got {}",
                                     value.dump());
      return report;
    }
    report.reason = reason;
  }
  if (raw.contains("contestant_eof")) {
    if (!raw["contestant_eof"].is_boolean()) {
      report.malformed = "\"contestant_eof\" must be true or false";
      return report;
    }
    report.contestant_eof = raw["contestant_eof"].get<bool>();
    report.contestant_eof_reported = true;
  }
  if (report.message.empty() && raw.contains("message") && raw["message"].is_string())
    report.message = raw["message"].get<std::string>();
  return report;
}

InteractionResult run_interaction(const InteractionRequest& request) {
  const fs::path submission_stderr = request.work_dir / "submission.stderr";
  const fs::path interactor_stderr = request.work_dir / "interactor.stderr";

  // Started in this order: the interactor first (it usually speaks first), then
  // the submission. Each gets its two pipe ends as stdin/stdout; every descriptor
  // here is close-on-exec, so neither inherits the other's ends.
  Pipe to_submission = make_pipe(pipe_buffer_bytes);
  Pipe from_submission = make_pipe(pipe_buffer_bytes);
  UniqueFd submission_err = open_for_writing(submission_stderr.c_str());
  UniqueFd interactor_err = open_for_writing(interactor_stderr.c_str());

  SpawnRequest interactor_spawn;
  interactor_spawn.argv = request.interactor_command;
  interactor_spawn.argv.push_back(request.test_input.string());
  interactor_spawn.argv.push_back(request.answer_file.string());
  interactor_spawn.argv.push_back(request.feedback_dir.string() + "/");
  interactor_spawn.stdin_fd = from_submission.read_end.get();
  interactor_spawn.stdout_fd = to_submission.write_end.get();
  interactor_spawn.stderr_fd = interactor_err.get();
  interactor_spawn.limits.cpu_ms = request.interactor_time_limit_ms;
  interactor_spawn.limits.address_space_kib = request.interactor_memory_kib;
  if (request.transcript) {
    interactor_spawn.extra_env.emplace_back("JUDGE_TRANSCRIPT_FILE", request.transcript->string());
    interactor_spawn.extra_env.emplace_back("JUDGE_TRANSCRIPT_LIMIT_BYTES",
                                            std::to_string(request.transcript_limit_bytes));
  }

  SpawnRequest submission_spawn;
  submission_spawn.argv = request.submission_command;
  submission_spawn.stdin_fd = to_submission.read_end.get();
  submission_spawn.stdout_fd = from_submission.write_end.get();
  submission_spawn.stderr_fd = submission_err.get();
  submission_spawn.working_dir = request.work_dir.string();
  submission_spawn.cpu = request.cpu;
  interactor_spawn.cpu = request.cpu;
  submission_spawn.limits.cpu_ms = request.time_limit_ms;
  submission_spawn.limits.address_space_kib = request.memory_kib;
  submission_spawn.limits.file_size_kib = request.output_limit_kib;
  submission_spawn.limits.processes = request.process_limit;
  submission_spawn.limits.open_files = 256;
  // The stack may use the whole memory limit, as on most contest judges.
  submission_spawn.limits.stack_kib = request.memory_kib;

  // Containment (sandbox.hpp): the submission runs inside judge-box, in the test's
  // cgroups where the machine allows them. Where a cgroup limits memory or
  // processes, the matching rlimit is dropped: RLIMIT_AS counts address space, not
  // memory, and RLIMIT_NPROC counts every process of the uid, not of the test.
  std::optional<TestCgroup> cgroup;
  std::string why_no_box = "--sandbox none";
  if (request.contain) {
    const fs::path box = find_box_executable();
    if (box.empty()) {
      why_no_box = "judge-box is missing next to the judge executable";
    } else {
      cgroup.emplace(TestCgroup::create(request.memory_kib, request.process_limit));
      BoxSettings settings;
      settings.box_executable = box;
      settings.drop_to_unprivileged_uid = ::geteuid() == 0;
      settings.cgroup_dirs = cgroup->join_dirs();
      settings.scratch_kib = request.output_limit_kib;
      // The box pins the program itself, right before exec: its setup (~2 ms) then
      // runs beside the interactor's start instead of after it on one CPU.
      settings.cpu = submission_spawn.cpu;
      submission_spawn.cpu = -1;
      submission_spawn.argv = boxed_command(request.submission_command, settings);
      submission_spawn.boxed = true;
      if (cgroup->limits_memory()) submission_spawn.limits.address_space_kib = 0;
      if (cgroup->limits_processes()) submission_spawn.limits.processes = 0;
    }
  }

  Process interactor = Process::spawn(interactor_spawn);
  Process submission = [&] {
    try {
      return Process::spawn(submission_spawn);
    } catch (...) {
      interactor.kill_group();
      throw;
    }
  }();
  // Both children hold their ends now; the judge must hold none, or a side whose
  // peer has ended would wait for end-of-file forever.
  to_submission = Pipe{};
  from_submission = Pipe{};
  submission_err.reset();
  interactor_err.reset();

  TestFacts facts;
  facts.time_limit_ms = request.time_limit_ms;
  facts.wall_limit_ms = request.wall_limit_ms;
  facts.memory_limit_kib = request.memory_kib;
  facts.interactor_time_limit_ms = request.interactor_time_limit_ms;

  const Clock::time_point start = Clock::now();
  Clock::time_point deadline = start + std::chrono::milliseconds(request.wall_limit_ms);

  bool probe = false;
  auto on_ended = [&](Side side) {
    if (facts.exited_first == Side::none) facts.exited_first = side;
    if (side == Side::submission) {
      // The submission's descendants may still hold its stdout: kill them, so the
      // interactor sees end-of-file now rather than at the wall limit.
      submission.kill_group();
    } else {
      const auto& exit = *interactor.exit_facts();
      // Rejected (or broken): the verdict no longer depends on the submission.
      // A probe pass (multi-pass) accepted: its submission is not graded.
      // Either way the submission is stopped now instead of running to its limits.
      // If it has already ended on its own (a crash that made the interactor see
      // end-of-file), its own end is the fact to keep: reap it before killing it.
      // Accepted otherwise: the submission must still exit by itself, cleanly, in time.
      const bool rejected = exit.signaled || exit.exit_code != 42;
      probe = !rejected && is_probe_pass(request.feedback_dir);
      if ((rejected || probe) && submission.running() && !submission.try_reap()) {
        if (submission.is_exiting()) {
          // Already dying of its own cause (its end is what made the interactor
          // see end-of-file): that cause is the fact to keep, so it is waited for.
          submission.reap();
        } else {
          facts.submission.killed_by_judge = true;
          submission.kill_group();
        }
      }
    }
  };

  // The submission's CPU time: its own clock, or, in a cgroup that counts CPU, every
  // process of the test together (minus what the box used to set up before the
  // program started), so that work moved into children is timed too.
  const std::int64_t cgroup_cpu_ms_at_start = cgroup ? cgroup->cpu_ms() : -1;
  auto submission_cpu_ms = [&] {
    const std::int64_t own = submission.cpu_ms_so_far();
    if (cgroup_cpu_ms_at_start < 0) return own;
    return std::max(own, cgroup->cpu_ms() - cgroup_cpu_ms_at_start);
  };

  // The process clock the judge stopped a program by, when it did: wait4's figure
  // was seen to read lower for a killed process on a loaded VM, and a TLE message
  // must not show less than the limit it enforced.
  std::int64_t submission_cpu_ms_at_stop = 0;
  std::int64_t interactor_cpu_ms_at_stop = 0;
  while (submission.running() || interactor.running()) {
    // Reap in this order: when both have ended by the time we look, the interactor
    // is counted first; that only matters when it rejected for a reason of its own,
    // and then the submission's end was the consequence.
    if (interactor.running() && interactor.try_reap()) on_ended(Side::interactor);
    if (submission.running() && submission.try_reap()) on_ended(Side::submission);
    if (!submission.running() && !interactor.running()) break;

    const auto now = Clock::now();
    if (now >= deadline && submission.running()) {
      // The wall limit catches programs that wait (for input that never comes);
      // time the submission spent runnable but waiting for a CPU on a busy
      // machine is not that, so the limit moves by it, up to 4x the limit.
      const auto waited = std::chrono::milliseconds(submission.run_delay_ms_so_far());
      const auto extended = std::min(start + std::chrono::milliseconds(request.wall_limit_ms) + waited,
                                     start + 4 * std::chrono::milliseconds(request.wall_limit_ms));
      if (extended > deadline + std::chrono::milliseconds(1)) {
        facts.wall_limit_extended_ms =
            std::chrono::duration_cast<std::chrono::milliseconds>(extended - start).count() -
            request.wall_limit_ms;
        deadline = extended;
        continue;
      }
    }
    if (now >= deadline) {
      // Both are killed before either is reaped: killing one first would let the
      // other see end-of-file and end on its own, and the facts would then blame
      // the wrong side.
      if (interactor.running()) facts.interactor_bytes_written = interactor.bytes_written_so_far();
      // Without a cgroup counting CPU, the processes the submission started are timed
      // only now: a submission whose children burned its CPU limit between them (a
      // fork bomb, starving its own main process) is TLE, not idle.
      if (submission.running() && cgroup_cpu_ms_at_start < 0) {
        if (const std::int64_t group = submission.group_cpu_ms(); group > request.time_limit_ms) {
          facts.submission.hit_cpu_limit = true;
          submission_cpu_ms_at_stop = std::max(submission_cpu_ms_at_stop, group);
        }
      }
      const bool submission_was_running = submission.running();
      const bool interactor_was_running = interactor.running();
      if (submission_was_running) {
        facts.submission.killed_by_judge = facts.submission.hit_wall_limit = true;
        submission.kill_group();
      }
      if (interactor_was_running) {
        facts.interactor.killed_by_judge = facts.interactor.hit_wall_limit = true;
        interactor.kill_group();
      }
      if (submission_was_running) {
        submission.reap();
        on_ended(Side::submission);
      }
      if (interactor_was_running) {
        interactor.reap();
        on_ended(Side::interactor);
      }
      break;
    }
    if (const std::int64_t used = submission.running() ? submission_cpu_ms() : 0;
        used > request.time_limit_ms) {
      facts.submission.killed_by_judge = facts.submission.hit_cpu_limit = true;
      submission_cpu_ms_at_stop = used;
      submission.kill_group();
      submission.reap();
      on_ended(Side::submission);
      continue;
    }
    if (const std::int64_t used = interactor.running() ? interactor.cpu_ms_so_far() : 0;
        used > request.interactor_time_limit_ms) {
      facts.interactor.killed_by_judge = facts.interactor.hit_cpu_limit = true;
      interactor_cpu_ms_at_stop = used;
      interactor.kill_group();
      interactor.reap();
      on_ended(Side::interactor);
      continue;
    }

    pollfd fds[2];
    nfds_t count = 0;
    if (submission.running() && submission.pidfd() >= 0)
      fds[count++] = {submission.pidfd(), POLLIN, 0};
    if (interactor.running() && interactor.pidfd() >= 0)
      fds[count++] = {interactor.pidfd(), POLLIN, 0};
    const auto until_deadline =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - now) +
        std::chrono::milliseconds(1);
    // Without pidfds (kernels before 5.3) this degrades to a 1 ms sleep-and-check.
    const auto timeout = std::min<std::chrono::milliseconds>(
        count > 0 ? cpu_check_interval : std::chrono::milliseconds(1), until_deadline);
    ::poll(fds, count, static_cast<int>(timeout.count()));
  }
  // Whatever the submission or the interactor left behind goes with them.
  submission.kill_group();
  interactor.kill_group();
  kill_orphans();

  if (!submission.box_exec_error().empty())
    throw std::runtime_error(fmt::format("cannot start the submission: {}", submission.box_exec_error()));
  facts.submission.oom_killed = cgroup && cgroup->oom_killed();
  // Children's CPU time counts (see submission_cpu_ms).
  if (cgroup_cpu_ms_at_start >= 0)
    submission_cpu_ms_at_stop =
        std::max(submission_cpu_ms_at_stop, cgroup->cpu_ms() - cgroup_cpu_ms_at_start);
  facts.submission.exit = *submission.exit_facts();
  facts.interactor.exit = *interactor.exit_facts();
  facts.submission.exit.cpu_ms = std::max(facts.submission.exit.cpu_ms, submission_cpu_ms_at_stop);
  facts.interactor.exit.cpu_ms = std::max(facts.interactor.exit.cpu_ms, interactor_cpu_ms_at_stop);
  // A process that was already dying of its own cause when the judge's SIGKILL
  // came keeps that cause in its wait status: then it was not the judge's kill.
  for (EndFacts* end : {&facts.submission, &facts.interactor}) {
    if (end->killed_by_judge && !(end->exit.signaled && end->exit.signal == SIGKILL))
      end->killed_by_judge = end->hit_cpu_limit = end->hit_wall_limit = false;
  }

  InteractionResult result;
  result.submission_stderr_tail = read_tail(submission_stderr, tail_bytes);
  result.interactor_stderr_tail = read_tail(interactor_stderr, tail_bytes);
  facts.report = read_interactor_report(request.feedback_dir, result.interactor_result);
  if (facts.report.message.empty() && !result.interactor_stderr_tail.empty() &&
      !(facts.interactor.exit.exit_code == 42 && !facts.interactor.exit.signaled)) {
    facts.report.message = result.interactor_stderr_tail;
    while (!facts.report.message.empty() && facts.report.message.back() == '\n')
      facts.report.message.pop_back();
  }
  facts.stderr_reports_out_of_memory = stderr_reports_out_of_memory(result.submission_stderr_tail);
  result.facts = facts;
  result.probe = probe;
  result.containment = describe_containment(
      submission.box_setup(), cgroup ? cgroup->version() : std::string(),
      cgroup && cgroup->limits_memory(), cgroup && cgroup->limits_processes(),
      cgroup ? cgroup->missing() : std::vector<std::string>{}, why_no_box);
  return result;
}

}  // namespace judge
