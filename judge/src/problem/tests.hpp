// The tests of a problem: every *.in file of its testdata folder, named by its stem,
// in name order, each with NAME.ans beside it when there is one; and the tests a
// `--tests` selection picks.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "problem/problem.hpp"

namespace judge {

struct TestCase {
  std::string name;
  std::filesystem::path input;
  std::filesystem::path answer;  // NAME.ans beside the input, or /dev/null
};

// Every *.in file of the problem's testdata folder, in name order.
std::vector<TestCase> list_tests(const Problem& problem);

// The tests picked by `--tests`: each selector is a test name of the problem or the
// path of a test file anywhere. No selectors: every test.
std::vector<TestCase> select_tests(const Problem& problem,
                                   const std::vector<std::string>& selectors);

}  // namespace judge
