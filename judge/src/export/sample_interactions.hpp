// The samples' interaction protocols of an exported interactive problem: an ICPC
// package (2025-09 and legacy alike) shows a contest system's teams
// data/sample/NAME.interaction, never the hidden NAME.in (the specification: "all
// sample test cases must provide an interaction protocol"). They are what a real run
// exchanged: the problem's first accepted example submission is run on the sample
// tests, boxed as `judge run` runs it, with the interactor library's transcripts
// ("<" what the validator sent, ">" what the submission wrote), and each transcript
// becomes the sample's .interaction, with NAME.in.download and NAME.ans.download (the
// sample's own files) as 2025-09 asks of a sample shown by its interaction. What stops it (no accepted submission, an
// interactor without the library's transcripts, a run that is not AC) is said as not
// carried, and the package is written without them.
#pragma once

#include "export/package.hpp"
#include "problem/problem.hpp"

namespace judge {

void add_sample_interactions(Package& package, const Problem& problem);

}  // namespace judge
