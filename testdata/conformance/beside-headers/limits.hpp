// The problem's limits, shared by the interactor and the generator (a header beside
// the interactor, as a setter keeps one).
#pragma once

constexpr long max_n = 1000000;
constexpr int max_guesses = 20;
