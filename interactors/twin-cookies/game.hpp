// The twin-cookies game against one contestant (protocol in README.md): send n, answer
// up to 101 orders "? v_1 ... v_n" with the cookie the courier delivers, then judge the
// answer "! m k" and its two lists. Always ends with a verdict:
//   PE   a malformed order (count, token, range, a value ordered before) or answer shape
//   QLE  a 102nd order (not parsed, not answered)
//   WA   a wrong answer (m or k < 1, a cookie never delivered or given twice, unequal
//        sums), or the contestant's output ended early
//   AC   a correct split
// Whatever the verdict, result.json gets "n", "orders" (orders answered) and
// "delivered" (the cookie of each order), so a transcript can be checked against them.
#pragma once

#include "courier.hpp"
#include "interactor.hpp"

namespace twin_cookies {

[[noreturn]] void play(interactor::Session& session, int n, Courier& courier);

}  // namespace twin_cookies
