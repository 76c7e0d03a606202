// Multi-pass tests, the ICPC way: an interactor that accepts and leaves
// FEEDBACK_DIR/nextpass.in asks for another pass, in which a fresh submission
// process meets the interactor again with that file as its test input. A pass
// whose result.json says "probe": true only probed the submission (it is stopped
// when the interactor is done and not graded); any other pass is graded, and the
// test's verdict is the last pass's. next_pass_step decides, from the facts of one
// pass, whether to go on, stop, or call the interactor broken (JE); grade.hpp
// builds those facts from a pass's record. Per the ICPC
// specification: nextpass.in with a reject is JE; asking for more passes than the
// problem allows (limits.validation_passes) is WA; the feedback folder persists
// between the passes of a test (nextpass.in is moved out of it first).
#pragma once

#include <cstdint>
#include <string>

#include "grade/verdict_rules.hpp"

namespace judge {

struct PassFacts {
  std::int64_t pass = 1;         // 1-based
  std::int64_t pass_limit = 2;
  bool wrote_nextpass = false;   // FEEDBACK_DIR/nextpass.in exists
  bool interactor_accepted = false;  // exit code 42
  bool probe = false;
  Verdict verdict = Verdict::AC;  // decide_verdict of this pass
};

enum class PassStep { final_pass, next_pass, judge_error, too_many_passes };

struct PassDecision {
  PassStep step;
  std::string message;  // for judge_error and too_many_passes
};

PassDecision next_pass_step(const PassFacts& facts);

}  // namespace judge
