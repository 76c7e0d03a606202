// run_stoppable: a command that runs tests, stopped cleanly by SIGINT, SIGTERM or
// SIGHUP (`judge verify`, `judge stress`; `judge run` says more, judge_run/run_command.cpp).
// The watch (interrupt_watch.hpp) kills the test's processes and `body` unwinds from
// where it waited; then every process the judge started is killed and reaped, the
// private TMPDIR (private_tmpdir.hpp) goes, and the exit status is 128 + the signal.
#pragma once

#include <functional>
#include <string>

#include "process/interrupt_watch.hpp"

namespace judge {

// `after_stop` ends the line said on stderr ("; no result was written").
int run_stoppable(const std::function<int(const InterruptWatch&)>& body, const std::string& after_stop);

}  // namespace judge
