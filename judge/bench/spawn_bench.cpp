// Spawning and measurement figures for scripts/bench.py, one JSON object per line:
//   spawn_ms          Process::spawn of /bin/true (fork + exec through Boost.Process,
//                     with the limits handler), median of N
//   raw_fork_ms       bare fork + execv of /bin/true, median of N
//   posix_spawn_ms    posix_spawn (vfork-class) of /bin/true, median of N
//   burner_cpu_ms     CPU time the judge measured for a 300 ms burner
//   small_peak_kib    peak memory measured for a child touching 1 MiB, spawned by
//                     this process while small, and again after it grew to 256 MiB
//   spawn_ms_256mib   Process::spawn time from the 256 MiB parent
//   boxed_*           the same measurements through judge-box (the way `judge run`
//                     starts a submission): boxed_run_ms is spawn to reaped for
//                     /bin/true in a box, namespaces, root and all (judge-box's own
//                     exit after its report not waited for, as in a run of tests)
//   served_boxed_*    the same, the box forked by a judge-box server instead of
//                     judge-box executed (process/box_server.hpp), in turn with
//                     boxed_run_ms
//   v2_cgroup_*_extra_ms  what one cgroup v2 directory adds to a box executed
//                     (joined through cgroup.procs) and to one its server forks into
//                     it (born in), on the host's cgroup2 hierarchy (v2_cgroup_entry)
//
//   bench_spawn PROCESS_HELPER [N]
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include "box/sandbox.hpp"
#include "process/box_server.hpp"
#include "process/process.hpp"

extern char** environ;

namespace {

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  return values[values.size() / 2];
}

double judge_spawn_ms(int runs) {
  std::vector<double> times;
  for (int i = 0; i < runs; ++i) {
    judge::SpawnRequest request;
    request.argv = {"/bin/true"};
    request.limits.cpu_ms = 1000;
    request.limits.address_space_kib = 256 * 1024;
    const auto start = Clock::now();
    judge::Process process = judge::Process::spawn(request);
    times.push_back(ms_since(start));
    process.reap();
  }
  return median(times);
}

// `server`: the box is forked by this judge-box server (process/box_server.hpp), as a
// run of tests starts its boxes, instead of executing judge-box.
// `spent_ms`: set to the time from spawn to reaped. An executed judge-box that is still
// exiting after its report (its namespaces' teardown) is reaped after that, off the
// time, as a run of tests reaps it while the next test runs; a served one the server
// reaps.
judge::ExitFacts run_helper(const std::string& helper, std::vector<std::string> args, bool boxed = false,
                            judge::BoxServer* server = nullptr, double* spent_ms = nullptr,
                            const std::string& cgroup_dir = "") {
  judge::SpawnRequest request;
  request.argv = {helper};
  request.argv.insert(request.argv.end(), args.begin(), args.end());
  if (boxed) {
    judge::BoxSettings settings;
    settings.box_executable = judge::find_box_executable();
    settings.drop_to_unprivileged_uid = ::geteuid() == 0;
    if (!cgroup_dir.empty()) settings.cgroup_dirs = {cgroup_dir};
    judge::BoxedCommand boxed = judge::boxed_command(request.argv, settings);
    request.argv = std::move(boxed.argv);
    request.box_fds = std::move(boxed.fds);
    request.boxed = true;
    if (server != nullptr) {
      // What the server needs to take it: the box's own descriptors and environment.
      request.box_server = server;
      request.stdin_fd = 0;
      request.stdout_fd = 1;
      request.stderr_fd = 2;
      request.environment = judge::Environment{{"PATH", "/usr/bin:/bin"}};
    }
  }
  const auto start = Clock::now();
  judge::Process process = judge::Process::spawn(request);
  process.reap();
  if (spent_ms != nullptr) *spent_ms = ms_since(start);
  if (std::optional<judge::ExitingBox> exiting = process.take_exiting_box()) exiting->reap(true);
  return *process.exit_facts();
}

// A box's entry into one cgroup v2 directory (the way a test's cgroup is on a cgroup
// v2 host), on whatever cgroup2 hierarchy is mounted here: what it adds to a box
// executed (it writes its pid to cgroup.procs: a global write lock, and an RCU grace
// period without favordynmods) and to a box its server forks into the directory
// (clone3 CLONE_INTO_CGROUP). Four kinds in turn, each against the same kind of box
// without a cgroup. Nothing is printed without root or a cgroup2 mount.
void v2_cgroup_entry(judge::BoxServer& server, int rounds) {
  std::string mount;
  std::ifstream mounts("/proc/self/mounts");
  for (std::string source, target, type, rest; mounts >> source >> target >> type && std::getline(mounts, rest);)
    if (type == "cgroup2") mount = target;
  const std::string dir = mount + "/judge-bench-" + std::to_string(::getpid());
  if (mount.empty() || ::geteuid() != 0 || ::mkdir(dir.c_str(), 0755) != 0) return;
  std::vector<double> executed, executed_in, served, served_in;
  for (int i = 0; i < rounds; ++i) {
    double spent_ms = 0;
    run_helper("/bin/true", {}, true, nullptr, &spent_ms);
    executed.push_back(spent_ms);
    run_helper("/bin/true", {}, true, nullptr, &spent_ms, dir);
    executed_in.push_back(spent_ms);
    run_helper("/bin/true", {}, true, &server, &spent_ms);
    served.push_back(spent_ms);
    run_helper("/bin/true", {}, true, &server, &spent_ms, dir);
    served_in.push_back(spent_ms);
  }
  std::printf("{\"v2_cgroup_joined_extra_ms\": %.3f, \"v2_cgroup_born_in_extra_ms\": %.3f}\n",
              median(executed_in) - median(executed), median(served_in) - median(served));
  for (int attempt = 0; attempt < 100 && ::rmdir(dir.c_str()) != 0; ++attempt) ::usleep(10000);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: bench_spawn PROCESS_HELPER [N]\n");
    return 2;
  }
  const std::string helper = argv[1];
  const int runs = argc > 2 ? std::atoi(argv[2]) : 200;

  std::printf("{\"spawn_ms\": %.3f}\n", judge_spawn_ms(runs));
  std::vector<double> fork_times, spawn_times;
  for (int i = 0; i < runs; ++i) {
    auto start = Clock::now();
    const pid_t pid = fork();
    if (pid == 0) {
      char* args[] = {const_cast<char*>("/bin/true"), nullptr};
      execv(args[0], args);
      _exit(127);
    }
    fork_times.push_back(ms_since(start));
    waitpid(pid, nullptr, 0);
    start = Clock::now();
    pid_t spawned = 0;
    char* args[] = {const_cast<char*>("/bin/true"), nullptr};
    posix_spawn(&spawned, "/bin/true", nullptr, nullptr, args, environ);
    spawn_times.push_back(ms_since(start));
    waitpid(spawned, nullptr, 0);
  }
  std::printf("{\"raw_fork_ms\": %.3f}\n{\"posix_spawn_ms\": %.3f}\n", median(fork_times),
              median(spawn_times));
  std::printf("{\"burner_cpu_ms\": %lld}\n",
              static_cast<long long>(run_helper(helper, {"cpu", "300"}).cpu_ms));
  const bool have_box = !judge::find_box_executable().empty();
  if (have_box) {
    std::printf("{\"boxed_burner_cpu_ms\": %lld}\n",
                static_cast<long long>(run_helper(helper, {"cpu", "300"}, true).cpu_ms));
    // Executed and served in turn, so that a machine that gets busier slows both alike.
    judge::BoxServer server(judge::find_box_executable());
    server.prepare();
    std::vector<double> boxed_times, served_times;
    for (int i = 0; i < std::max(runs / 10, 5); ++i) {
      double spent_ms = 0;
      run_helper("/bin/true", {}, true, nullptr, &spent_ms);
      boxed_times.push_back(spent_ms);
      run_helper("/bin/true", {}, true, &server, &spent_ms);
      served_times.push_back(spent_ms);
    }
    std::printf("{\"boxed_run_ms\": %.3f, \"served_boxed_run_ms\": %.3f}\n", median(boxed_times), median(served_times));
    v2_cgroup_entry(server, std::max(runs / 10, 5));
    std::printf("{\"served_boxed_small_peak_kib\": %lld}\n",
                static_cast<long long>(run_helper(helper, {"touch", "1"}, true, &server).peak_kib));
  }
  const judge::ExitFacts small = run_helper(helper, {"touch", "1"});
  const judge::ExitFacts boxed_small = have_box ? run_helper(helper, {"touch", "1"}, true) : small;
  std::vector<char> ballast(256u << 20, 1);  // the judge grows to 256 MiB
  const judge::ExitFacts from_large = run_helper(helper, {"touch", "1"});
  const judge::ExitFacts boxed_from_large = have_box ? run_helper(helper, {"touch", "1"}, true) : from_large;
  std::printf("{\"small_peak_kib\": %lld, \"small_peak_kib_from_256mib_parent\": %lld}\n",
              static_cast<long long>(small.peak_kib), static_cast<long long>(from_large.peak_kib));
  std::printf("{\"boxed_small_peak_kib\": %lld, \"boxed_small_peak_kib_from_256mib_parent\": %lld}\n",
              static_cast<long long>(boxed_small.peak_kib),
              static_cast<long long>(boxed_from_large.peak_kib));
  std::printf("{\"spawn_ms_256mib\": %.3f}\n", judge_spawn_ms(std::max(runs / 10, 5)));
  return ballast[12345] == 1 ? 0 : 1;
}
