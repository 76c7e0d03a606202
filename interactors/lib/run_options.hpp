// RunOptions: the arguments an interactor takes after FEEDBACK_DIR/, which is where
// an ICPC judge puts a test group's output_validator_args. `judge export` writes them
// into test_group.yaml for what the ICPC format has no key of its own for
// (docs/problem-format.md, "judge export"); this judge runs its own problem.json
// problems without them.
//
//   --score-from-metric NAME FULL_AT ZERO_AT MAX_SCORE
//        on accept, FEEDBACK_DIR/score.txt gets metric_score(the fact NAME, ...)
//        (metric_score.hpp): the test's score, which data/secret aggregates with min.
//        An accept without a numeric fact NAME is a judge error.
//   --new-second-before-next-pass
//        after an accept that left FEEDBACK_DIR/nextpass.in, the interactor waits
//        until the wall clock's second has changed before it exits: the judge starts
//        the next pass only after the validator has exited, so a submission seeded
//        from time(nullptr) sees another seed (problem.json new_second_between_passes).
//   --expect-eof
//        before an accept, the interactor reads the contestant's output to its end:
//        anything but whitespace after the final answer is a reject (WA, "trailing
//        output"), as problemtools' and BAPCtools' validators check. It then waits
//        for the contestant to close its output (exit), so a contestant that never
//        does runs into its time limit. Not after an accept that left
//        FEEDBACK_DIR/nextpass.in (a probe pass may end mid-interaction).
//        `judge export` gives it to ICPC packages;
//        this judge's own runs stop the contestant at the accept instead.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "feedback.hpp"

namespace interactor {

struct ScoreFromMetric {
  std::string fact;
  double full_at = 0;
  double zero_at = 0;
  double max_score = 0;
};

struct RunOptions {
  std::optional<ScoreFromMetric> score_from_metric;
  bool new_second_before_next_pass = false;
  bool expect_eof = false;
};

// argv[first..argc): throws std::invalid_argument naming what is wrong.
RunOptions parse_run_options(int argc, char** argv, int first);

// Before the feedback is written: the text of score.txt for an accept ("" when no
// score is asked for). An accept without the fact becomes a judge error in `feedback`.
std::string score_text(const RunOptions& options, Feedback& feedback);

// After the feedback is written: the wait for a new second, if asked and due.
void wait_for_next_pass(const RunOptions& options, const std::filesystem::path& feedback_dir,
                        const Feedback& feedback);

}  // namespace interactor
