// nuts-bolts interactor: reads the test (test_format.hpp), plays the game (game.hpp).
// A probe test writes the next pass's test to FEEDBACK_DIR/nextpass.in.
#include <filesystem>

#include "game.hpp"
#include "interactor.hpp"
#include "test_format.hpp"

int main(int argc, char** argv) {
  // run() checks the arguments before it calls the body; options may follow
  // FEEDBACK_DIR/ (interactors/lib/run_options.hpp).
  const std::filesystem::path feedback_dir = argc >= 4 ? argv[3] : "";
  return interactor::run(argc, argv, [&](interactor::Session& session) {
    nuts_bolts::TestSetup setup = nuts_bolts::read_test(session.test());
    for (const auto& [key, value] : setup.facts.items()) session.set_fact(key, value);
    nuts_bolts::GameOptions options;
    options.strict = setup.strict;
    if (setup.probe) {
      options.next_pass = feedback_dir / "nextpass.in";
      options.next_pass_strict = setup.strict;
    }
    nuts_bolts::play(session, *setup.oracle, options);
  });
}
