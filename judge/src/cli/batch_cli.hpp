// The `batch`, `merge` and `report` subcommands of the judge command line: their
// options and help (CLI11), parsed into BatchOptions / merge / report calls; and
// the hidden `batch-worker` that runs one test of a batch (batch/worker.hpp). Kept
// out of cli.cpp, which only adds them and dispatches; like cli.cpp, this file is
// part of the `judge` executable only (CLI11 is a build dependency of main).
#pragma once

#include <memory>
#include <optional>

#include "base/errors.hpp"

namespace CLI {
class App;
}

namespace judge {

class BatchCommands {
 public:
  // Adds the subcommands to `app`.
  explicit BatchCommands(CLI::App& app);
  ~BatchCommands();
  BatchCommands(const BatchCommands&) = delete;
  BatchCommands& operator=(const BatchCommands&) = delete;

  // If one of them was given: runs it and returns its exit status. Throws
  // ConfigError (exit 2) and std::exception (exit 3) as the other commands do.
  std::optional<int> run_if_parsed() const;

  // The subcommands' parsed options (defined in batch_cli.cpp).
  struct State;

 private:
  std::unique_ptr<State> state_;
};

}  // namespace judge
