#include "problem/tests.hpp"

#include <algorithm>

#include <fmt/core.h>

#include "base/errors.hpp"

namespace judge {
namespace fs = std::filesystem;

std::vector<TestCase> list_tests_in(const fs::path& dir) {
  std::vector<TestCase> tests;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.path().extension() != ".in" || !entry.is_regular_file()) continue;
    TestCase test;
    test.name = entry.path().stem().string();
    test.input = entry.path();
    test.answer = entry.path();
    test.answer.replace_extension(".ans");
    if (!fs::is_regular_file(test.answer)) test.answer = "/dev/null";
    tests.push_back(std::move(test));
  }
  std::sort(tests.begin(), tests.end(),
            [](const TestCase& a, const TestCase& b) { return a.name < b.name; });
  return tests;
}

std::vector<TestCase> select_tests(const Problem& problem,
                                   const std::vector<std::string>& selectors) {
  const std::vector<TestCase>& all = problem.tests;
  if (selectors.empty()) {
    if (all.empty())
      throw ConfigError(fmt::format("problem {} has no tests (no *.in files in {})",
                                    problem.name, problem.testdata_dir.string()));
    return all;
  }
  std::vector<TestCase> picked;
  for (const std::string& selector : selectors) {
    auto by_name = std::find_if(all.begin(), all.end(),
                                [&](const TestCase& test) { return test.name == selector; });
    if (by_name != all.end()) {
      picked.push_back(*by_name);
      continue;
    }
    const fs::path path(selector);
    if (fs::is_regular_file(path)) {
      TestCase test;
      test.name = path.stem().string();
      test.input = fs::absolute(path);
      test.answer = test.input;
      test.answer.replace_extension(".ans");
      if (!fs::is_regular_file(test.answer)) test.answer = "/dev/null";
      picked.push_back(std::move(test));
      continue;
    }
    if (fs::is_directory(path))
      throw ConfigError(fmt::format("--tests {}: is a folder; give test files (NAME.in) or test names", selector));
    std::string names;
    for (const auto& test : all) names += " " + test.name;
    throw ConfigError(fmt::format(
        "--tests {}: no test of that name in problem {} and no such file (tests:{})",
        selector, problem.name, names));
  }
  return picked;
}

}  // namespace judge
