// The box's command line and description (pure), and real boxed children
// (judge-box + judge/test_helpers/process_helper): the figures and the wait status
// the judge gets are the program's own, whatever stands between.
#include "box/sandbox.hpp"

#include <fcntl.h>
#include <linux/keyctl.h>
#include <sched.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <initializer_list>
#include <optional>
#include <string>

#include <gtest/gtest.h>

#include "base/temp_dir.hpp"
#include "base/text_file.hpp"
#include "box/cgroup.hpp"
#include "box/net_namespace.hpp"
#include "process/box_server.hpp"
#include "process/process.hpp"

extern char** environ;

namespace judge {
namespace {

namespace fs = std::filesystem;

const std::string helper_program = std::string(JUDGE_TEST_HELPERS_DIR) + "/process_helper";

std::vector<std::string> after_dashes(const std::vector<std::string>& argv) {
  const auto dashes = std::find(argv.begin(), argv.end(), "--");
  return {dashes + 1, argv.end()};
}

// Issue 28, hole 2: files go in by descriptor; the command line holds no host path
// (judge-box's /proc/1/cmdline is readable in the box) and nothing to split at ':'.
TEST(BoxedCommand, CopiesTheProgramInByDescriptorAndKeepsSystemPaths) {
  BoxSettings settings;
  settings.box_executable = "/opt/judge-box";
  const BoxedCommand boxed = boxed_command({helper_program, "cpu", "300"}, settings);
  const auto& argv = boxed.argv;
  EXPECT_EQ(argv.front(), "/opt/judge-box");
  const auto copy_in = std::find(argv.begin(), argv.end(), "--copy-in");
  ASSERT_NE(copy_in, argv.end());
  EXPECT_EQ(*(copy_in + 1), "5");
  EXPECT_EQ(*(copy_in + 2), "/box/process_helper");
  ASSERT_EQ(boxed.fds.size(), 1u);
  EXPECT_TRUE(boxed.fds[0]->valid());
  for (const auto& word : argv) EXPECT_EQ(word.find(JUDGE_TEST_HELPERS_DIR), std::string::npos) << word;
  EXPECT_EQ(after_dashes(argv), (std::vector<std::string>{"/box/process_helper", "cpu", "300"}));
  // No uid change unless the judge is root and asks for it.
  EXPECT_EQ(std::find(argv.begin(), argv.end(), "--uid"), argv.end());
  EXPECT_EQ(std::find(argv.begin(), argv.end(), "--uid-pool"), argv.end());
}

TEST(BoxedCommand, FindsInterpretersOnPathAndCopiesTheScript) {
  // "sh": on PATH in /usr/bin on Debian (merged /usr), whatever else PATH holds.
  const fs::path script = fs::temp_directory_path() / "boxed_command_test.sh";
  std::ofstream(script) << "echo 1\n";
  BoxSettings settings;
  settings.box_executable = "/opt/judge-box";
  settings.drop_to_unprivileged_uid = true;
  settings.cgroup_dirs = {"/sys/fs/cgroup/memory/judge/x"};
  const auto argv = boxed_command({"sh", script.string()}, settings).argv;
  const auto inside = after_dashes(argv);
  ASSERT_EQ(inside.size(), 2u);
  EXPECT_EQ(inside[0].rfind("/usr/", 0), 0u) << inside[0];  // found on PATH, visible in the box
  EXPECT_EQ(inside[1], "/box/boxed_command_test.sh");
  EXPECT_NE(std::find(argv.begin(), argv.end(), "--uid-pool"), argv.end());
  EXPECT_NE(std::find(argv.begin(), argv.end(), "/sys/fs/cgroup/memory/judge/x"), argv.end());
  fs::remove(script);
}

TEST(BoxedCommand, TwoFilesOfOneNameGetTwoPlaces) {
  const fs::path a = fs::temp_directory_path() / "boxed_a";
  const fs::path b = fs::temp_directory_path() / "boxed_b";
  fs::create_directories(a);
  fs::create_directories(b);
  std::ofstream(a / "x") << "1";
  std::ofstream(b / "x") << "2";
  BoxSettings settings;
  settings.box_executable = "/opt/judge-box";
  const auto inside = after_dashes(boxed_command({(a / "x").string(), (b / "x").string()}, settings).argv);
  EXPECT_EQ(inside, (std::vector<std::string>{"/box/x", "/box/_x"}));
  fs::remove_all(a);
  fs::remove_all(b);
}

TEST(Containment, DescribesWhatWasAndWasNotEnforced) {
  const auto described = describe_containment(
      R"({"enforced": ["pid namespace"], "not_enforced": [{"what": "user namespace", "why": "EPERM"}]})",
      "cgroup v1", true, false, {"pids cgroup: cannot create one"}, "");
  EXPECT_EQ(described["sandbox"], "judge-box");
  EXPECT_EQ(described["enforced"], nlohmann::json({"pid namespace"}));
  EXPECT_EQ(described["not_enforced"].size(), 2u);
  EXPECT_EQ(described["memory_limit"], "cgroup v1 memory controller");
  EXPECT_EQ(described["process_limit"], "RLIMIT_NPROC (per uid)");
  const std::string warning = containment_warning(described);
  EXPECT_NE(warning.find("user namespace (EPERM)"), std::string::npos) << warning;
  EXPECT_NE(warning.find("pids cgroup"), std::string::npos) << warning;
}

TEST(Containment, NoBoxIsSaidAsSuch) {
  const auto described = describe_containment("", "", false, false, {}, "--sandbox none");
  EXPECT_EQ(described["sandbox"], "none");
  EXPECT_NE(containment_warning(described).find("--sandbox none"), std::string::npos);
  const auto full = describe_containment(R"({"enforced": ["pid namespace"], "not_enforced": []})",
                                         "cgroup v1", true, true, {}, "");
  EXPECT_EQ(containment_warning(full), "");
}

// Real boxes. judge-box is built next to this test binary. Each test runs twice: its
// boxes executed (judge-box per box), and forked by one judge-box server
// (process/box_server.hpp), as a run of tests starts them: everything a box does
// holds either way.
class BoxedProcess : public ::testing::TestWithParam<bool> {
 protected:
  void SetUp() override {
    box_ = find_box_executable();
    if (box_.empty()) GTEST_SKIP() << "judge-box is not built next to the test binary";
    if (GetParam()) server_.emplace(box_);
  }
  void TearDown() override {
    // One server for every box of the test: none was started again.
    if (server_ && served_) {
      EXPECT_EQ(server_->starts(), 1);
    }
  }
  // Served: what the server needs to take the request (it gives a box exactly the
  // descriptors and environment named; executed, the box inherits this process's).
  Process start(SpawnRequest& request) {
    if (server_) {
      request.box_server = &*server_;
      request.stdin_fd = 0;
      request.stdout_fd = 1;
      request.stderr_fd = 2;
      Environment here;
      for (char** entry = environ; *entry != nullptr; ++entry) {
        const std::string text = *entry;
        const std::size_t equals = text.find('=');
        if (equals != std::string::npos) here.emplace_back(text.substr(0, equals), text.substr(equals + 1));
      }
      request.environment = here;
    }
    Process process = Process::spawn(request);
    EXPECT_EQ(process.served(), GetParam());
    served_ += process.served() ? 1 : 0;
    return process;
  }
  // `script` run by sh in a box of `settings`: no word of the box's command line holds
  // `hidden` (a host folder), and the script exits 0.
  void expect_script_passes(const std::string& script, const BoxSettings& settings, const fs::path& hidden) {
    SpawnRequest request;
    BoxedCommand boxed = boxed_command({"sh", "-c", script}, settings);
    for (const auto& word : boxed.argv) EXPECT_EQ(word.find(hidden.string()), std::string::npos) << word;
    request.argv = std::move(boxed.argv);
    request.box_fds = std::move(boxed.fds);
    request.boxed = true;
    Process process = start(request);
    process.reap();
    EXPECT_EQ(process.exit_facts()->exit_code, 0) << process.box_setup();
  }
  // `interactor`: a process standing in for the test's interactor, whose /proc stat the
  // box watches (judge-box, 4c).
  Process spawn(const std::vector<std::string>& command, const std::vector<std::string>& cgroups = {},
                int cpu = -1, const std::string& net_namespace = "", std::int64_t cpu_move_after_us = -1,
                const Process* interactor = nullptr) {
    BoxSettings settings;
    settings.cpu_move_after_us = cpu_move_after_us;
    UniqueFd interactor_stat;
    if (interactor != nullptr) {
      const std::string path = "/proc/" + std::to_string(interactor->pid()) + "/stat";
      const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
      interactor_stat = UniqueFd(fd >= 0 ? ::fcntl(fd, F_DUPFD_CLOEXEC, 5) : -1);
      if (fd >= 0) ::close(fd);
      settings.watch_interactor = true;
    }
    settings.box_executable = box_;
    settings.drop_to_unprivileged_uid = ::geteuid() == 0;
    settings.cgroup_dirs = cgroups;
    settings.cpu = cpu;
    settings.net_namespace = net_namespace;
    SpawnRequest request;
    BoxedCommand boxed = boxed_command(command, settings);
    request.argv = std::move(boxed.argv);
    request.box_fds = std::move(boxed.fds);
    request.boxed = true;
    request.box_watch_fd = interactor_stat.get();
    return start(request);
  }
  // A stand-in for an interactor that is still starting (burning CPU) or waiting.
  static Process stand_in(const char* mode) {
    SpawnRequest request;
    request.argv = {helper_program, mode, "5000"};
    return Process::spawn(request);
  }
  ExitFacts run(const std::vector<std::string>& command) {
    Process process = spawn(command);
    process.reap();
    return *process.exit_facts();
  }
  fs::path box_;
  std::optional<BoxServer> server_;
  int served_ = 0;  // boxes the server forked
};

INSTANTIATE_TEST_SUITE_P(ExecutedOrServed, BoxedProcess, ::testing::Values(false, true),
                         [](const ::testing::TestParamInfo<bool>& param_info) {
                           return param_info.param ? "Served" : "Executed";
                         });

TEST_P(BoxedProcess, ReportsTheProgramsExitCodeAndSignal) {
  const ExitFacts exited = run({helper_program, "exit", "3"});
  EXPECT_FALSE(exited.signaled);
  EXPECT_EQ(exited.exit_code, 3);
  // Not 128 + n, as a wrapper's exit code would say: the program's own signal.
  const ExitFacts aborted = run({helper_program, "signal", std::to_string(SIGABRT)});
  EXPECT_TRUE(aborted.signaled);
  EXPECT_EQ(aborted.signal, SIGABRT);
}

// The box says when the program started (its "exec" time, on the judge's steady clock),
// so that a judge starved before it read that message still counts the wall time from
// the program's start and sees the stop as a gap (interaction.cpp, spawned_at_).
TEST_P(BoxedProcess, SaysWhenTheProgramStarted) {
  const auto before = std::chrono::steady_clock::now();
  Process process = spawn({helper_program, "exit", "0"});
  const auto after = std::chrono::steady_clock::now();
  ASSERT_TRUE(process.program_started_at().has_value());
  EXPECT_GE(*process.program_started_at(), before);
  EXPECT_LE(*process.program_started_at(), after);
  process.reap();
}

// The test's cpuacct cgroup is joined by B before it makes the box's namespaces
// (privileged, judge_box.cpp join_cgroups), so the count holds a few ms of that setup
// besides the program's own time, more or less as the host is slower or busier. The
// bound says the setup stays small: it rules out the judge's or the box's fork of a
// large process, or a compile, counted as the program's.
TEST_P(BoxedProcess, CpuTimeIsTheProgramsOwn) {
  const ExitFacts exit = run({helper_program, "cpu", "300"});
  EXPECT_GE(exit.cpu_ms, 299);
  EXPECT_LE(exit.cpu_ms, 320);
}

TEST_P(BoxedProcess, PeakMemoryIsTheProgramsOwnNotTheJudges) {
  const ExitFacts small = run({helper_program, "touch", "1"});
  const ExitFacts large = run({helper_program, "touch", "64"});
  EXPECT_GE(large.peak_kib - small.peak_kib, 60 * 1024);
  // Forked from the small box, not from this large test binary.
  EXPECT_LT(small.peak_kib, 4 * 1024);
}

// Issue 28, holes 2 and 11: names with ':' and newlines go in as ordinary names (they
// split judge-box's --file HOST:/BOX before), and the box's init (/proc/1/cmdline,
// readable by the program) shows no host path of them.
TEST_P(BoxedProcess, OddNamesGoInWholeAndTheBoxShowsNoHostPath) {
  if (::geteuid() != 0) GTEST_SKIP() << "needs root for the box's private root";
  const TempDir dir("boxed-names-");
  fs::create_directories(dir.path() / "sub" / "p:");
  std::ofstream(dir.path() / "sub" / "team:1.py") << "one";
  std::ofstream(dir.path() / "sub" / "a\nb") << "two";
  std::ofstream(dir.path() / "sub" / "p:" / "ld.so.preload") << "three";
  BoxSettings settings;
  settings.box_executable = box_;
  settings.drop_to_unprivileged_uid = true;
  settings.roots = {dir.path() / "sub"};
  const std::string script =
      "test \"$(cat '/box/sub/team:1.py')\" = one && test \"$(cat '/box/sub/a\nb')\" = two && "
      "test \"$(cat '/box/sub/p:/ld.so.preload')\" = three && test ! -e /etc/ld.so.preload && "
      "! grep -aq boxed-names /proc/1/cmdline";
  expect_script_passes(script, settings, dir.path());
}

// Issue 32: a large file of the submission (a statically linked program) is copied
// once into the judge-box server's store and bound read-only into each box from there
// (box/file_store.hpp): no copy per test, none charged to the test's memory cgroup, and
// the box's mountinfo shows the store's name for it, no host path. An executed
// judge-box binds it from a store of its own, made for its one box. A small file is
// copied. A file changed between two boxes is seen changed (the store's key is its
// version).
TEST_P(BoxedProcess, ALargeFileIsBoundFromAStoreAndASmallOneCopied) {
  if (::geteuid() != 0) GTEST_SKIP() << "needs root for the box's private root";
  const TempDir dir("boxed-bind-");
  fs::create_directories(dir.path() / "sub");
  const fs::path big = dir.path() / "sub" / "big.bin";
  auto write_big = [&](const std::string& tail) {
    std::ofstream out(big, std::ios::binary | std::ios::trunc);
    out << "start" << std::string((1 << 20) - 8, 'x') << tail;
  };
  std::ofstream(dir.path() / "sub" / "small.txt") << "small";
  auto box_exit = [&](const std::string& tail) {
    BoxSettings settings;
    settings.box_executable = box_;
    settings.drop_to_unprivileged_uid = true;
    settings.roots = {dir.path() / "sub"};
    const std::string how = "grep -q ' /box/sub/big.bin ro,nosuid,nodev.* judge-box-files ' /proc/self/mountinfo";
    const std::string script =
        "test \"$(wc -c < /box/sub/big.bin)\" = 1048576 && test \"$(head -c 5 /box/sub/big.bin)\" = start && "
        "test \"$(tail -c 3 /box/sub/big.bin)\" = " +
        tail + " && test \"$(cat /box/sub/small.txt)\" = small && " + how +
        " && ! grep -q -e boxed-bind -e small.txt /proc/self/mountinfo && "
        "! (echo more >> /box/sub/big.bin) 2>/dev/null";
    SpawnRequest request;
    BoxedCommand boxed = boxed_command({"sh", "-c", script}, settings);
    request.argv = std::move(boxed.argv);
    request.box_fds = std::move(boxed.fds);
    request.boxed = true;
    Process process = start(request);
    process.reap();
    return process.exit_facts()->exit_code;
  };
  write_big("end");
  EXPECT_EQ(box_exit("end"), 0);
  EXPECT_EQ(box_exit("end"), 0);  // the same server's store, a second time
  write_big("END");
  EXPECT_EQ(box_exit("END"), 0);
  EXPECT_EQ(fs::file_size(big), 1u << 20);  // the host's file is untouched
}

// Issue 50: a folder of the judge's build cache (a precompiled header's) is bound
// read-only whole at its box path, not copied: the box reads every file below it, can
// neither write nor run one, and its access time on the host does not move (two boxes
// reading one header see nothing of each other). The copy it replaces was 0.1-0.2 s
// of a 0.6 s compile for <bits/stdc++.h>'s 124 MB header.
TEST_P(BoxedProcess, AJudgeFolderIsBoundReadOnlyWholeNotCopied) {
  if (::geteuid() != 0) GTEST_SKIP() << "needs root for the box's private root";
  const TempDir dir("boxed-bind-in-");
  fs::create_directories(dir.path() / "pch" / "bits");
  std::ofstream(dir.path() / "pch" / "bits" / "stdc++.h.gch") << "header";
  std::ofstream(dir.path() / "pch" / "run.sh") << "#!/bin/sh\necho ran\n";
  fs::permissions(dir.path() / "pch" / "run.sh", fs::perms::all);
  const auto accessed = [&] {
    struct stat st {};
    ::stat((dir.path() / "pch" / "bits" / "stdc++.h.gch").c_str(), &st);
    return std::pair(st.st_atim.tv_sec, st.st_atim.tv_nsec);
  };
  // An access time before the modification time would move on the next read (relatime).
  const struct timespec old_times[2] = {{1, 0}, {UTIME_OMIT, UTIME_OMIT}};
  ::utimensat(AT_FDCWD, (dir.path() / "pch" / "bits" / "stdc++.h.gch").c_str(), old_times, 0);
  const auto before = accessed();
  BoxSettings settings;
  settings.box_executable = box_;
  settings.drop_to_unprivileged_uid = true;
  settings.bound_folders = {{dir.path() / "pch", "/box/pch"}};
  const std::string script =
      "test \"$(cat /box/pch/bits/stdc++.h.gch)\" = header && "
      "grep -q ' /box/pch ro,nosuid,nodev,noexec,noatime ' /proc/self/mountinfo && "
      "! (echo more >> /box/pch/bits/stdc++.h.gch) 2>/dev/null && ! touch /box/pch/new 2>/dev/null && "
      "! /box/pch/run.sh 2>/dev/null";
  expect_script_passes(script, settings, dir.path());
  EXPECT_EQ(accessed(), before);
  EXPECT_EQ(fs::file_size(dir.path() / "pch" / "bits" / "stdc++.h.gch"), 6u);
  EXPECT_FALSE(fs::exists(dir.path() / "pch" / "new"));
}

// --cpu: while the interactor is still starting (running), the program starts on the
// CPUs of the box's own processes, and the box moves them all to that CPU once the
// program or the interactor waits, or 2 ms after the program's start (judge_box.cpp,
// 4c). Every thread and process the program started by then moves too. With the
// interactor waiting, or not watched, the program is pinned before its exec.
TEST_P(BoxedProcess, TheProgramRunsOnTheCpuItWasGivenOnceItOrTheInteractorWaits) {
  cpu_set_t allowed;
  CPU_ZERO(&allowed);
  ASSERT_EQ(::sched_getaffinity(0, sizeof allowed, &allowed), 0);
  int last = -1;
  for (int cpu = 0; cpu < 64; ++cpu)
    if (CPU_ISSET(cpu, &allowed)) last = cpu;
  ASSERT_GE(last, 0);
  auto exit_code = [&](const std::vector<std::string>& command, const Process* interactor,
                       std::int64_t move_after_us = -1) {
    Process process = spawn(command, {}, last, "", move_after_us, interactor);
    process.reap();
    return process.exit_facts()->exit_code;
  };
  Process starting = stand_in("cpu");
  EXPECT_EQ(exit_code({helper_program, "affinity-after-sleep", "20"}, &starting), 10 + last);
  EXPECT_EQ(exit_code({helper_program, "affinity-after-cpu", "150"}, &starting), 10 + last)
      << "a program that never waits is moved 2 ms after its start";
  EXPECT_EQ(exit_code({helper_program, "affinity-of-child", "20"}, &starting), 10 + last)
      << "a child started before the program's first wait";
  EXPECT_EQ(exit_code({helper_program, "affinity-of-thread", "20"}, &starting), 10 + last)
      << "a thread started before the program's first wait";
  Process waiting = stand_in("sleep");
  ::usleep(50 * 1000);  // asleep by now
  EXPECT_EQ(exit_code({helper_program, "affinity"}, &waiting), 10 + last) << "the interactor waits: pinned at once";
  EXPECT_EQ(exit_code({helper_program, "affinity"}, nullptr), 10 + last) << "no interactor watched: pinned at once";
  if (CPU_COUNT(&allowed) > 1) {
    // Beside a starting interactor, its start is not pinned: it has not waited yet
    // when it looks (the bound made long, so that a slow start on a busy machine
    // cannot be moved before it looks).
    EXPECT_EQ(exit_code({helper_program, "affinity"}, &starting, 60 * 1000 * 1000), 9);
    Process free = spawn({helper_program, "affinity"});
    free.reap();
    EXPECT_EQ(free.exit_facts()->exit_code, 9);
  }
  starting.kill_group();
  starting.reap();
  waiting.kill_group();
  waiting.reap();
}

// judge-box's number options take the whole value as the number: "--uid x" was read
// as uid 0 (root) by a bare strtol. The judge never writes such a value, so a caller's
// bug ends the box at once with the option named, before anything runs.
TEST_P(BoxedProcess, RefusesANumberOptionThatIsNotAWholeNumber) {
  TempDir dir;
  const std::vector<std::pair<std::string, std::string>> bad = {
      {"--uid", "x"}, {"--gid", "12abc"}, {"--cpu", "1k"}, {"--scratch-kib", "-5"}, {"--copy-out-files", ""}};
  for (const auto& [option, value] : bad) {
    const fs::path err = dir.path() / "stderr";
    const std::string command =
        box_.string() + " " + option + " '" + value + "' -- /bin/true 3>/dev/null 2>" + err.string();
    const int status = std::system(command.c_str());
    ASSERT_TRUE(WIFEXITED(status)) << option;
    EXPECT_EQ(WEXITSTATUS(status), 127) << option;
    EXPECT_NE(read_head(err, 4096).find(option + " wants a whole number"), std::string::npos)
        << option << ": " << read_head(err, 4096);
  }
}

TEST_P(BoxedProcess, KillingTheProgramIsReportedAsSigkill) {
  Process process = spawn({helper_program, "sleep", "60000"});
  EXPECT_GT(process.program_pid(), 0);
  EXPECT_NE(process.program_pid(), process.pid());
  EXPECT_GT(process.cpu_ms_so_far(), -1);
  process.kill_group();
  process.reap();
  EXPECT_TRUE(process.exit_facts()->signaled);
  EXPECT_EQ(process.exit_facts()->signal, SIGKILL);
  EXPECT_LT(process.exit_facts()->wall_ms, 5000);
}

TEST_P(BoxedProcess, AMissingProgramIsTheBoxsExecError) {
  Process process = spawn({"/nonexistent/program"});
  process.reap();
  EXPECT_NE(process.box_exec_error().find("/nonexistent/program"), std::string::npos)
      << process.box_exec_error();
}

TEST_P(BoxedProcess, SaysWhatItEnforced) {
  Process process = spawn({helper_program, "exit", "0"});
  process.reap();
  const auto setup = nlohmann::json::parse(process.box_setup());
  ASSERT_TRUE(setup.contains("enforced"));
  ASSERT_TRUE(setup.contains("not_enforced"));
  // What this machine allows is its own business; every layer is in one list or the other.
  std::string all = setup.dump();
  for (const char* layer : {"user namespace", "pid namespace", "network namespace", "filesystem", "session keyring"})
    EXPECT_NE(all.find(layer), std::string::npos) << layer << " in " << all;
  // How the box was started, a fact the test's JSON carries (containment.box_started).
  EXPECT_EQ(setup.value("started", ""), GetParam() ? "served" : "executed");
  EXPECT_EQ(describe_containment(process.box_setup(), "", false, false, {}, "")["box_started"],
            GetParam() ? "served" : "executed");
}

// Issue 32: keys and POSIX message queues belong to no mount or pid namespace. A
// process's session keyring is inherited across fork and exec, and whoever holds it
// possesses its keys, whatever its uid: a judge started from a login keeps its keys
// there (Kerberos tickets), and every box forked by one server would share the
// server's. A box sees no key of the judge's, and what one box leaves in its keyrings
// or as a message queue the next box does not see.
TEST_P(BoxedProcess, NoKeyOrMessageQueueComesFromTheJudgeOrReachesTheNextBox) {
  // This test process stands in for a judge with a login's keys: a session keyring of
  // its own (kept to the process's end), holding one key; the server, started below,
  // inherits it. Unboxed, the probe finds that key.
  ASSERT_GE(::syscall(SYS_keyctl, KEYCTL_JOIN_SESSION_KEYRING, nullptr), 0) << std::strerror(errno);
  ASSERT_GE(::syscall(SYS_add_key, "user", "judge-secret", "secret", 6L, KEY_SPEC_SESSION_KEYRING), 0)
      << std::strerror(errno);
  SpawnRequest unboxed;
  unboxed.argv = {helper_program, "ipc-find", "judge-secret"};
  Process plain = Process::spawn(unboxed);
  plain.reap();
  ASSERT_EQ(plain.exit_facts()->exit_code, 1);

  EXPECT_EQ(run({helper_program, "ipc-find", "judge-secret"}).exit_code, 0);
  EXPECT_EQ(run({helper_program, "ipc-leave", "box-left"}).exit_code, 0);
  EXPECT_EQ(run({helper_program, "ipc-find", "box-left"}).exit_code, 0);
}

// A machine without namespaces (judge-box --no-namespaces stands in for one where
// unshare fails): the program still runs under the box, its figures stay its own,
// and the box says what it could not do.
TEST_P(BoxedProcess, WithoutNamespacesItStillRunsAndSaysSo) {
  SpawnRequest request;
  request.argv = {box_.string(), "--no-namespaces", "--", helper_program, "exit", "3"};
  request.boxed = true;
  Process process = start(request);
  process.reap();
  EXPECT_EQ(process.exit_facts()->exit_code, 3);
  const auto setup = nlohmann::json::parse(process.box_setup());
  EXPECT_NE(setup["not_enforced"].dump().find("namespaces"), std::string::npos) << setup.dump();
  EXPECT_EQ(setup["enforced"].dump().find("pid namespace"), std::string::npos) << setup.dump();
}

TEST_P(BoxedProcess, MemoryCgroupKillsAtTheLimitAndSaysSo) {
  TestCgroup cgroup = TestCgroup::create(64 * 1024, 16);
  if (!cgroup.limits_memory()) GTEST_SKIP() << "no memory cgroup here (not root?)";
  Process process = spawn({helper_program, "alloc-forever"}, cgroup.join_dirs());
  process.reap();
  EXPECT_TRUE(process.exit_facts()->signaled);
  EXPECT_EQ(process.exit_facts()->signal, SIGKILL);
  EXPECT_TRUE(cgroup.oom_killed());
  EXPECT_GE(cgroup.cpu_ms(), 0);
}

// judge-box joins the test's cgroups by moving its own thread, not its thread group
// (judge_box.cpp, join_cgroups): the program and what it forks must still be in every
// one of them.
TEST_P(BoxedProcess, TheProgramAndItsChildrenAreInEveryCgroupOfTheTest) {
  TestCgroup cgroup = TestCgroup::create(64 * 1024, 16);
  if (cgroup.join_dirs().empty()) GTEST_SKIP() << "no cgroups here (not root?)";
  const std::string name = fs::path(cgroup.join_dirs().front()).filename().string();
  Process process = spawn({helper_program, "cgroups-named", name}, cgroup.join_dirs());
  process.reap();
  EXPECT_EQ(process.exit_facts()->exit_code, static_cast<int>(cgroup.join_dirs().size()));
  if (cgroup.version() == "cgroup v1") {
    EXPECT_GE(cgroup.join_dirs().size(), 2u);  // memory and pids
  }
}

// The judge's shared network namespace (net_namespace.hpp): boxes one after another
// run their program in it, and the program has no capability there (it cannot bring
// up the loopback); without it, a box makes a namespace of its own.
TEST_P(BoxedProcess, TheProgramRunsInTheSharedNetworkNamespaceAndCannotConfigureIt) {
  if (::geteuid() != 0) GTEST_SKIP() << "only root makes a shared network namespace";
  SharedNetNamespace shared(true);
  ASSERT_FALSE(shared.path().empty());
  struct stat info {};
  ASSERT_EQ(::stat(shared.path().c_str(), &info), 0);
  const std::string inode = std::to_string(info.st_ino);
  for (int box = 0; box < 2; ++box) {
    Process process = spawn({helper_program, "net-namespace", inode}, {}, -1, shared.path());
    process.reap();
    EXPECT_EQ(process.exit_facts()->exit_code, 0) << "box " << box;
    EXPECT_NE(process.box_setup().find("network namespace"), std::string::npos) << process.box_setup();
  }
  Process own = spawn({helper_program, "net-namespace", inode});
  own.reap();
  EXPECT_EQ(own.exit_facts()->exit_code, 1);
}

TEST(BoxedCommand, PassesTheSharedNetworkNamespace) {
  BoxSettings settings;
  settings.box_executable = "/opt/judge-box";
  const auto without = boxed_command({helper_program}, settings).argv;
  EXPECT_EQ(std::find(without.begin(), without.end(), "--net-namespace"), without.end());
  settings.net_namespace = "/proc/7/fd/9";
  const auto with = boxed_command({helper_program}, settings).argv;
  const auto option = std::find(with.begin(), with.end(), "--net-namespace");
  ASSERT_NE(option, with.end());
  EXPECT_EQ(*(option + 1), "/proc/7/fd/9");
}

TEST(TestCgroupTest, WithoutCgroupsEverythingIsMissingAndSaid) {
  const fs::path empty = fs::temp_directory_path() / "no-cgroups-here";
  fs::create_directories(empty);
  TestCgroup cgroup = TestCgroup::create(1024, 8, empty);
  EXPECT_FALSE(cgroup.limits_memory());
  EXPECT_FALSE(cgroup.limits_processes());
  EXPECT_TRUE(cgroup.join_dirs().empty());
  EXPECT_FALSE(cgroup.missing().empty());
  EXPECT_FALSE(cgroup.oom_killed());
  EXPECT_EQ(cgroup.cpu_ms(), -1);
  fs::remove_all(empty);
}

// The limits read back from a cgroup (v1 or v2 file names).
std::string limit_file(const TestCgroup& cgroup, std::initializer_list<const char*> names) {
  for (const std::string& dir : cgroup.join_dirs())
    for (const char* name : names)
      if (std::optional<std::string> text = read_file(fs::path(dir) / name)) return *text;
  return "";
}

// A cgroup made without limits (ahead of the test, run/resources_ahead.hpp) and given
// them afterwards holds what one made with them holds.
TEST(TestCgroupTest, LimitsAppliedLaterAreTheLimitsOfACgroupMadeWithThem) {
  TestCgroup with = TestCgroup::create(64 * 1024, 16);
  if (!with.limits_memory() || !with.limits_processes()) GTEST_SKIP() << "no memory and pids cgroups here";
  TestCgroup later = TestCgroup::create(0, 0);
  EXPECT_NE(limit_file(later, {"memory.limit_in_bytes", "memory.max"}),
            limit_file(with, {"memory.limit_in_bytes", "memory.max"}));
  ASSERT_TRUE(later.apply_limits(64 * 1024, 16));
  for (const auto& names : {std::initializer_list<const char*>{"memory.limit_in_bytes", "memory.max"},
                            std::initializer_list<const char*>{"memory.memsw.limit_in_bytes", "memory.swap.max"},
                            std::initializer_list<const char*>{"pids.max"}})
    EXPECT_EQ(limit_file(later, names), limit_file(with, names)) << *names.begin();
  EXPECT_EQ(limit_file(later, {"pids.max"}), "16\n");
  EXPECT_EQ(later.version(), with.version());
  EXPECT_EQ(later.join_dirs().size(), with.join_dirs().size());
}

// The cgroups a judge killed with SIGKILL left behind (named <its pid>-...) are
// removed once per judge; a live judge's and anything not named so stay.
TEST(TestCgroupTest, StaleCgroupsOfGoneJudgesAreRemoved) {
  TempDir root("stale-cgroups-");
  const fs::path judge_dir = root.path() / "memory" / "judge";
  const fs::path gone = judge_dir / "999999999-1";  // above any pid_max: no such process
  const fs::path alive = judge_dir / (std::to_string(::getpid()) + "-2");
  const fs::path other = judge_dir / "memory.limit_in_bytes-like";
  const fs::path past_pid_range = judge_dir / "99999999999-3";  // no judge's pid: not a name it makes
  const fs::path junk = judge_dir / "999999999x-4";
  for (const fs::path& dir : {gone, alive, other, past_pid_range, junk}) fs::create_directories(dir);
  TestCgroup::remove_stale(root.path());
  EXPECT_FALSE(fs::exists(gone));
  EXPECT_TRUE(fs::exists(alive));
  EXPECT_TRUE(fs::exists(other));
  EXPECT_TRUE(fs::exists(past_pid_range));
  EXPECT_TRUE(fs::exists(junk));
}

}  // namespace
}  // namespace judge
