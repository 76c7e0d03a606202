// Fuzz target `twin_cookies_game`: a whole twin-cookies game, the input being the
// contestant's output, against one of a few small fixed tests (every courier).
//
// Input: byte 0 picks the test (kTests, byte mod 7); the rest is the contestant's output.
//
// Checked, besides check_game() (fuzz_support.hpp), against a reference reading of the
// protocol written here:
//   - the game sends n first, then one cookie right after each order it answers; every
//     answered line is a well-formed order (n cookie values in [1, 10^16], none ordered
//     before), the cookie is one of its values, and the one the test's courier promises
//     for min, max, first and last; result.json's "orders" and "delivered" agree;
//   - a 102nd order is QLE, whatever follows its '?';
//   - an accept follows a well-formed "! m k" and two well-formed lists of m and k
//     cookies, each delivered, none given twice, with equal sums (128-bit);
//   - a WA (not an ended output) follows m < 1 or k < 1, or such lists that break one
//     of those rules: a right answer is never rejected;
//   - a PE follows a malformed line (of the role it had) or an order repeating a value.
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_support.hpp"
#include "game.hpp"
#include "limits.hpp"
#include "test_file_checks.hpp"
#include "test_format.hpp"

namespace {

using interactor::Outcome;
using interactor::Verdict;
using interactor_fuzz::describe;
using interactor_fuzz::PlayedGame;

constexpr std::array<std::string_view, 7> kTests = {
    "1\nrandom 1\n",  // the statement's first sample has n = 1
    "2\nfirst 0\n",   // its second has n = 2
    "3\nspoiler 5\n", "2\nmin 0\n", "3\nmax 0\n", "3\nlast 0\n", "3\nrandom 9\n",
};

__extension__ using Sum = __int128;

std::optional<std::int64_t> reference_cookie(std::string_view token) {
  return interactor_fuzz::canonical_in(token, twin_cookies::kCookieRange.min, twin_cookies::kCookieRange.max);
}

// After the leading token: exactly `count` cookie values.
std::optional<std::vector<std::int64_t>> reference_values(const std::vector<std::string_view>& tokens,
                                                          std::size_t first, std::int64_t count) {
  if (count < 0 || tokens.size() - first != static_cast<std::uint64_t>(count)) return std::nullopt;
  std::vector<std::int64_t> values;
  for (std::size_t k = first; k < tokens.size(); ++k) {
    const std::optional<std::int64_t> value = reference_cookie(tokens[k]);
    if (!value) return std::nullopt;
    values.push_back(*value);
  }
  return values;
}

struct Header {
  std::int64_t m = 0;
  std::int64_t k = 0;
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const interactor_fuzz::GameInput input = interactor_fuzz::split_game_input(data, size, kTests);
  const std::string_view output = input.output;
  const auto read_fixed_test = [&] {
    interactor::TestFile file = input.test_file();
    return twin_cookies::read_test(file);
  };

  // The body of interactor.cpp, with the test from memory.
  const PlayedGame game = interactor_fuzz::play_game(output, [&](interactor::Session& session) {
    twin_cookies::TestSetup setup = read_fixed_test();
    for (const auto& [key, value] : setup.facts.items()) session.set_fact(key, value);
    twin_cookies::play(session, setup.n, *setup.courier);
  });
  const twin_cookies::TestSetup test = read_fixed_test();
  const int n = test.n;
  interactor_fuzz::check_game(game, output, twin_cookies::max_line_bytes(n));

  const interactor::Finish& finish = game.finish;
  FUZZ_CHECK(game.query_limit == twin_cookies::kMaxOrders, "query limit {}", game.query_limit.value_or(-1));
  FUZZ_CHECK(game.sent[0] == std::to_string(n), "the first line sent is {}", interactor::quote(game.sent[0]));
  const std::size_t answered = interactor_fuzz::answered_lines(game);
  FUZZ_CHECK(game.received.size() >= answered, "{} lines read, {} answered", game.received.size(), answered);

  std::set<std::int64_t> ordered;
  std::set<std::int64_t> delivered_set;
  std::vector<std::int64_t> delivered;
  for (std::size_t k = 0; k < answered; ++k) {
    const std::vector<std::string_view> tokens = interactor_fuzz::split_spaces(game.received[k]);
    const std::optional<std::vector<std::int64_t>> order =
        tokens[0] == "?" ? reference_values(tokens, 1, n) : std::nullopt;
    FUZZ_CHECK(order, "line {} {} was answered", k + 1, interactor::quote(game.received[k]));
    for (const std::int64_t value : *order) {
      FUZZ_CHECK(ordered.insert(value).second, "line {}: {} was ordered before, yet answered", k + 1, value);
    }
    const std::optional<std::int64_t> cookie = reference_cookie(game.sent[k + 1]);
    FUZZ_CHECK(cookie && std::find(order->begin(), order->end(), *cookie) != order->end(),
               "order {} {} got {}", k + 1, game.received[k], interactor::quote(game.sent[k + 1]));
    const auto promised = [&]() -> std::optional<std::int64_t> {
      switch (test.strategy) {
        case twin_cookies::Strategy::min: return *std::min_element(order->begin(), order->end());
        case twin_cookies::Strategy::max: return *std::max_element(order->begin(), order->end());
        case twin_cookies::Strategy::first: return order->front();
        case twin_cookies::Strategy::last: return order->back();
        default: return std::nullopt;
      }
    }();
    FUZZ_CHECK(!promised || *promised == *cookie, "courier {} delivered {} for {}",
               twin_cookies::strategy_name(test.strategy), *cookie, game.received[k]);
    delivered.push_back(*cookie);
    delivered_set.insert(*cookie);
  }
  FUZZ_CHECK(game.facts.value("orders", std::int64_t{-1}) == static_cast<std::int64_t>(answered) &&
                 game.facts.value("delivered", std::vector<std::int64_t>{}) == delivered &&
                 game.facts.value("n", -1) == n,
             "result.json {}", game.facts.dump());

  // What follows the answered orders: one rejected order, or the answer's lines.
  // An unterminated last line was read but never parsed: it is not part of the game.
  const bool unterminated = finish.contestant_eof && finish.verdict == Verdict::PE;
  const std::vector<std::string> rest(game.received.begin() + static_cast<std::ptrdiff_t>(answered),
                                      game.received.end() - (unterminated ? 1 : 0));
  FUZZ_CHECK(rest.size() <= 3, "{} lines read after the last order", rest.size());
  const auto tokens_of = [&](std::size_t k) { return interactor_fuzz::split_spaces(rest[k]); };
  // An order line (first token "?") or, with "!", the answer's header.
  const bool order_line = !rest.empty() && (rest[0] == "?" || rest[0].starts_with("? "));
  // Every line whose first token is '?' counts as an order, answered or not (so the
  // 102nd is QLE before it is parsed).
  FUZZ_CHECK(game.queries == static_cast<std::int64_t>(answered) + (order_line ? 1 : 0),
             "{} queries counted, {} answered, then {}", game.queries, answered,
             interactor::quote(rest.empty() ? std::string() : rest[0]));
  std::optional<Header> header;
  if (!rest.empty() && !order_line) {
    const std::vector<std::string_view> tokens = tokens_of(0);
    if (tokens.size() == 3 && tokens[0] == "!") {
      const std::optional<std::int64_t> m = interactor_fuzz::canonical_int(tokens[1]);
      const std::optional<std::int64_t> k = interactor_fuzz::canonical_int(tokens[2]);
      if (m && k) header = Header{*m, *k};
    }
  }
  const bool counts_positive = header && header->m >= 1 && header->k >= 1;
  std::optional<std::vector<std::int64_t>> first;
  std::optional<std::vector<std::int64_t>> second;
  if (counts_positive && rest.size() >= 2) first = reference_values(tokens_of(1), 0, header->m);
  if (counts_positive && rest.size() >= 3) second = reference_values(tokens_of(2), 0, header->k);
  // Why a well-formed answer is wrong, or nothing.
  const auto answer_wrong = [&]() -> std::optional<std::string> {
    std::set<std::int64_t> given;
    Sum sums[2] = {0, 0};
    int side = 0;
    for (const std::vector<std::int64_t>* list : {&*first, &*second}) {
      for (const std::int64_t value : *list) {
        if (!delivered_set.contains(value)) return fmt::format("{} was not delivered", value);
        if (!given.insert(value).second) return fmt::format("{} is given twice", value);
        sums[side] += value;
      }
      ++side;
    }
    if (sums[0] != sums[1]) return std::string("the sums differ");
    return std::nullopt;
  };

  if (finish.outcome == Outcome::accept) {
    FUZZ_CHECK(first && second, "accepted a malformed answer: {}", describe(finish));
    const std::optional<std::string> wrong = answer_wrong();
    FUZZ_CHECK(!wrong, "accepted an answer where {}: {}", *wrong, describe(finish));
  } else if (finish.verdict == Verdict::WA && !finish.contestant_eof) {
    if (header && !counts_positive) {
      FUZZ_CHECK(rest.size() == 1, "read on after m = {}, k = {}", header->m, header->k);
    } else {
      FUZZ_CHECK(first && second, "WA for a malformed answer: {}", describe(finish));
      FUZZ_CHECK(answer_wrong(), "rejected a right answer: {}", describe(finish));
    }
  } else if (finish.verdict == Verdict::WA) {
    // The output ended: before the answer's lists, or between orders.
    FUZZ_CHECK(rest.empty() || (counts_positive && rest.size() <= 2), "{} lines after the orders, then WA: {}",
               rest.size(), describe(finish));
    if (rest.size() == 2) FUZZ_CHECK(first, "the first list was malformed, yet the game read on");
  } else if (finish.verdict == Verdict::QLE) {
    FUZZ_CHECK(order_line && rest.size() == 1 && answered == twin_cookies::kMaxOrders, "QLE after {} orders: {}",
               answered, describe(finish));
  } else if (finish.verdict == Verdict::PE && !finish.contestant_eof && !rest.empty() &&
             !interactor_fuzz::rejected_overlong_line(game, twin_cookies::max_line_bytes(n))) {
    if (order_line) {
      FUZZ_CHECK(rest.size() == 1, "read on after an order line");
      const std::vector<std::string_view> tokens = tokens_of(0);
      const std::optional<std::vector<std::int64_t>> order = reference_values(tokens, 1, n);
      bool repeats = false;
      if (order) {
        std::set<std::int64_t> seen = ordered;
        for (const std::int64_t value : *order) repeats = repeats || !seen.insert(value).second;
      }
      FUZZ_CHECK(!order || repeats, "PE for the well-formed order {}: {}", interactor::quote(rest[0]),
                 describe(finish));
    } else if (rest.size() == 1) {
      FUZZ_CHECK(!header, "PE for the well-formed header {}: {}", interactor::quote(rest[0]), describe(finish));
    } else if (rest.size() == 2) {
      FUZZ_CHECK(counts_positive && !first, "PE for the well-formed list {}: {}", interactor::quote(rest[1]),
                 describe(finish));
    } else {
      FUZZ_CHECK(first && !second, "PE for the well-formed list {}: {}", interactor::quote(rest[2]),
                 describe(finish));
    }
  }
  return 0;
}
