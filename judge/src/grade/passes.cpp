#include "grade/passes.hpp"

#include <fmt/core.h>

namespace judge {

PassDecision next_pass_step(const PassFacts& facts) {
  if (!facts.wrote_nextpass) {
    if (facts.probe)
      return {PassStep::judge_error,
              fmt::format("pass {} was marked as a probe but left no nextpass.in", facts.pass)};
    return {PassStep::final_pass, ""};
  }
  if (!facts.interactor_accepted)
    return {PassStep::judge_error,
            fmt::format("the interactor wrote nextpass.in in pass {} without accepting", facts.pass)};
  if (facts.pass >= facts.pass_limit)
    return {PassStep::too_many_passes,
            fmt::format("the interactor asked for pass {}, but the pass limit is {}: the "
                        "submission needed more passes than the problem allows",
                        facts.pass + 1, facts.pass_limit)};
  // A graded pass that failed ends the test with its verdict, whatever comes next.
  if (!facts.probe && facts.verdict != Verdict::AC) return {PassStep::final_pass, ""};
  return {PassStep::next_pass, ""};
}

}  // namespace judge
