#include "report/junit.hpp"

#include <algorithm>
#include <iterator>
#include <string_view>
#include <utility>

#include <fmt/format.h>

#include "base/utf8.hpp"
#include "report/standings.hpp"

namespace judge {

std::string xml_escape(const std::string& text) {
  // The five characters XML reserves; other control characters are not allowed in
  // XML 1.0 at all, and are dropped; bytes that are not UTF-8 (the document says it
  // is) are replaced as everywhere (base/utf8.hpp).
  static constexpr std::pair<char, std::string_view> entities[] = {
      {'&', "&amp;"}, {'<', "&lt;"}, {'>', "&gt;"}, {'"', "&quot;"}, {'\'', "&apos;"}};
  std::string escaped;
  escaped.reserve(text.size());
  for (char c : valid_utf8(text)) {
    const auto* entity = std::find_if(std::begin(entities), std::end(entities),
                                      [c](const auto& pair) { return pair.first == c; });
    if (entity != std::end(entities)) escaped += entity->second;
    else if (static_cast<unsigned char>(c) >= 0x20 || c == '\t' || c == '\n' || c == '\r') escaped += c;
  }
  return escaped;
}

namespace {

struct Counts {
  std::size_t tests = 0, failures = 0, errors = 0, skipped = 0;
  double seconds = 0;
  void add(const Counts& other) {
    tests += other.tests;
    failures += other.failures;
    errors += other.errors;
    skipped += other.skipped;
    seconds += other.seconds;
  }
};

std::string counts_attributes(const Counts& counts) {
  return fmt::format("tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"{}\" time=\"{:.3f}\"",
                     counts.tests, counts.failures, counts.errors, counts.skipped, counts.seconds);
}

std::string testcase(const std::string& classname, const std::string& name, double seconds,
                     const std::string& body) {
  std::string xml = fmt::format("    <testcase classname=\"{}\" name=\"{}\" time=\"{:.3f}\"",
                                xml_escape(classname), xml_escape(name), seconds);
  if (body.empty()) return xml + "/>\n";
  return xml + ">\n" + body + "    </testcase>\n";
}

}  // namespace

std::string junit_xml(const BatchPlan& plan, const BatchGrades& grades) {
  std::string suites;
  Counts total;
  for (const auto& graded : grades.graded) {
    const PlannedSubmission& submission = plan.submissions[graded.submission];
    const std::string suite_name = submission_label(submission);
    const std::string classname =
        submission.participant + "." + submission.problem + (submission.id.empty() ? "" : "@" + submission.id);
    Counts counts;
    std::string cases;
    std::string properties;
    if (graded.result && graded.result->verdict == Verdict::CE) {
      counts.tests = counts.failures = 1;
      cases += testcase(classname, "compile", 0,
                        fmt::format("      <failure type=\"CE\" message=\"compilation failed\">{}"
                                    "</failure>\n",
                                    xml_escape(graded.result->message)));
    } else if (graded.result) {
      for (const auto& test : graded.result->tests) {
        ++counts.tests;
        const double seconds = static_cast<double>(test.facts.submission.exit.cpu_ms) / 1000.0;
        counts.seconds += seconds;
        const Verdict verdict = test.decision.verdict;
        std::string body;
        if (verdict == Verdict::JE) {
          ++counts.errors;
          body = fmt::format("      <error type=\"JE\" message=\"{}\"/>\n",
                             xml_escape(test.decision.message));
        } else if (verdict != Verdict::AC) {
          ++counts.failures;
          const std::string name(verdict_name(verdict));
          body = fmt::format("      <failure type=\"{}\" message=\"{}: {}\">{}</failure>\n", name,
                             name, xml_escape(test.decision.message),
                             xml_escape(test.decision.message));
        }
        cases += testcase(classname, test.name, seconds, body);
      }
      properties = fmt::format(
          "    <properties>\n      <property name=\"verdict\" value=\"{}\"/>\n      <property "
          "name=\"score\" value=\"{}\"/>\n      <property name=\"max_score\" value=\"{}\"/>\n    "
          "</properties>\n",
          verdict_name(graded.result->verdict), format_score(graded.result->score.score),
          format_score(graded.result->score.max_score));
    } else {
      const PlannedProblem& problem = plan.problem(submission.problem);
      for (std::size_t t = 0; t < problem.tests.size(); ++t) {
        ++counts.tests;
        ++counts.skipped;
        cases += testcase(classname, problem.tests[t].name, 0,
                          "      <skipped message=\"not graded yet (the batch is incomplete)\"/>\n");
      }
    }
    total.add(counts);
    suites += fmt::format("  <testsuite name=\"{}\" {}>\n{}{}  </testsuite>\n",
                          xml_escape(suite_name), counts_attributes(counts), properties, cases);
  }
  return fmt::format("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"judge batch\" "
                     "{}>\n{}</testsuites>\n",
                     counts_attributes(total), suites);
}

}  // namespace judge
