// The subcommands of the judge command line, as one table: each is its CLI11 app
// (options, and help from cli/command_help.hpp) and what running it does. cli.cpp
// makes the table, lets each file below add its subcommands, parses, and runs the one
// given. Like cli.cpp, these files are part of the `judge` executable only (CLI11 is
// a build dependency of main): run_command.cpp and the library never see CLI11.
//
// A subcommand's options are bound to a value its run function holds (a
// shared_ptr captured by the function), so nothing outlives its command and no
// command sees another's options.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "cli/command_help.hpp"
#include "process/process.hpp"

namespace CLI {
class App;
}

namespace judge {

class Commands {
 public:
  explicit Commands(CLI::App& app) : app_(app) {}

  // The command line names this subcommand (argv[1]): the others are not built.
  // Building every subcommand's options is paid by every judge process (each `judge
  // run`, each batch worker) before its first test, whose interactor starts that much
  // later. Not called for anything else (no command, --help, a misspelt name): then
  // every subcommand is built, for the help and the errors.
  void only(const char* name) { only_ = name; }
  // Whether the file adding HELP's subcommand should build it.
  bool wanted(const CommandHelp& help) const;

  // Adds the subcommand HELP.name, with HELP's description and footer. RUN is called
  // by run_given() once the command line has parsed, if the command was given; it
  // returns the exit status or throws (ConfigError: exit 2; any other std::exception:
  // exit 3). Returns the subcommand, for its options.
  CLI::App* add(const CommandHelp& help, std::function<int()> run);

  // As add(), for a command whose options are parsed into a fresh Options value: RUN
  // gets it. Returns the subcommand and that value, to bind the options to.
  template <class Options>
  struct Added {
    CLI::App* command;
    Options& options;
  };
  template <class Options, class Run>
  Added<Options> add_with(const CommandHelp& help, Run run) {
    auto options = std::make_shared<Options>();
    CLI::App* command = add(help, [options, run] { return run(*options); });
    return {command, *options};
  }

  // The exit status of the command that was given; nullopt if none was.
  std::optional<int> run_given() const;

 private:
  CLI::App& app_;
  std::string only_;
  std::vector<std::pair<CLI::App*, std::function<int()>>> commands_;
};

// RUN with the judge made the subreaper first (process/process.hpp), for a command that
// runs submissions: the orphans a submission leaves behind are the judge's to reap.
template <class Options>
std::function<int(const Options&)> reaping_orphans(int (*run)(const Options&)) {
  return [run](const Options& options) {
    become_subreaper();
    return run(options);
  };
}

// batch, merge, report and the hidden batch-worker (cli/batch_cli.cpp).
void add_batch_commands(Commands& commands);
// The problem setter's: doctor, validate, generate, new, stress (cli/setter_cli.cpp).
void add_setter_commands(Commands& commands);

}  // namespace judge
