#include "verify/expectations.hpp"

#include <algorithm>
#include <map>

#include <fmt/core.h>

#include "verify/path_glob.hpp"

namespace judge {

Verdict icpc_class(Verdict verdict) {
  switch (verdict) {
    case Verdict::WA:
    case Verdict::PE:
    case Verdict::QLE: return Verdict::WA;
    case Verdict::TLE:
    case Verdict::ILE: return Verdict::TLE;
    case Verdict::RTE:
    case Verdict::MLE:
    case Verdict::OLE: return Verdict::RTE;
    case Verdict::AC:
    case Verdict::CE:
    case Verdict::JE: break;
  }
  return verdict;
}

namespace {

constexpr double score_tolerance = 1e-6;

Verdict compared(const ExpectationRule& rule, Verdict verdict) {
  return rule.scheme == VerdictScheme::icpc_classes ? icpc_class(verdict) : verdict;
}

std::string names_of(const std::set<Verdict>& verdicts) {
  std::string names;
  for (Verdict verdict : verdicts) names += (names.empty() ? "" : ", ") + std::string(verdict_name(verdict));
  return names.empty() ? "nothing" : names;
}

// A test's verdict as the rule sees it: "WA" or "PE (class WA)".
std::string shown(const ExpectationRule& rule, Verdict verdict) {
  const Verdict seen = compared(rule, verdict);
  if (seen == verdict) return std::string(verdict_name(verdict));
  return fmt::format("{} (class {})", verdict_name(verdict), verdict_name(seen));
}

std::string where(const ExpectationRule& rule) {
  if (rule.tests.empty()) return rule.origin;
  std::string tests;
  for (const auto& test : rule.tests) tests += (tests.empty() ? "" : ", ") + test;
  return fmt::format("{} (tests {})", rule.origin, tests);
}

std::vector<const TestVerdict*> scope_of(const ExpectationRule& rule,
                                         const std::vector<TestVerdict>& per_test, bool whole) {
  std::vector<const TestVerdict*> scope;
  for (const auto& test : per_test) {
    const bool in = whole || rule.tests.empty() ||
                    std::any_of(rule.tests.begin(), rule.tests.end(), [&](const std::string& glob) {
                      return glob_matches_path(glob, test.test);
                    });
    if (in) scope.push_back(&test);
  }
  return scope;
}

std::optional<std::string> broken_verdicts(const ExpectationRule& rule,
                                           const std::vector<const TestVerdict*>& scope) {
  for (const TestVerdict* test : scope)
    if (!rule.permitted.contains(compared(rule, test->verdict)))
      return fmt::format("test {} got {}, but {} permits only {}", test->test,
                         shown(rule, test->verdict), where(rule), names_of(rule.permitted));
  if (rule.required.empty()) return std::nullopt;
  const bool met = std::any_of(scope.begin(), scope.end(), [&](const TestVerdict* test) {
    return rule.required.contains(compared(rule, test->verdict));
  });
  if (met) return std::nullopt;
  if (scope.empty()) return fmt::format("no test is in the scope of {}, which requires {}", where(rule), names_of(rule.required));
  return fmt::format("no test got {}, as {} requires", names_of(rule.required), where(rule));
}

std::optional<std::string> broken_rule(const ExpectationRule& rule, const std::vector<TestVerdict>& per_test,
                                       std::optional<double> score, double max_score, bool whole) {
  const auto scope = scope_of(rule, per_test, whole);
  if (auto broken = broken_verdicts(rule, scope)) return broken;
  if (!rule.message.empty() &&
      std::none_of(scope.begin(), scope.end(), [&](const TestVerdict* test) {
        return test->judgemessage.find(rule.message) != std::string::npos;
      }))
    return fmt::format("no judge message contains \"{}\", as {} requires", rule.message, where(rule));
  if ((rule.score || rule.score_below_max) && !score)
    return fmt::format("the run has no score, but {} expects one", where(rule));
  if (rule.score && (*score < rule.score->first - score_tolerance || *score > rule.score->second + score_tolerance))
    return rule.score->first == rule.score->second
               ? fmt::format("score {:g}, but {} expects {:g}", *score, where(rule), rule.score->first)
               : fmt::format("score {:g}, but {} expects {:g} to {:g}", *score, where(rule),
                             rule.score->first, rule.score->second);
  if (rule.score_below_max && *score >= max_score - score_tolerance)
    return fmt::format("score {:g} is the maximum, but {} expects less", *score, where(rule));
  return std::nullopt;
}

std::string verdict_counts(const std::vector<TestVerdict>& per_test) {
  std::map<Verdict, int> counts;
  for (const auto& test : per_test) ++counts[test.verdict];
  std::string text;
  for (const auto& [verdict, count] : counts)
    text += fmt::format("{}{} {}", text.empty() ? "" : ", ", count, verdict_name(verdict));
  return text.empty() ? "no tests" : text;
}

}  // namespace

CheckResult check_expectation(const ExampleSubmission& submission,
                              const std::vector<TestVerdict>& per_test, std::optional<double> score) {
  for (const auto& test : per_test)
    if (test.verdict == Verdict::JE)
      return {false, fmt::format("test {} is JE (a judge error never meets an expectation): {}",
                                 test.test, test.judgemessage)};
  // A compile error has no tests: every rule is checked against it whatever its tests.
  const bool compile_error = std::any_of(per_test.begin(), per_test.end(),
                                         [](const TestVerdict& test) { return test.verdict == Verdict::CE; });
  if (compile_error && submission.rules.empty())
    return {false, "it did not compile (CE), and nothing expects that"};
  for (const auto& rule : submission.rules)
    if (auto broken = broken_rule(rule, per_test, score, submission.max_score, compile_error))
      return {false, *broken};
  if (submission.rules.empty())
    return {true, fmt::format("nothing is expected of it ({})", verdict_counts(per_test))};
  std::string origins;
  for (const auto& rule : submission.rules)
    if (origins.find(rule.origin) == std::string::npos)
      origins += (origins.empty() ? "" : "; ") + rule.origin;
  return {true, fmt::format("{} as {} expects", verdict_counts(per_test), origins)};
}

}  // namespace judge
