#include "run_options.hpp"

#include <ctime>
#include <stdexcept>
#include <string_view>
#include <thread>

#include <fmt/format.h>

#include "metric_score.hpp"

namespace interactor {

namespace {

double number_argument(std::string_view text, std::string_view what) {
  try {
    std::size_t used = 0;
    const double value = std::stod(std::string(text), &used);
    if (used == text.size()) return value;
  } catch (const std::exception&) {
  }
  throw std::invalid_argument(fmt::format("--score-from-metric: {} must be a number, got '{}'", what, text));
}

}  // namespace

RunOptions parse_run_options(int argc, char** argv, int first) {
  RunOptions options;
  for (int at = first; at < argc; ++at) {
    const std::string_view argument = argv[at];
    if (argument == "--new-second-before-next-pass") {
      options.new_second_before_next_pass = true;
    } else if (argument == "--expect-eof") {
      options.expect_eof = true;
    } else if (argument == "--score-from-metric") {
      if (at + 4 >= argc) throw std::invalid_argument("--score-from-metric needs NAME FULL_AT ZERO_AT MAX_SCORE");
      ScoreFromMetric score{argv[at + 1], number_argument(argv[at + 2], "FULL_AT"),
                            number_argument(argv[at + 3], "ZERO_AT"), number_argument(argv[at + 4], "MAX_SCORE")};
      if (!(0 < score.full_at && score.full_at < score.zero_at) || score.max_score < 0)
        throw std::invalid_argument("--score-from-metric needs 0 < FULL_AT < ZERO_AT and MAX_SCORE >= 0");
      options.score_from_metric = std::move(score);
      at += 4;
    } else {
      throw std::invalid_argument(
          fmt::format("unknown argument '{}' (known: --score-from-metric NAME FULL_AT ZERO_AT MAX_SCORE, "
                      "--new-second-before-next-pass, --expect-eof)",
                      argument));
    }
  }
  return options;
}

std::string score_text(const RunOptions& options, Feedback& feedback) {
  if (!options.score_from_metric || feedback.finish.outcome != Outcome::accept) return "";
  const ScoreFromMetric& score = *options.score_from_metric;
  const nlohmann::json& facts = feedback.facts;
  if (!facts.is_object() || !facts.contains(score.fact) || !facts[score.fact].is_number()) {
    feedback.finish = Finish{Outcome::judge_error, Verdict::WA,
                             fmt::format("--score-from-metric {}: the interactor accepted without a number \"{}\" "
                                         "in result.json (verdict was: {})",
                                         score.fact, score.fact, feedback.finish.message),
                             false};
    return "";
  }
  // Shortest text that reads back as the same double.
  return fmt::format("{}\n", metric_score(facts[score.fact].get<double>(), score.full_at, score.zero_at,
                                          score.max_score));
}

void wait_for_next_pass(const RunOptions& options, const std::filesystem::path& feedback_dir,
                        const Feedback& feedback) {
  std::error_code error;
  if (!options.new_second_before_next_pass || feedback.finish.outcome != Outcome::accept ||
      !std::filesystem::exists(feedback_dir / "nextpass.in", error))
    return;
  // A sleep, not a busy wait: the validator's CPU time stays what the interaction took.
  const std::time_t start = std::time(nullptr);
  while (std::time(nullptr) == start) std::this_thread::sleep_for(std::chrono::milliseconds(10));
}

}  // namespace interactor
