// The benchmark's synthetic interaction: ROUNDS round trips of a short line.
// Test file: ROUNDS. The interactor sends k, the solution answers k + 1.
#include "interactor.hpp"

int main(int argc, char** argv) {
  return interactor::run(argc, argv, [](interactor::Session& s) {
    interactor::Line first = s.test().read_line("the number of rounds");
    const std::int64_t rounds = first.read_int(1, 10000000, "rounds");
    first.expect_end();
    s.send(std::to_string(rounds));
    for (std::int64_t k = 1; k <= rounds; ++k) {
      s.send(std::to_string(k));
      interactor::Line line = s.read_line("an answer");
      line.set_shape("'k+1'");
      line.read_int(k + 1, k + 1, "the answer");
      line.expect_end();
    }
    s.accept("{} round trips", rounds);
  });
}
