// The egg-drop game against one contestant (protocol in README.md): send N, answer
// queries "? e f" with 1 (egg e shatters from floor f: f >= p_e) or 0 while counting
// moves (moves.hpp), then judge the answer "! p_1 ... p_N". Always ends with a verdict:
//   malformed query line           -1 sent, PE
//   query kQueryLimit + 1          -1 sent, QLE (not answered, not counted as moves)
//   answer not a permutation       PE
//   answer a different permutation WA, naming the first wrong egg
//   output ended before the answer WA with contestant_eof (the library's rule)
// Whatever the verdict, result.json gets the move figures "moves", "drops",
// "floors_travelled" and "direction_changes" of the queries answered so far.
#pragma once

#include "interactor.hpp"
#include "test_format.hpp"

namespace egg_drop {

[[noreturn]] void play(interactor::Session& session, const EggTest& test);

}  // namespace egg_drop
