// A CMS Communication test with real processes: shell and Python scripts stand in
// for the manager (u0_to_m m_to_u0 ..., the input on stdin and as input.txt) and the
// contestant's program, unboxed and, where judge-box is built beside the test, boxed.
#include "run/communication.hpp"

#include <signal.h>
#include <sys/stat.h>

#include <chrono>
#include <fstream>

#include <gtest/gtest.h>

#include "base/temp_dir.hpp"
#include "box/net_namespace.hpp"
#include "box/sandbox.hpp"
#include "grade/cms_outcome.hpp"

namespace judge {
namespace {
namespace fs = std::filesystem;

struct Exchange {
  TempDir dir{"communication-test-"};
  InteractionRequest request;
  explicit Exchange(bool contain = false) {
    fs::create_directories(dir.path() / "work");
    request.test_input = write("input", "20 22\n");
    request.answer_file = "/dev/null";
    request.work_dir = dir.path() / "work";
    request.feedback_dir = request.work_dir;
    request.contain = contain;
    request.limits.cpu_ms = 2000;
    request.limits.wall_ms = 10000;
    request.limits.interactor_cpu_ms = 10000;
    // A manager that adds the two numbers of input.txt through each process: it sends
    // "A B" on the FIFO to process I, reads its sum back, and prints outcome 1 when
    // every process answered right (its message says which did not).
    manager(R"(import sys
a, b = open("input.txt").read().split()
assert sys.stdin.read().split() == [a, b]
pairs = [(sys.argv[i], sys.argv[i + 1]) for i in range(1, len(sys.argv), 2)]
wrong = []
for index, (from_user, to_user) in enumerate(pairs):
    out = open(to_user, "w")
    inp = open(from_user, "r")
    print(a, b, file=out, flush=True)
    answer = inp.readline().split()
    if answer != [str(int(a) + int(b) + index)]:
        wrong.append(f"{index}: {answer}")
print(0.0 if wrong else 1.0)
print("wrong: " + ", ".join(wrong) if wrong else "translate:success", file=sys.stderr)
)");
  }
  fs::path write(const std::string& name, const std::string& text, bool executable = false) {
    const fs::path path = dir.path() / name;
    std::ofstream(path) << text;
    if (executable) ::chmod(path.c_str(), 0755);
    return path;
  }
  void manager(const std::string& python) {
    request.interactor_command = {"/usr/bin/python3", write("manager.py", python).string()};
  }
  void program(const std::string& script) {
    request.submission_command = {write("program.sh", "#!/bin/sh\n" + script, true).string()};
  }
  PassRecord run(std::int64_t processes, CmsUserIo io) {
    Communication communication(request, processes, io);
    return communication.run();
  }
};

// std_io: the sum on stdin and stdout; with several processes, the index is the
// last argument ($1 here: the script gets no FIFO arguments).
const char* const std_io_adder = "read a b\necho $((a + b + ${1:-0}))\n";
// fifo_io: the FIFOs from and to the manager are the arguments, then the index.
const char* const fifo_io_adder = "exec 3<\"$1\" 4>\"$2\"\nread a b <&3\necho $((a + b + ${3:-0})) >&4\n";

TEST(Communication, OneProcessOnStdinAndStdoutGetsTheManagersOutcome) {
  Exchange test;
  test.program(std_io_adder);
  const PassRecord pass = test.run(1, CmsUserIo::std_io);
  ASSERT_EQ(pass.processes.size(), 1u);
  EXPECT_EQ(pass.processes[0].end.exit.exit_code, 0) << pass.processes[0].stderr_tail;
  EXPECT_EQ(pass.facts.interactor.exit.exit_code, 0) << pass.interactor_stderr;
  EXPECT_EQ(pass.manager_output, "1.0\n");
  EXPECT_EQ(pass.interactor_stderr, "translate:success\n");
}

TEST(Communication, TwoProcessesOnFifoArgumentsEachGetTheirIndex) {
  Exchange test;
  test.program(fifo_io_adder);
  const PassRecord pass = test.run(2, CmsUserIo::fifo_io);
  ASSERT_EQ(pass.processes.size(), 2u);
  EXPECT_EQ(pass.manager_output, "1.0\n") << pass.interactor_stderr;
}

TEST(Communication, AProcessThatCrashesIsRecordedAndTheManagerSeesItsEnd) {
  Exchange test;
  test.program("kill -SEGV $$\n");
  const PassRecord pass = test.run(1, CmsUserIo::std_io);
  EXPECT_TRUE(pass.processes[0].end.exit.signaled);
  EXPECT_EQ(pass.processes[0].end.exit.signal, SIGSEGV);
  // The manager read end-of-file once the process was reaped, and said so.
  EXPECT_EQ(pass.manager_output, "0.0\n");
  EXPECT_FALSE(pass.facts.interactor.hit_wall_limit);
}

TEST(Communication, AProcessWaitingForAManagerThatNeverOpensItsFifoIsLetGoWhenTheManagerEnds) {
  Exchange test;
  test.manager("import sys\nprint(1.0)\n");  // never opens a FIFO
  test.program(std_io_adder);
  const PassRecord pass = test.run(1, CmsUserIo::std_io);
  EXPECT_FALSE(pass.processes[0].end.hit_wall_limit) << "it must not wait for the wall limit";
  EXPECT_LT(pass.processes[0].end.exit.wall_ms, 5000);
}

TEST(Communication, ProcessesInBoxesOpenTheirFifosThroughJudgeBox) {
  if (find_box_executable().empty()) GTEST_SKIP() << "judge-box is not built next to the test binary";
  for (const CmsUserIo io : {CmsUserIo::std_io, CmsUserIo::fifo_io}) {
    Exchange test(true);
    test.program(io == CmsUserIo::std_io ? std_io_adder : fifo_io_adder);
    const PassRecord pass = test.run(2, io);
    ASSERT_EQ(pass.processes.size(), 2u);
    for (const ProcessRecord& process : pass.processes)
      EXPECT_EQ(process.end.exit.exit_code, 0) << process.stderr_tail << process.exec_error;
    EXPECT_EQ(pass.manager_output, "1.0\n") << pass.interactor_stderr;
    EXPECT_EQ(pass.processes[0].containment.value("sandbox", ""), "judge-box");
  }
}

// Two processes of one test run at once, and must talk only through the manager (CMS
// isolates each in a sandbox of its own). Process 1 tries to reach process 0 by an
// abstract UNIX socket, which belongs to the network namespace, not to the files:
// exit 7 if it got through. The tests of one judge share one empty network namespace
// (box/net_namespace.hpp), so the processes of a test with several get one each.
const char* const abstract_socket_probe = R"(exec python3 -c '
import socket, sys, time
name = b"\0judge-communication-test"
s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
if sys.argv[1] == "0":
    s.bind(name)
    s.listen(1)
    s.settimeout(1.5)
    try:
        s.accept()
    except OSError:
        pass
    sys.exit(0)
deadline = time.monotonic() + 1.0
while time.monotonic() < deadline:
    try:
        s.connect(name)
        sys.exit(7)
    except OSError:
        time.sleep(0.02)
' "$3"
)";

TEST(Communication, TwoProcessesInBoxesCannotReachEachOtherButThroughTheManager) {
  if (find_box_executable().empty()) GTEST_SKIP() << "judge-box is not built next to the test binary";
  // Unboxed, the probe gets through: it can tell.
  {
    Exchange test;
    test.manager("import time\ntime.sleep(1.5)\nprint(1.0)\n");  // opens no FIFO
    test.program(abstract_socket_probe);
    const PassRecord pass = test.run(2, CmsUserIo::fifo_io);
    ASSERT_EQ(pass.processes.size(), 2u);
    EXPECT_EQ(pass.processes[1].end.exit.exit_code, 7) << pass.processes[1].stderr_tail;
  }
  SharedNetNamespace shared(true);
  Exchange test(true);
  test.request.net_namespace = shared.path();  // as the executor's tests have it
  test.manager("import time\ntime.sleep(1.5)\nprint(1.0)\n");
  test.program(abstract_socket_probe);
  const PassRecord pass = test.run(2, CmsUserIo::fifo_io);
  ASSERT_EQ(pass.processes.size(), 2u);
  for (const ProcessRecord& process : pass.processes)
    EXPECT_EQ(process.end.exit.exit_code, 0) << process.stderr_tail << process.exec_error;
}

// Issue 45: a fifo_io process cleared O_NONBLOCK on the descriptors it was handed and
// exited; they were the judge's own (one open file description), so the judge's
// "drain until EAGAIN" of process 0's FIFO blocked for good, and the test never ended.
// Now each box gets descriptions of its own: process 1 answers, the test ends at once.
const char* const clears_nonblock_then_adds = R"(exec python3 -c '
import fcntl, os, sys
for path in sys.argv[1:3]:
    fd = int(path.rsplit("/", 1)[1])
    fcntl.fcntl(fd, fcntl.F_SETFL, fcntl.fcntl(fd, fcntl.F_GETFL) & ~os.O_NONBLOCK)
inp, out = open(sys.argv[1]), open(sys.argv[2], "w")
a, b = inp.readline().split()
print(int(a) + int(b) + int(sys.argv[3]), file=out, flush=True)
' "$@"
)";

TEST(Communication, AProcessThatClearsNonblockOnItsDescriptorsCannotBlockTheJudge) {
  if (find_box_executable().empty()) GTEST_SKIP() << "judge-box is not built next to the test binary";
  Exchange test(true);
  test.request.limits.wall_ms = 5000;
  test.program(clears_nonblock_then_adds);
  const auto started = std::chrono::steady_clock::now();
  const PassRecord pass = test.run(2, CmsUserIo::fifo_io);
  const auto seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  EXPECT_LT(seconds, 4.0) << "the test must end when its programs do, not at a limit";
  ASSERT_EQ(pass.processes.size(), 2u);
  for (const ProcessRecord& process : pass.processes)
    EXPECT_EQ(process.end.exit.exit_code, 0) << process.stderr_tail << process.exec_error;
  EXPECT_EQ(pass.manager_output, "1.0\n") << pass.interactor_stderr;
}

// Issue 45: a process wrote 200 MiB without a newline into its FIFO and exited 0; the
// manager was still reading at the wall limit, and the verdict was JE. What a boxed
// process writes to the manager is relayed within the output limit (at least 64 MiB):
// past it the process is stopped, and it is OLE, the process's fault.
TEST(Communication, AProcessThatFloodsItsChannelIsStoppedAtTheOutputLimitAndBlamed) {
  if (find_box_executable().empty()) GTEST_SKIP() << "judge-box is not built next to the test binary";
  Exchange test(true);
  test.request.limits.output_kib = 1024;
  test.request.limits.wall_ms = 5000;
  test.manager("import sys\nout = open(sys.argv[2], 'w')\nline = open(sys.argv[1]).readline()\nprint(1.0)\n");
  test.program("head -c 209715200 /dev/zero\n");
  const PassRecord pass = test.run(1, CmsUserIo::std_io);
  ASSERT_EQ(pass.processes.size(), 1u);
  const EndFacts& process = pass.processes[0].end;
  EXPECT_TRUE(process.hit_output_limit);
  EXPECT_FALSE(process.hit_wall_limit);
  EXPECT_FALSE(pass.facts.interactor.hit_wall_limit) << "the manager read at most the limit and ended";
  CmsManagerFacts manager;
  manager.ran = true;
  manager.end = pass.facts.interactor;
  manager.stdout_text = pass.manager_output;
  const CmsDecision decision = decide_cms(pass.processes, manager, test.request.limits, true);
  EXPECT_EQ(decision.decision.verdict, Verdict::OLE) << decision.decision.message;
  EXPECT_NE(decision.decision.message.find("more than 65536 KiB into its channel"), std::string::npos)
      << decision.decision.message;
}

// The manager's own time after the processes: the process answers after 1.5 s of a
// 2 s wall limit, and the manager takes 1 s more to decide. It had 0.5 s left of the
// test's wall limit (JE before); once every process has ended it has a wall limit of
// its own.
TEST(Communication, TheManagerHasAWallLimitOfItsOwnOnceEveryProcessHasEnded) {
  Exchange test;
  test.request.limits.wall_ms = 2000;
  test.manager(R"(import sys, time
out, inp = open(sys.argv[2], "w"), open(sys.argv[1])
print(20, 22, file=out, flush=True)
answer = inp.readline().split()
time.sleep(1.0)
print(1.0 if answer == ["42"] else 0.0)
)");
  test.program("sleep 1.5\nread a b\necho $((a + b))\n");
  const PassRecord pass = test.run(1, CmsUserIo::std_io);
  EXPECT_FALSE(pass.facts.interactor.hit_wall_limit) << pass.interactor_stderr;
  EXPECT_GE(pass.facts.interactor.alone_from_ms, 1000);
  EXPECT_EQ(pass.manager_output, "1.0\n") << pass.interactor_stderr;
}

}  // namespace
}  // namespace judge
