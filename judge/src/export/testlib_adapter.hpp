// A testlib interactor (and checker) as an ICPC output validator: the sources of a
// small adapter program and the `build` script that compiles the three, for the
// output_validator/ folder of a package exported from a Polygon package. ICPC judges
// run `build`, then `run INPUT ANSWER FEEDBACK_DIR/` (2025-09 "Programs").
//
// The adapter starts the interactor on its own stdin and stdout (the pipes to the
// submission; it lets go of them at once, so the submission sees the interactor's
// end when it comes) as `interactor INPUT FEEDBACK_DIR/tout.txt ANSWER`, then, when
// the interactor said OK, `checker INPUT tout.txt ANSWER`. testlib's exit codes
// become ICPC's: 0 OK -> 42; 7 points ("points X" on stderr) or 16+k -> 42 with
// score.txt; 1 WA, 2 PE, 4 dirt -> 43; 3 FAIL or anything else -> 1, a judge error.
// The message goes to judgemessage.txt; result.json says WA or PE for this judge
// (grade/testlib_convention.hpp reads a testlib ending the same way).
#pragma once

#include <string>

namespace judge {

// The adapter's C++ source (it includes nothing but the C and C++ libraries).
std::string testlib_adapter_source();

// The build script: `interactor_source` and `checker_source` are file names in the
// folder ("interactor.cpp", "checker.py"); an empty checker_source: none.
std::string testlib_adapter_build_script(const std::string& interactor_source, const std::string& checker_source);

}  // namespace judge
