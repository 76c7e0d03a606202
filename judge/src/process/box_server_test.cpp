// A judge-box server with real boxes (judge-box is built next to this test binary):
// one server for a run of boxes, each box fresh (nothing of one reaches the next),
// the judge never a box's parent, a server that is gone started again, a request it
// cannot take executed instead. The boxes' own behaviour, served and executed alike:
// box/sandbox_test.cpp (BoxedProcess/*.Served).
#include "process/box_server.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "base/text_file.hpp"
#include "process/proc_stat.hpp"

namespace judge {
namespace {

namespace fs = std::filesystem;

fs::path box_executable() {
  std::error_code ignored;
  const fs::path box = fs::read_symlink("/proc/self/exe", ignored).parent_path() / "judge-box";
  return fs::exists(box) ? box : fs::path();
}

// Where the host mounts a cgroup2 hierarchy (a hybrid host's "unified" one too), or "".
std::string cgroup2_mount() {
  std::string mount;
  std::ifstream mounts("/proc/self/mounts");
  for (std::string source, target, type, rest; mounts >> source >> target >> type && std::getline(mounts, rest);)
    if (type == "cgroup2") mount = target;
  return mount;
}

class BoxServerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    box_ = box_executable();
    if (box_.empty()) GTEST_SKIP() << "judge-box is not built next to the test binary";
    null_ = UniqueFd(::open("/dev/null", O_RDWR | O_CLOEXEC));
    server_.emplace(box_);
  }
  // A box running `sh -c script` with `env`, as a test's box asks the server.
  SpawnRequest request(const std::string& script, Environment env = {}) {
    SpawnRequest spawn;
    spawn.argv = {box_.string(), "--", "/bin/sh", "-c", script};
    spawn.boxed = true;
    spawn.box_server = &*server_;
    spawn.stdin_fd = spawn.stdout_fd = spawn.stderr_fd = null_.get();
    spawn.environment = std::move(env);
    return spawn;
  }
  int exit_code(const SpawnRequest& spawn, bool served = true) {
    Process process = Process::spawn(spawn);
    EXPECT_EQ(process.served(), served);
    process.reap();
    EXPECT_FALSE(process.exit_facts()->signaled) << process.box_setup();
    return process.exit_facts()->exit_code;
  }
  fs::path box_;
  UniqueFd null_;
  std::optional<BoxServer> server_;
};

// Every box of a run is forked from one server, and the judge never holds a box as its
// child: the server reaps them, off the tests' path.
TEST_F(BoxServerTest, EveryBoxOfARunIsForkedFromOneServer) {
  for (int code = 0; code < 5; ++code) EXPECT_EQ(exit_code(request("exit " + std::to_string(code))), code);
  EXPECT_EQ(server_->starts(), 1);
  ASSERT_GT(server_->pid(), 0);
  EXPECT_EQ(children_of_self(), std::vector<pid_t>{server_->pid()});
}

// Issue 32: a file a program left in /tmp, a process it forked, a SysV shared memory
// segment it made, and the environment it was given are gone before the next box of
// the same server starts.
TEST_F(BoxServerTest, NothingOfABoxReachesTheNext) {
  EXPECT_EQ(exit_code(request("echo left > /tmp/left && ipcmk -M 4096 > /dev/null && (sleep 31337 &) && exit 3",
                              {{"PATH", "/usr/bin:/bin"}, {"PROBE", "set"}})),
            3);
  // The sleeping process went with its box, before the box reported.
  for (const ProcStat& process : list_processes()) {
    const std::string cmdline = read_head("/proc/" + std::to_string(process.pid) + "/cmdline", 256);
    EXPECT_EQ(cmdline.find("31337"), std::string::npos) << "left behind: pid " << process.pid;
  }
  EXPECT_EQ(exit_code(request("test ! -e /tmp/left || exit 10; "
                              "test -z \"$PROBE\" || exit 11; "
                              "ipcs -m | grep -q '^0x' && exit 12; exit 0",
                              {{"PATH", "/usr/bin:/bin"}})),
            0);
  EXPECT_EQ(server_->starts(), 1);
}

// Where the box's cgroup is one cgroup v2 directory, the server forks the box straight
// into it (clone3 with CLONE_INTO_CGROUP: no write to cgroup.procs, whose lock waits
// for an RCU grace period), and the box is in it from its first instruction on. Run on
// whatever cgroup2 hierarchy the host mounts (a hybrid host's "unified" one has no
// controllers, which membership does not need).
TEST_F(BoxServerTest, ABoxIsForkedIntoItsCgroupV2Directory) {
  const std::string mount = cgroup2_mount();
  if (mount.empty()) GTEST_SKIP() << "no cgroup2 hierarchy is mounted";
  const std::string name = "judge-born-in-" + std::to_string(::getpid());
  const fs::path dir = fs::path(mount) / name;
  std::error_code error;
  if (!fs::create_directory(dir, error)) GTEST_SKIP() << "cannot make " << dir << ": " << error.message();
  SpawnRequest spawn = request("grep -qx '0::/" + name + "' /proc/self/cgroup");
  spawn.argv = {box_.string(), "--cgroup", dir.string(), "--", "/bin/sh", "-c", spawn.argv.back()};
  Process process = Process::spawn(spawn);
  EXPECT_TRUE(process.served());
  process.reap();
  EXPECT_EQ(process.exit_facts()->exit_code, 0) << process.box_setup();
  const auto setup = nlohmann::json::parse(process.box_setup());
  EXPECT_EQ(setup.value("cgroup_entry", ""), "born in") << process.box_setup();
  EXPECT_NE(setup["enforced"].dump().find("\"cgroups\""), std::string::npos) << process.box_setup();
  // The same request executed: the box writes itself into the directory, as before.
  spawn.box_server = nullptr;
  spawn.environment.reset();
  Process executed = Process::spawn(spawn);
  executed.reap();
  EXPECT_EQ(executed.exit_facts()->exit_code, 0) << executed.box_setup();
  EXPECT_EQ(nlohmann::json::parse(executed.box_setup()).value("cgroup_entry", ""), "joined");
  // Empty once the server has reaped the boxes.
  for (int attempt = 0; attempt < 100 && !fs::remove(dir, error); ++attempt) ::usleep(10000);
  EXPECT_FALSE(fs::exists(dir));
}

// A served box is the server's child, never the judge's, but the judge still holds it
// (by its pidfd) until it has exited: its test's cgroups are removed right after, at
// the first try. Before, a one-test run tried while the box was still tearing its
// namespaces down, and waited 2 ms to try again.
TEST_F(BoxServerTest, AServedBoxIsHeldUntilItHasExitedAndItsCgroupGoesAtOnce) {
  const std::string mount = cgroup2_mount();
  if (mount.empty()) GTEST_SKIP() << "no cgroup2 hierarchy is mounted";
  const fs::path dir = fs::path(mount) / ("judge-held-" + std::to_string(::getpid()));
  std::error_code error;
  if (!fs::create_directory(dir, error)) GTEST_SKIP() << "cannot make " << dir << ": " << error.message();
  for (int round = 0; round < 5; ++round) {
    SpawnRequest spawn = request("exit 0");
    spawn.argv = {box_.string(), "--cgroup", dir.string(), "--", "/bin/sh", "-c", "exit 0"};
    Process process = Process::spawn(spawn);
    ASSERT_TRUE(process.served());
    process.reap();
    std::optional<ExitingBox> exiting = process.take_exiting_box();
    ASSERT_TRUE(exiting.has_value()) << "a served box that reported was not held";
    EXPECT_FALSE(exiting->child);
    EXPECT_TRUE(exiting->reap(true));
    const std::string state = read_head("/proc/" + std::to_string(exiting->pid) + "/stat", 256);
    EXPECT_TRUE(state.empty() || state.find(") Z ") != std::string::npos) << "still running: " << state;
    if (round < 4) continue;
    EXPECT_EQ(::rmdir(dir.c_str()), 0) << "the cgroup was still in use: " << std::strerror(errno);
  }
  for (int attempt = 0; attempt < 100 && fs::exists(dir) && !fs::remove(dir, error); ++attempt) ::usleep(10000);
}

// A server that is gone (killed and reaped by a kill_orphans that did not spare it) is
// started again for the next box; the box runs as if nothing had happened.
TEST_F(BoxServerTest, AServerThatIsGoneIsStartedAgain) {
  server_->prepare();
  const pid_t first = server_->pid();
  ASSERT_GT(first, 0);
  // At least once: on a busy machine the server may not be gone 1 ms after the first
  // SIGKILL, and kill_orphans counts each round's.
  EXPECT_GE(kill_orphans(), 1);
  EXPECT_TRUE(children_of_self().empty());
  EXPECT_EQ(exit_code(request("exit 4")), 4);
  EXPECT_EQ(server_->starts(), 2);
  EXPECT_NE(server_->pid(), first);
}

// A request the server cannot take (no environment of its own: the box would inherit
// the judge's) starts the box the old way, judge-box executed.
TEST_F(BoxServerTest, ARequestItCannotTakeIsExecutedInstead) {
  SpawnRequest spawn = request("exit 6");
  spawn.environment.reset();
  EXPECT_EQ(exit_code(spawn, false), 6);
  EXPECT_EQ(server_->starts(), 0);
}

// The server refuses what is not a whole request, says so, and serves the next one.
TEST_F(BoxServerTest, AMalformedRequestIsRefusedAndTheServerGoesOn) {
  using namespace std::string_literals;
  int ends[2];
  ASSERT_EQ(::socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, ends), 0);
  UniqueFd judge_end(ends[0]);
  UniqueFd server_end(ends[1]);
  SpawnRequest spawn;
  spawn.argv = {box_.string(), "--serve"};
  spawn.environment = Environment{};
  spawn.control_fd = server_end.get();
  ExitingBox server = Process::spawn(spawn).release();
  server_end.reset();
  auto ask = [&](const std::string& bytes) {
    EXPECT_EQ(::send(judge_end.get(), bytes.data(), bytes.size(), MSG_NOSIGNAL), static_cast<ssize_t>(bytes.size()));
    char answer[256] = {};
    const ssize_t n = ::recv(judge_end.get(), answer, sizeof answer, 0);
    return std::string(answer, n > 0 ? static_cast<std::size_t>(n) : 0);
  };
  EXPECT_EQ(ask("rm -rf /"), "error the request is malformed");
  EXPECT_EQ(ask("judge-box-request-1\0fd\0003\0end\0"s), "error the request's descriptors do not match its targets");
  judge_end.reset();  // end of file: the server ends
  EXPECT_TRUE(server.reap(true));
}

}  // namespace
}  // namespace judge
