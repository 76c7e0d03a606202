// The exit codes of the ICPC output-validator convention (problemtools, Kattis,
// DOMjudge, BAPCtools; docs/problem-format.md): a validator or interactor exits 42 to
// accept and 43 to reject; an input validator exits 42 for a valid input and 43 for
// an invalid one. Any other ending is the program's own failure (a judge error).
// These are the only places the two numbers are written.
#pragma once

namespace judge {

inline constexpr int icpc_accept_exit = 42;
inline constexpr int icpc_reject_exit = 43;

}  // namespace judge
