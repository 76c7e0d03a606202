// flags.h: the validator_flags this problem understands.
#pragma once

#include "validate.h"

// max_guesses N (1 <= N <= 100): how many guesses the team may make. Absent: 10.
// Any other flag, a repeated flag or a bad number is a judge error: a judge that
// mangles validator_flags must not silently fall back to the default.
int parse_max_guesses(const validation::Session& session);
