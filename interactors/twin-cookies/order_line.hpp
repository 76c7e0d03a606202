// An order line "? v_1 ... v_n", parsed strictly and fast by hand: an order is up to
// 5000 values (about 90 KB) and a test has up to 101 of them, so this is the
// interactor's hot loop. (The interactor library's Line::read_int formats its range
// message on every call: about 80 ms for 101 x 5000 values, against a few ms here.)
//
// Exactly n values, each a cookie value (cookie_value.hpp), separated by single
// spaces, nothing else. Every failure is a PE whose message names the line, the order
// and the value:
//   line 3: expected order 2 '? v_1 ... v_5000', got '...12 -5 7...' (v_2 '-5' has a sign)
// Repeats (within the order or with earlier orders) are the OrderBook's business; their
// message is made by reject_order() too.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "interactor.hpp"

namespace twin_cookies {

// Parses the whole line (it must start with "?") into `values` (cleared first).
void parse_order(const interactor::Line& line, int n, std::int64_t order_number, std::vector<std::int64_t>& values);

// Rejects the order with PE: `detail` about its value v_{value_index + 1}, the line
// quoted around that value.
[[noreturn]] void reject_order(const interactor::Line& line, int n, std::int64_t order_number,
                               std::size_t value_index, std::string_view detail);

}  // namespace twin_cookies
