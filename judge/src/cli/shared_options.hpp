// The options that several subcommands of the judge command line share (PROBLEM,
// --tests, --json, -q/--quiet, --sandbox), each made one way everywhere: the same
// name, the same value syntax (--tests takes commas), the same default display. HELP
// is the command's own sentence where the commands' meanings differ.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace CLI {
class App;
class Option;
}  // namespace CLI

namespace judge {

// PROBLEM, required.
CLI::Option* add_problem_argument(CLI::App* command, std::string& problem,
                                  const std::string& help = "the problem: a name or a folder");
// --tests: several values, separated by commas or spaces.
CLI::Option* add_tests_option(CLI::App* command, std::vector<std::string>& tests, const std::string& help);
// --json FILE.
CLI::Option* add_json_option(CLI::App* command, std::string& json_file, const std::string& help);
// -q, --quiet.
CLI::Option* add_quiet_flag(CLI::App* command, bool& quiet, const std::string& help);
// --sandbox auto|none, its default shown (the command checks the value).
CLI::Option* add_sandbox_option(CLI::App* command, std::string& sandbox,
                                const std::string& help = "auto (default) or none, as for judge run");

// --repeat K (1..max_repeat): each test runs K times (run/runner.hpp).
CLI::Option* add_repeat_option(CLI::App* command, int& repeat);
// --rules icpc|domjudge|limits-first (grade/verdict_rules.hpp, docs/verdicts.md).
CLI::Option* add_rules_option(CLI::App* command, std::string& rules);
// --stderr-bytes N: how much of the end of the submission's stderr is kept.
CLI::Option* add_stderr_bytes_option(CLI::App* command, std::size_t& bytes);

}  // namespace judge
