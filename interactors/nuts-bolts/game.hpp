// The nuts-bolts game against one contestant (protocol in README.md): send n, answer
// "? i j" queries with '<', '=' or '>' (query limit floor(5 n log2 n)), then judge the
// answer "! p_1 ... p_n". Always ends with a verdict. Whatever the verdict, result.json
// gets the sizes the oracle commits to ("nuts", "bolts"), so every answer of a
// transcript can be checked against them.
#pragma once

#include "interactor.hpp"
#include "size_oracle.hpp"

namespace nuts_bolts {

[[noreturn]] void play(interactor::Session& session, SizeOracle& oracle);

}  // namespace nuts_bolts
