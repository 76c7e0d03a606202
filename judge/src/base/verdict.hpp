// The verdicts a test can get, with their short names (the JSON's "AC") and the
// folder names of example submissions that expect them (solutions/<problem>/
// accepted/, ICPC's submissions/accepted/), and the two sides of a test: every layer
// speaks these words (grading decides a verdict, reports show it, problems and
// verify name the ones a submission expects).
#pragma once

#include <optional>
#include <string_view>

namespace judge {

enum class Verdict { AC, WA, PE, QLE, TLE, ILE, MLE, OLE, RTE, CE, JE };

std::string_view verdict_name(Verdict verdict);
std::optional<Verdict> parse_verdict(std::string_view name);
// The folder name of solutions/<problem>/<folder>/ that expects this verdict.
std::string_view verdict_folder(Verdict verdict);
std::optional<Verdict> verdict_from_folder(std::string_view folder);

// Who ended first, or which program a fact is about.
enum class Side { none, submission, interactor };
std::string_view side_name(Side side);

}  // namespace judge
