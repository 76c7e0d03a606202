// The baseline a judge is measured against: the two programs of a test wired by
// hand with plain fork/exec and two pipes, nothing else (no limits, no groups, no
// JSON). Prints the wall time in microseconds from the first fork to the last wait.
//
//   baseline_harness [--cpu N] [--repeat K] INTERACTOR TEST_INPUT FEEDBACK_DIR -- SOLUTION [ARGS...]
// --cpu N pins both programs to CPU N (as `judge run --pin-cpu N` does).
// --repeat K runs the test K times one after another, a fresh pair each time (the
// baseline of a problem with K tests): the time is the total, the exit code printed
// the first that was not 42 (else 42).
#include <fcntl.h>
#include <sched.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

pid_t start(char** argv, int in, int out, int cpu) {
  const pid_t pid = fork();
  if (pid == 0) {
    if (cpu >= 0) {
      cpu_set_t set;
      CPU_ZERO(&set);
      CPU_SET(cpu, &set);
      sched_setaffinity(0, sizeof set, &set);
    }
    dup2(in, 0);
    dup2(out, 1);
    execv(argv[0], argv);
    _exit(127);
  }
  return pid;
}

// One run of the pair; returns the interactor's exit code (-1 if it did not exit).
int run_once(char** interactor_argv, char** solution_argv, int cpu) {
  int to_solution[2], from_solution[2];
  if (pipe2(to_solution, O_CLOEXEC) != 0 || pipe2(from_solution, O_CLOEXEC) != 0) std::exit(1);
  const pid_t interactor = start(interactor_argv, from_solution[0], to_solution[1], cpu);
  const pid_t solution = start(solution_argv, to_solution[0], from_solution[1], cpu);
  for (int fd : {to_solution[0], to_solution[1], from_solution[0], from_solution[1]}) close(fd);
  int status = 0, interactor_status = 0;
  waitpid(solution, &status, 0);
  waitpid(interactor, &interactor_status, 0);
  return WIFEXITED(interactor_status) ? WEXITSTATUS(interactor_status) : -1;
}

}  // namespace

int main(int argc, char** argv) {
  int cpu = -1, repeat = 1;
  for (bool option = true; option && argc > 2;) {
    option = false;
    if (std::strcmp(argv[1], "--cpu") == 0) cpu = std::atoi(argv[2]), option = true;
    else if (std::strcmp(argv[1], "--repeat") == 0) repeat = std::max(1, std::atoi(argv[2])), option = true;
    if (option) argv += 2, argc -= 2;
  }
  int separator = 0;
  for (int i = 1; i < argc && separator == 0; ++i)  // the first "--": the solution may have its own
    if (std::strcmp(argv[i], "--") == 0) separator = i;
  if (separator != 4 || separator + 1 >= argc) {
    std::fprintf(stderr, "usage: baseline_harness INTERACTOR TEST_INPUT FEEDBACK_DIR -- SOLUTION [ARGS...]\n");
    return 2;
  }
  std::string feedback = std::string(argv[3]) + "/";
  char* interactor_argv[] = {argv[1], argv[2], const_cast<char*>("/dev/null"), feedback.data(), nullptr};
  char** solution_argv = argv + separator + 1;

  const auto begin = std::chrono::steady_clock::now();
  int code = 42;
  for (int i = 0; i < repeat; ++i) {
    const int this_code = run_once(interactor_argv, solution_argv, cpu);
    if (code == 42) code = this_code;
  }
  const auto end = std::chrono::steady_clock::now();
  std::printf("%lld %d\n",
              static_cast<long long>(std::chrono::duration_cast<std::chrono::microseconds>(end - begin).count()),
              code);
  return 0;
}
