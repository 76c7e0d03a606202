#include "answer.hpp"

#include <string_view>

#include <fmt/format.h>

#include "cookie_value.hpp"

namespace twin_cookies {
namespace {

using interactor::Line;
using interactor::Session;
using interactor::Verdict;

// A count of the header: any 64-bit integer is well-formed (its value is judged later).
std::int64_t read_count(Line& header, std::string_view name) {
  const std::string_view token = header.read_token(name);
  std::int64_t value = 0;
  if (interactor::parse_int64(token, value) != interactor::IntError::none) {
    header.fail(fmt::format("{} {} is not an integer", name, interactor::quote(token, 0, 24)));
  }
  return value;
}

// One sister's list: exactly `count` cookie values named letter_1 .. letter_count.
std::vector<std::int64_t> read_list(Session& session, std::int64_t count, std::string_view sister,
                                    std::string_view count_name, char letter) {
  const std::string what = fmt::format("the {} sister's cookies", sister);
  Line line = session.read_line(what);
  line.set_shape(fmt::format("{} '{}_1 ... {}_{}' ({} = {})", what, letter, letter, count, count_name, count));
  std::vector<std::int64_t> values;
  while (!line.at_end() || values.empty()) {
    const auto index = static_cast<std::int64_t>(values.size()) + 1;
    const std::string name = fmt::format("{}_{}", letter, index);
    const std::string_view token = line.read_token(name);
    if (index > count) line.fail(fmt::format("more than {} = {} values", count_name, count));
    std::int64_t value = 0;
    const CookieError error = parse_cookie(token, value);
    if (error != CookieError::none) line.fail(cookie_error_detail(error, token, name));
    values.push_back(value);
  }
  if (static_cast<std::int64_t>(values.size()) != count) {
    line.fail(fmt::format("{} value{}, expected {} = {}", values.size(), values.size() == 1 ? "" : "s",
                          count_name, count));
  }
  return values;
}

struct Given {
  std::int64_t value;
  std::string name;  // "a_2"
};

}  // namespace

Sum sum_of(const std::vector<std::int64_t>& cookies) {
  Sum sum = 0;
  for (std::int64_t cookie : cookies) sum += cookie;
  return sum;
}

std::string to_string(Sum sum) {
  if (sum == 0) return "0";
  const bool negative = sum < 0;
  std::string digits;
  while (sum != 0) {
    const auto digit = static_cast<int>(sum % 10);
    digits.insert(digits.begin(), static_cast<char>('0' + (digit < 0 ? -digit : digit)));
    sum /= 10;
  }
  return negative ? "-" + digits : digits;
}

Answer read_answer(Session& session, Line& header) {
  header.set_shape("'! m k'");
  const std::int64_t m = read_count(header, "m");
  const std::int64_t k = read_count(header, "k");
  header.expect_end();
  if (m < 1) session.reject(Verdict::WA, "line {}: m = {}: the first sister must get at least one cookie", header.number(), m);
  if (k < 1) session.reject(Verdict::WA, "line {}: k = {}: the second sister must get at least one cookie", header.number(), k);
  Answer answer;
  answer.first = read_list(session, m, "first", "m", 'a');
  answer.second = read_list(session, k, "second", "k", 'b');
  return answer;
}

std::optional<std::string> answer_error(const Answer& answer, const OrderBook& book) {
  std::vector<Given> given;
  const auto check_list = [&](const std::vector<std::int64_t>& cookies, char letter) -> std::optional<std::string> {
    for (std::size_t i = 0; i < cookies.size(); ++i) {
      const std::int64_t value = cookies[i];
      const std::string name = fmt::format("{}_{}", letter, i + 1);
      if (!book.delivering_order(value)) {
        const std::optional<Placement> placed = book.placement(value);
        if (!placed) return fmt::format("{} = {} was never ordered", name, value);
        return fmt::format("{} = {} never arrived: order {} offered it as v_{}, but cookie {} was delivered", name,
                           value, placed->order, placed->index + 1,
                           book.delivered()[static_cast<std::size_t>(placed->order - 1)]);
      }
      for (const Given& earlier : given) {
        if (earlier.value == value) {
          const bool same_sister = earlier.name[0] == letter;
          return fmt::format("{} = {} is given twice: it is also {}{}", name, value, earlier.name,
                             same_sister ? "" : " (to the other sister)");
        }
      }
      given.push_back({value, name});
    }
    return std::nullopt;
  };
  if (auto error = check_list(answer.first, 'a')) return error;
  if (auto error = check_list(answer.second, 'b')) return error;
  const Sum first = sum_of(answer.first);
  const Sum second = sum_of(answer.second);
  if (first != second) {
    const auto cookies = [](std::size_t count) { return fmt::format("{} cookie{}", count, count == 1 ? "" : "s"); };
    return fmt::format("the sums differ: {} for the first sister ({}), {} for the second ({})", to_string(first),
                       cookies(answer.first.size()), to_string(second), cookies(answer.second.size()));
  }
  return std::nullopt;
}

}  // namespace twin_cookies
