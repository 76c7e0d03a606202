#include "cli/commands.hpp"

#include <CLI/CLI.hpp>

namespace judge {

CLI::App* Commands::add(const std::string& name, const std::string& description, const std::string& footer,
                        std::function<int()> run) {
  CLI::App* command = app_.add_subcommand(name, description);
  if (!footer.empty()) command->footer(footer);
  commands_.emplace_back(command, std::move(run));
  return command;
}

std::optional<int> Commands::run_given() const {
  for (const auto& [command, run] : commands_)
    if (command->parsed()) return run();
  return std::nullopt;
}

}  // namespace judge
