#include "cli/commands.hpp"

#include <CLI/CLI.hpp>

namespace judge {

CLI::App* Commands::add(const CommandHelp& help, std::function<int()> run) {
  CLI::App* command = app_.add_subcommand(help.name, help.description);
  if (*help.footer != '\0') command->footer(help.footer);
  commands_.emplace_back(command, std::move(run));
  return command;
}

bool Commands::wanted(const CommandHelp& help) const { return only_.empty() || only_ == help.name; }

std::optional<int> Commands::run_given() const {
  for (const auto& [command, run] : commands_)
    if (command->parsed()) return run();
  return std::nullopt;
}

}  // namespace judge
