// The nuts-bolts game against one contestant (protocol in README.md): send n, answer
// "? i j" queries with '<', '=' or '>' (query limit floor(5 n log2 n)), then judge the
// answer "! p_1 ... p_n". Always ends with a verdict. Whatever the verdict, result.json
// gets the sizes the oracle commits to ("nuts", "bolts"), so every answer of a
// transcript can be checked against them.
//
// The answer is judged
//   plainly   against the oracle's sizes (tests `fixed`, `random SEED`), or
//   strictly  by check_forced() (forced_matching.hpp): accepted only if the replies force
//             it, else WA with a witness (result.json "witness"); past the check's budget
//             it falls back to the oracle's sizes ("strict_check": "over_budget").
// A probe pass (options.next_pass) is not judged: it ends at the answer or when the
// contestant asks query limit + 1 (not answered), writes the oracle's sizes as a `fixed`
// test to options.next_pass for the judge's next pass and accepts with "probe": true.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

#include "forced_matching.hpp"
#include "interactor.hpp"
#include "size_oracle.hpp"

namespace nuts_bolts {

struct GameOptions {
  bool strict = false;
  std::optional<std::filesystem::path> next_pass;  // set: a probe pass
  bool next_pass_strict = true;                    // the next pass's test says `fixed strict`
  ForcingOptions forcing;
};

[[noreturn]] void play(interactor::Session& session, SizeOracle& oracle, const GameOptions& options = {});

}  // namespace nuts_bolts
