#include "game.hpp"

#include <string>
#include <vector>

#include <fmt/format.h>

#include "answer.hpp"
#include "limits.hpp"
#include "order_book.hpp"
#include "order_line.hpp"

namespace twin_cookies {
namespace {

using interactor::Line;
using interactor::Session;
using interactor::Verdict;

std::string repeat_detail(const Repeat& repeat, std::int64_t order_number, std::int64_t value) {
  if (repeat.earlier.order == order_number) {
    return fmt::format("v_{} = {} repeats v_{} of this order", repeat.index + 1, value, repeat.earlier.index + 1);
  }
  return fmt::format("v_{} = {} was already ordered in order {} (as its v_{}): a tastiness can be ordered only once",
                     repeat.index + 1, value, repeat.earlier.order, repeat.earlier.index + 1);
}

// Plays until the contestant's answer, which it returns (well-formed, not yet judged).
Answer interact(Session& session, int n, Courier& courier, OrderBook& book) {
  session.send(std::to_string(n));
  std::vector<std::int64_t> values;
  values.reserve(static_cast<std::size_t>(n));
  for (;;) {
    Line line = session.read_line("the answer '! m k'");
    line.set_shape("'? v_1 ... v_n' or '! m k'");
    if (line.read_mark() == interactor::Mark::answer) return read_answer(session, line);
    session.count_query();  // the 102nd order ends here, unread and unanswered
    const std::int64_t order_number = book.orders() + 1;
    parse_order(line, n, order_number, values);
    if (const std::optional<Repeat> repeat = book.add_order(values)) {
      reject_order(line, n, order_number, repeat->index, repeat_detail(*repeat, order_number, values[repeat->index]));
    }
    const std::int64_t cookie = values[courier.choose(values)];
    book.deliver(cookie);
    session.send(std::to_string(cookie));
  }
}

void record_facts(Session& session, int n, const OrderBook& book) {
  session.set_fact("n", n);
  session.set_fact("orders", book.orders());
  session.set_fact("delivered", book.delivered());
}

}  // namespace

void play(Session& session, int n, Courier& courier) {
  session.set_max_line_bytes(max_line_bytes(n));
  session.set_query_limit(kMaxOrders);
  OrderBook book(static_cast<std::size_t>(n) * static_cast<std::size_t>(kMaxOrders));
  Answer answer;
  try {
    answer = interact(session, n, courier, book);
  } catch (const interactor::Finish&) {
    record_facts(session, n, book);
    throw;
  }
  record_facts(session, n, book);
  if (const std::optional<std::string> error = answer_error(answer, book)) session.reject(Verdict::WA, "{}", *error);
  session.accept("equal sums {} with {} + {} cookies, after {} order{}", to_string(sum_of(answer.first)),
                 answer.first.size(), answer.second.size(), book.orders(), book.orders() == 1 ? "" : "s");
}

}  // namespace twin_cookies
