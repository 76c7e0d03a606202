#include "run.hpp"

#include <csignal>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <optional>
#include <stdexcept>

#include <fmt/format.h>

#include "feedback.hpp"
#include "posix_io.hpp"
#include "run_options.hpp"

namespace interactor {

Finish run_body(Session& session, const Body& body) {
  try {
    body(session);
  } catch (const Finish& finish) {
    return finish;
  } catch (const std::exception& error) {
    return Finish{Outcome::judge_error, Verdict::WA, fmt::format("interactor failed: {}", error.what()), false};
  } catch (...) {
    return Finish{Outcome::judge_error, Verdict::WA, "interactor failed: unknown exception", false};
  }
  return Finish{Outcome::judge_error, Verdict::WA, "interactor ended without a verdict", false};
}

int run(int argc, char** argv, const Body& body) { return run_with_fds(argc, argv, body, 0, 1); }

int run_with_fds(int argc, char** argv, const Body& body, int from_contestant_fd, int to_contestant_fd) {
  // A contestant that exits (or closes its stdin) early leaves us writing into a pipe
  // without a reader. By default that raises SIGPIPE and kills the interactor, which
  // the judge would have to count as a judge error. Ignored, write(2) fails with EPIPE
  // instead, and Session::send() turns it into a reject with contestant_eof, so the
  // contestant's own exit status decides the verdict.
  std::signal(SIGPIPE, SIG_IGN);

  if (argc < 4) {
    std::fprintf(stderr, "usage: %s TEST_INPUT ANSWER_FILE FEEDBACK_DIR/ [OPTIONS]\n",
                 argc > 0 ? argv[0] : "interactor");
    return kExitJudgeError;
  }
  RunOptions options;
  try {
    options = parse_run_options(argc, argv, 4);
  } catch (const std::invalid_argument& wrong) {
    std::fprintf(stderr, "interactor: %s\n", wrong.what());
    return kExitJudgeError;
  }
  const std::filesystem::path feedback_dir = argv[3];
  std::error_code error;
  if (!std::filesystem::is_directory(feedback_dir, error)) {
    std::fprintf(stderr, "interactor: FEEDBACK_DIR %s is not a directory\n", argv[3]);
    return kExitJudgeError;
  }

  Finish finish;
  std::optional<Session> session;
  try {
    session.emplace(SessionOptions{argv[1], argv[2], from_contestant_fd, to_contestant_fd,
                                   Transcript::from_environment()});
    finish = run_body(*session, body);
    // --expect-eof: an accept stands only once the contestant's output has ended with
    // nothing after the final answer (run_options.hpp). Not after a pass that asks for
    // another (nextpass.in): such a probe may end the interaction while the contestant
    // waits for a reply, and its run is stopped, not read to its end.
    std::error_code no_next_pass;
    if (options.expect_eof && finish.outcome == Outcome::accept &&
        !std::filesystem::exists(feedback_dir / "nextpass.in", no_next_pass)) {
      try {
        session->expect_end_of_output();
      } catch (const Finish& trailing) {
        finish = trailing;
      }
    }
  } catch (const Finish& early) {  // the test file cannot be read
    finish = early;
  } catch (const std::exception& failure) {
    finish = Finish{Outcome::judge_error, Verdict::WA, fmt::format("interactor failed: {}", failure.what()), false};
  }

  Feedback feedback = session ? session->feedback(std::move(finish)) : Feedback{.finish = std::move(finish)};
  if (session) {
    try {
      session->transcript().flush();
    } catch (const std::exception& failure) {
      feedback.finish = Finish{Outcome::judge_error, Verdict::WA,
                               fmt::format("{} (verdict was: {})", failure.what(), feedback.finish.message), false};
    }
  }
  const std::string score = score_text(options, feedback);
  if (feedback.finish.outcome == Outcome::judge_error) {
    std::fprintf(stderr, "interactor: judge error: %s\n", feedback.finish.message.c_str());
  }
  try {
    write_feedback(feedback_dir, feedback);
    if (!score.empty()) write_file_atomically(feedback_dir / "score.txt", score);
  } catch (const std::exception& failure) {
    std::fprintf(stderr, "interactor: %s\n", failure.what());
    return kExitJudgeError;
  }
  wait_for_next_pass(options, feedback_dir, feedback);
  return exit_code(feedback.finish.outcome);
}

}  // namespace interactor
