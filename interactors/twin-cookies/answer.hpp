// The final answer: three lines
//   ! m k            m, k: how many cookies each sister gets
//   a_1 ... a_m      the first sister's cookies
//   b_1 ... b_k      the second sister's cookies
// read_answer() enforces the shape (PE: not integers, a value outside [1, 10^16], a
// list longer or shorter than announced, bad spacing) and rejects at once, as WA, a
// sister without cookies (m < 1 or k < 1).
// answer_error() then judges a well-formed answer: every cookie delivered, none given
// twice, equal sums (computed in 128 bits).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "interactor.hpp"
#include "order_book.hpp"

namespace twin_cookies {

struct Answer {
  std::vector<std::int64_t> first;   // a_1 .. a_m
  std::vector<std::int64_t> second;  // b_1 .. b_k
};

// `header` is the line whose first token "!" has been read; the lists are read from
// the session.
Answer read_answer(interactor::Session& session, interactor::Line& header);

// Why the answer is wrong (a message naming the offending value), or nothing if it is
// right.
std::optional<std::string> answer_error(const Answer& answer, const OrderBook& book);

// The sum of `cookies`, exactly (up to 101 values of up to 10^16 each).
__extension__ using Sum = __int128;
Sum sum_of(const std::vector<std::int64_t>& cookies);
std::string to_string(Sum sum);

}  // namespace twin_cookies
