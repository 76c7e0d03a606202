// JUnit XML for CI systems (GitLab, Jenkins, GitHub test reporters): one
// <testsuite> per (participant, problem) named "participant/problem", one
// <testcase> per test (classname "participant.problem", time = the submission's
// CPU seconds). A test that is not AC is a <failure type="VERDICT">, a JE an
// <error>, a test not finished yet <skipped>; a compile error is one testcase
// "compile" failing with the compiler's output.
#pragma once

#include <string>

#include "batch/dir.hpp"

namespace judge {

std::string junit_xml(const BatchPlan& plan, const BatchGrades& grades);

// Text made safe for XML attributes and content (& < > " ' escaped; control
// characters XML 1.0 forbids dropped).
std::string xml_escape(const std::string& text);

}  // namespace judge
