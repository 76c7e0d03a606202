// The problem setter's subcommands of the judge command line: `doctor` (is this host
// fit to judge), `validate` (test inputs through the input validators), `generate`
// (test inputs from the manifest), `new` (a problem's skeleton) and `stress` (a
// submission on generated tests until one fails). Their options and help (CLI11),
// kept out of cli.cpp, which only adds them and dispatches; like cli.cpp, this file
// is part of the `judge` executable only.
#pragma once

#include <memory>
#include <optional>

namespace CLI {
class App;
}

namespace judge {

class SetterCommands {
 public:
  // Adds the subcommands to `app`.
  explicit SetterCommands(CLI::App& app);
  ~SetterCommands();
  SetterCommands(const SetterCommands&) = delete;
  SetterCommands& operator=(const SetterCommands&) = delete;

  // If one of them was given: runs it and returns its exit status. Throws
  // ConfigError (exit 2) and std::exception (exit 3) as the other commands do.
  std::optional<int> run_if_parsed() const;

  // The subcommands' parsed options (defined in setter_cli.cpp).
  struct State;

 private:
  std::unique_ptr<State> state_;
};

}  // namespace judge
