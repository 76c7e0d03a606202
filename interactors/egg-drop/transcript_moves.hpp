// Recomputes the moves of a finished interaction from its transcript (the ICPC
// `.interaction` form the interactor library writes: "<" + each line sent to the
// contestant, ">" + each line received), independently of the interactor's game loop.
//
// The drops are the received lines of the form "? e f" (strict as the interactor reads
// them: single spaces, decimal integers without '+' or leading zeros, 1 <= e, f <= N),
// in order, up to the first received line that is not one — the answer "! ...", or a
// malformed line that ended the game — and at most kQueryLimit of them: the interactor
// answers no query after those. Their floors go through MoveCounter with the test's P.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string_view>

#include "moves.hpp"

namespace egg_drop {

// The transcript cannot be recomputed: it was cut at the judge's size cap, or it
// holds a line that is neither "<..." nor ">...".
class TranscriptError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The moves; `drops` is the number of queries the interactor answered.
MoveCount moves_from_transcript(std::string_view transcript, int n, std::int64_t penalty);

}  // namespace egg_drop
