// judge export: this Polygon problem's testlib interactor (and checker) as an ICPC output
// validator:  run INPUT ANSWER FEEDBACK_DIR/  (exit 42 accept, 43 reject, 1 judge error).
// The interactor gets this program's stdin and stdout (the pipes to the submission),
// INPUT, FEEDBACK_DIR/tout.txt and ANSWER; the checker, after an OK, INPUT tout.txt
// ANSWER. testlib: 0 OK -> 42; 7 "points X" or 16+k -> 42 and score.txt; 1 WA, 2 PE,
// 4 dirt -> 43; 3 FAIL or anything else -> 1.
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

namespace {

std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  std::string result = text.str();
  while (!result.empty() && (result.back() == '\n' || result.back() == '\r')) result.pop_back();
  return result;
}

void write_text(const std::string& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

std::string json_string(const std::string& text) {
  std::string out = "\"";
  for (unsigned char c : text) {
    if (c == '"' || c == '\\') out += '\\', out += static_cast<char>(c);
    else if (c < 0x20) {
      char escaped[8];
      std::snprintf(escaped, sizeof escaped, "\\u%04x", c);
      out += escaped;
    } else
      out += static_cast<char>(c);
  }
  return out + "\"";
}

// Runs PROGRAM INPUT TOUT ANSWER with its stderr in ERR; returns its exit code (128 + the
// signal that killed it). The interactor keeps this program's stdin and stdout, which
// this program then lets go of: the submission sees their end when the interactor ends.
int run_program(const std::string& program, const char* input, const std::string& tout, const char* answer,
                const std::string& err, bool talks_to_submission) {
  const pid_t pid = fork();
  if (pid < 0) return 255;
  if (pid == 0) {
    if (!talks_to_submission) {
      const int null = open("/dev/null", O_RDWR);
      dup2(null, 0);
      dup2(null, 1);
    }
    const int err_fd = open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (err_fd >= 0) dup2(err_fd, 2);
    execl(program.c_str(), program.c_str(), input, tout.c_str(), answer, static_cast<char*>(nullptr));
    _exit(127);
  }
  if (talks_to_submission) {
    const int null = open("/dev/null", O_RDWR);
    dup2(null, 0);
    dup2(null, 1);
    close(null);
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

std::string folder_of_this_program() {
  char path[4096];
  const ssize_t length = readlink("/proc/self/exe", path, sizeof path - 1);
  std::string self = length > 0 ? std::string(path, static_cast<std::size_t>(length)) : "./run";
  return self.substr(0, self.rfind('/') + 1);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 4) {
    std::fprintf(stderr, "usage: run INPUT ANSWER FEEDBACK_DIR/\n");
    return 1;
  }
  const std::string here = folder_of_this_program();
  std::string feedback = argv[3];
  if (feedback.empty() || feedback.back() != '/') feedback += '/';
  const std::string tout = feedback + "tout.txt";
  std::string who = "interactor";
  int code = run_program(here + "interactor", argv[1], tout, argv[2], feedback + "interactor.stderr", true);
  std::string message = read_text(feedback + "interactor.stderr");
  std::ifstream checker(here + "checker");
  if (code == 0 && checker.good()) {
    who = "checker";
    code = run_program(here + "checker", argv[1], tout, argv[2], feedback + "checker.stderr", false);
    message = read_text(feedback + "checker.stderr");
  }
  write_text(feedback + "judgemessage.txt", message + "\n");
  if (code == 0) return 42;
  if (code == 7 || (code >= 16 && code <= 216)) {
    double points = code - 16;
    if (code == 7 && std::sscanf(message.c_str(), "points %lf", &points) != 1) {
      std::fprintf(stderr, "the %s exited 7 (points) without \"points X\": %s\n", who.c_str(), message.c_str());
      return 1;
    }
    write_text(feedback + "score.txt", std::to_string(points) + "\n");
    return 42;
  }
  if (code == 1 || code == 2 || code == 4) {
    write_text(feedback + "result.json", "{\"verdict\": \"" + std::string(code == 1 ? "WA" : "PE") +
                                             "\", \"message\": " + json_string(message) +
                                             (who == "checker" ? ", \"contestant_eof\": false" : "") + "}\n");
    return 43;
  }
  std::fprintf(stderr, "the %s failed (exit %d; testlib: 3 is FAIL): %s\n", who.c_str(), code, message.c_str());
  return 1;
}
