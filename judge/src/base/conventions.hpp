// How a problem's programs are run, in the words every layer speaks: which
// convention its interactor follows, and how one pass of a test runs.
#pragma once

namespace judge {

// The arguments and exit codes the interactor speaks: the ICPC output-validator
// convention (INPUT ANSWER FEEDBACK_DIR/ [ARGS], exit 42/43: base/icpc_exit.hpp), or
// testlib's (grade/testlib_convention.hpp).
enum class InteractorConvention { icpc, testlib };

// How one pass runs: the submission and the interactor talk through pipes; or
// (offline) the submission reads the test input, its output is captured, and the
// validator reads it afterwards (non-interactive multi-pass problems).
enum class PassMode { interactive, offline };

}  // namespace judge
