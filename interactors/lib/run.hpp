// run(): the interactor's main. Parses `TEST_INPUT ANSWER_FILE FEEDBACK_DIR/ [OPTIONS]`
// (OPTIONS: run_options.hpp, what an exported ICPC validator is given), builds the
// Session, calls the body, turns the Finish it throws into the feedback files and the
// exit code 42 / 43 / 1.
#pragma once

#include <functional>

#include "finish.hpp"
#include "session.hpp"

namespace interactor {

using Body = std::function<void(Session&)>;

int run(int argc, char** argv, const Body& body);

// The body's ending as a Finish: its verdict, or a judge error if it threw something
// else or returned without a verdict.
Finish run_body(Session& session, const Body& body);

// run() with the contestant on other descriptors than stdin/stdout (for tests).
int run_with_fds(int argc, char** argv, const Body& body, int from_contestant_fd, int to_contestant_fd);

}  // namespace interactor
