#include "cli/shared_options.hpp"

#include <CLI/CLI.hpp>

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

}  // namespace judge
