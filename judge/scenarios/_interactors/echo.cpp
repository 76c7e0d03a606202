// The scenario interactor. Protocol: it sends a number x, the solution answers
// x + 1. The test file says "X BEHAVIOUR"; BEHAVIOUR makes it a well-behaved or a
// deliberately broken interactor:
//   normal                 as above: 42 on x + 1, 43 WA otherwise, 43 PE on garbage
//   plain                  as normal, but says nothing in result.json (as an ICPC output
//                          validator): the judge can only tell a crash from an early end
//                          of output by the order the two programs end in
//   crash                  sends x, then aborts                       (JE)
//   exit-before-reading    rejects at once, reads nothing             (WA)
//   write-nothing          waits for the solution without sending x   (the solution waits: ILE)
//   exit-0                 sends x, reads the answer, exits 0         (JE)
//   bad-result-json        ... and writes a broken result.json        (JE)
//   hang                   ... reads the answer, then sleeps forever  (JE)
// Multi-pass (nextpass.in: the next pass's test is "X+10 normal" unless said):
//   probe                  a probe pass: checks the answer, then asks for a graded pass
//   graded-then-pass       a graded pass that accepts and asks for another pass
//   nextpass-reject        rejects, yet leaves nextpass.in              (JE)
//   probe-forever          every pass is a probe asking for one more    (WA: pass limit)
// Written without the interactor library on purpose: it imitates any interactor.
#include <signal.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>

namespace {

struct Feedback {
  std::string dir;     // FEEDBACK_DIR/
  bool plain = false;  // write no result.json
  void write(const std::string& message, const std::string& json) const {
    std::ofstream(dir + "judgemessage.txt") << message << "\n";
    if (!json.empty() && !plain) std::ofstream(dir + "result.json") << json;
  }
};

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) return 1;
  signal(SIGPIPE, SIG_IGN);
  Feedback feedback{argv[3]};
  long long x = 0;
  std::string behaviour;
  {
    std::ifstream test(argv[1]);
    if (!(test >> x >> behaviour)) {
      feedback.write("test file: expected 'X BEHAVIOUR'", "");
      return 1;
    }
  }
  feedback.plain = behaviour == "plain";
  if (behaviour == "exit-before-reading") {
    feedback.write("gave up before reading anything", R"({"verdict": "WA", "contestant_eof": false})");
    return 43;
  }
  if (behaviour != "write-nothing") {
    std::printf("%lld\n", x);
    std::fflush(stdout);
  }
  if (behaviour == "crash") abort();

  char line[64];
  if (std::fgets(line, sizeof line, stdin) == nullptr) {
    feedback.write("your program's output ended before its answer",
                   R"({"verdict": "WA", "contestant_eof": true})");
    return 43;
  }
  if (behaviour == "probe" || behaviour == "graded-then-pass" ||
      behaviour == "nextpass-reject" || behaviour == "probe-forever") {
    const bool probe = behaviour == "probe" || behaviour == "probe-forever";
    std::ofstream(feedback.dir + "nextpass.in")
        << (behaviour == "probe-forever" ? x : x + 10)
        << (behaviour == "probe-forever" ? " probe-forever\n" : " normal\n");
    if (behaviour == "nextpass-reject") {
      feedback.write("rejected", R"({"verdict": "WA", "contestant_eof": false})");
      return 43;
    }
    feedback.write("pass done", probe ? R"({"probe": true, "queries": 1})" : R"({"queries": 1})");
    return 42;
  }
  if (behaviour == "hang") {
    for (;;) pause();
  }
  if (behaviour == "exit-0") return 0;
  if (behaviour == "bad-result-json") {
    feedback.write("accepted", "{\"verdict\": ");
    return 42;
  }
  char* end = nullptr;
  const long long answer = std::strtoll(line, &end, 10);
  if (end == line || (*end != '\n' && *end != '\0')) {
    feedback.write("line 1: expected a number", R"({"verdict": "PE", "contestant_eof": false, "queries": 0, "query_limit": 1})");
    return 43;
  }
  if (answer != x + 1) {
    feedback.write("line 1: expected " + std::to_string(x + 1) + ", got " +
                                 std::to_string(answer),
                   R"({"verdict": "WA", "contestant_eof": false, "queries": 1, "query_limit": 1})");
    return 43;
  }
  feedback.write("correct", R"({"verdict": "AC", "queries": 1, "query_limit": 1})");
  return 42;
}
