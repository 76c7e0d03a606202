// twin-cookies interactor: reads the test (test_format.hpp), plays the game (game.hpp).
#include "game.hpp"
#include "interactor.hpp"
#include "test_format.hpp"

int main(int argc, char** argv) {
  return interactor::run(argc, argv, [](interactor::Session& session) {
    twin_cookies::TestSetup setup = twin_cookies::read_test(session.test());
    for (const auto& [key, value] : setup.facts.items()) session.set_fact(key, value);
    twin_cookies::play(session, setup.n, *setup.courier);
  });
}
