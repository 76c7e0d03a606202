#include "problem/tests.hpp"

#include <algorithm>

#include <fmt/core.h>

#include "base/errors.hpp"

namespace judge {
namespace fs = std::filesystem;

std::vector<TestCase> list_tests(const Problem& problem) {
  std::vector<TestCase> tests;
  for (const auto& entry : fs::directory_iterator(problem.testdata_dir)) {
    if (entry.path().extension() != ".in" || !entry.is_regular_file()) continue;
    fs::path answer = entry.path();
    answer.replace_extension(".ans");
    tests.push_back({entry.path().stem().string(), entry.path(),
                     fs::is_regular_file(answer) ? answer : fs::path("/dev/null")});
  }
  std::sort(tests.begin(), tests.end(),
            [](const TestCase& a, const TestCase& b) { return a.name < b.name; });
  return tests;
}

std::vector<TestCase> select_tests(const Problem& problem,
                                   const std::vector<std::string>& selectors) {
  std::vector<TestCase> all = list_tests(problem);
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
      fs::path answer = path;
      answer.replace_extension(".ans");
      picked.push_back({path.stem().string(), fs::absolute(path),
                        fs::is_regular_file(answer) ? fs::absolute(answer)
                                                    : fs::path("/dev/null")});
      continue;
    }
    std::string names;
    for (const auto& test : all) names += " " + test.name;
    throw ConfigError(fmt::format(
        "--tests {}: no test of that name in problem {} and no such file (tests:{})",
        selector, problem.name, names));
  }
  return picked;
}

}  // namespace judge
