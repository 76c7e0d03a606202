// The example submissions of a problem (submissions/<folder>/<entry>) with what each
// must get: the rules of expectations.hpp, gathered from the folder, submissions.yaml
// and @EXPECTED_RESULTS@ tags as expectations.hpp describes. Files and folders whose
// names start with '.' and files ending in .disabled are not submissions (BAPCtools'
// way of parking one), nor are README, *.md and *.txt files.
#pragma once

#include <string>
#include <vector>

#include "verify/expectations.hpp"
#include "problem/problem.hpp"

namespace judge {

struct SubmissionListing {
  std::vector<ExampleSubmission> submissions;  // in path order
  std::vector<std::string> notes;  // about the whole folder (a glob that matches nothing)
};

// Every example submission of problem.submissions_dir (none when it is empty).
// Throws ConfigError for a mistake in submissions.yaml (naming the key) or, for a
// problem.json problem, a folder that names no verdict.
SubmissionListing read_example_submissions(const Problem& problem);
std::vector<ExampleSubmission> list_example_submissions(const Problem& problem);

}  // namespace judge
