// egg-drop interactor: reads the test (test_format.hpp), plays the game (game.hpp).
#include "game.hpp"
#include "interactor.hpp"
#include "test_format.hpp"

int main(int argc, char** argv) {
  return interactor::run(argc, argv, [](interactor::Session& session) {
    const egg_drop::EggTest test = egg_drop::read_test(session.test());
    for (const auto& [key, value] : test.facts.items()) session.set_fact(key, value);
    egg_drop::play(session, test);
  });
}
