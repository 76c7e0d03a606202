#include "cli/shared_options.hpp"

#include <CLI/CLI.hpp>

#include "run/runner.hpp"

namespace judge {

CLI::Option* add_problem_argument(CLI::App* command, std::string& problem, const std::string& help) {
  return command->add_option("PROBLEM", problem, help)->required();
}

CLI::Option* add_tests_option(CLI::App* command, std::vector<std::string>& tests, const std::string& help) {
  return command->add_option("--tests", tests, help)->delimiter(',');
}

CLI::Option* add_json_option(CLI::App* command, std::string& json_file, const std::string& help) {
  return command->add_option("--json", json_file, help);
}

CLI::Option* add_quiet_flag(CLI::App* command, bool& quiet, const std::string& help) {
  return command->add_flag("-q,--quiet", quiet, help);
}

CLI::Option* add_sandbox_option(CLI::App* command, std::string& sandbox, const std::string& help) {
  return command->add_option("--sandbox", sandbox, help)->capture_default_str();
}

CLI::Option* add_repeat_option(CLI::App* command, int& repeat) {
  return command
      ->add_option("--repeat", repeat,
                   "run each test K times: the test's verdict is the first run's; the JSON gets every "
                   "run's verdict, CPU and wall time (\"repeats\") and whether they agree (\"stable\"); "
                   "a verdict that changes is shown as FLAKY, with min/median/max CPU per test")
      ->type_name("K")
      ->check(CLI::Range(1, max_repeat))
      ->capture_default_str();
}

CLI::Option* add_rules_option(CLI::App* command, std::string& rules) {
  return command
      ->add_option("--rules", rules,
                   "the verdict rules' precedence: icpc (problemtools/Kattis: an interactor that rejected "
                   "first wins over the submission's own end; default), domjudge (only the order the two "
                   "ended in counts), limits-first (a submission over a limit gets that limit's verdict "
                   "whatever the interactor said, as PC^2 and CMS: the submission runs on after a reject). "
                   "docs/verdicts.md")
      ->check(CLI::IsMember({"icpc", "domjudge", "limits-first"}))
      ->capture_default_str();
}

CLI::Option* add_stderr_bytes_option(CLI::App* command, std::size_t& bytes) {
  return command
      ->add_option("--stderr-bytes", bytes,
                   "keep the last N bytes of the submission's stderr of each test (the JSON's \"stderr\"; "
                   "its last line is shown with a test that is not AC)")
      ->type_name("N")
      ->check(CLI::Range(std::size_t{0}, std::size_t{1} << 20))
      ->capture_default_str();
}

}  // namespace judge
