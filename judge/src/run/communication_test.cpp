// A CMS Communication test with real processes: shell and Python scripts stand in
// for the manager (u0_to_m m_to_u0 ..., the input on stdin and as input.txt) and the
// contestant's program, unboxed and, where judge-box is built beside the test, boxed.
#include "run/communication.hpp"

#include <signal.h>
#include <sys/stat.h>

#include <fstream>

#include <gtest/gtest.h>

#include "base/temp_dir.hpp"
#include "box/net_namespace.hpp"
#include "box/sandbox.hpp"

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

}  // namespace
}  // namespace judge
