// The tests of a problem's folder, and the tests a `--tests` selection picks.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "problem/problem.hpp"

namespace judge {

// Every *.in file of a folder (not below it), named by its stem, in name order, with
// NAME.ans beside it when there is one (this repository's problem.json format).
std::vector<TestCase> list_tests_in(const std::filesystem::path& dir);

// The tests picked by `--tests`: each selector is a test name of the problem or the
// path of a test file anywhere. No selectors: every test.
std::vector<TestCase> select_tests(const Problem& problem,
                                   const std::vector<std::string>& selectors);

}  // namespace judge
