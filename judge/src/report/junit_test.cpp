#include "report/junit.hpp"

#include <gtest/gtest.h>

#include "batch/test_support.hpp"

namespace judge {
namespace {
using namespace batch_testing;

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t at = 0; (at = text.find(what, at)) != std::string::npos; at += what.size()) ++n;
  return n;
}

TEST(Junit, OneSuitePerSubmissionOneCasePerTest) {
  const BatchPlan plan = sample_plan();
  const BatchGrades grades = grade_records(plan, sample_records(plan));
  const std::string xml = junit_xml(plan, grades);
  EXPECT_EQ(xml.rfind("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites", 0), 0u);
  EXPECT_EQ(count(xml, "<testsuite "), 4u);
  // alice p 2 + alice q 1 + bob p 2 + carol CE 1.
  EXPECT_EQ(count(xml, "<testcase "), 6u);
  EXPECT_NE(xml.find("<testsuites name=\"judge batch\" tests=\"6\" failures=\"2\" errors=\"0\""),
            std::string::npos);
  EXPECT_NE(xml.find("<testsuite name=\"bob/p\""), std::string::npos);
  EXPECT_NE(xml.find("classname=\"bob.p\" name=\"02\""), std::string::npos);
  EXPECT_NE(xml.find("<failure type=\"WA\" message=\"WA: wrong &lt;answer&gt; &amp; more\">"),
            std::string::npos);
  EXPECT_NE(xml.find("name=\"compile\""), std::string::npos);
  EXPECT_NE(xml.find("<failure type=\"CE\""), std::string::npos);
  EXPECT_NE(xml.find("time=\"0.005\""), std::string::npos);  // CPU seconds
}

TEST(Junit, UnfinishedTestsAreSkipped) {
  const BatchPlan plan = sample_plan();
  auto records = sample_records(plan);
  records.erase(records.begin());
  const std::string xml = junit_xml(plan, grade_records(plan, records));
  EXPECT_EQ(count(xml, "<skipped "), 2u);  // alice p: both tests, not graded yet
}

TEST(Junit, EscapesAndDropsForbiddenCharacters) {
  EXPECT_EQ(xml_escape("a<b>&\"c'\x01\tz\n"), "a&lt;b&gt;&amp;&quot;c&apos;\tz\n");
}

TEST(Junit, BytesThatAreNotUtf8AreReplacedAndControlsDropped) {
  EXPECT_EQ(xml_escape("bad\xff<\x1b[2J>"), "bad\xEF\xBF\xBD&lt;[2J&gt;");
}

}  // namespace
}  // namespace judge
