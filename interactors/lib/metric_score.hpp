// metric_score(): the score of a problem scored by a metric that should be small (the
// moves of egg-drop), on a logarithmic scale between two marks. One formula for the
// judge's problem.json scoring type max_metric (judge/src/problem/scoring.hpp, over
// the largest metric of all tests) and for an interactor exported as an ICPC output
// validator (run_options.hpp --score-from-metric: per test, written to score.txt, and
// data/secret aggregates with min; min of a decreasing function of each test's metric
// is that function of the largest metric, so both give the same score).
#pragma once

namespace interactor {

// max_score * clamp(log(zero_at / metric) / log(zero_at / full_at), 0, 1): full score
// at or below full_at, nothing at or above zero_at; a metric <= 0 is full score.
// Requires 0 < full_at < zero_at.
double metric_score(double metric, double full_at, double zero_at, double max_score);

}  // namespace interactor
