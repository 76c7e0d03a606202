// expect-score: 51 51
// Wrong answer: counts on random delivery. It orders random fresh values from a narrow
// range and expects that, with cookies arriving at random, a coincidence a + b = c or
// a + b = c + d among the (up to 101) cookies turns up soon (the birthday paradox: with
// random cookies it almost always does). It checks every such coincidence exactly and
// then answers correctly; if none turns up after 101 orders, it guesses a pairing of
// two cookies, which is wrong. The `spoiler` courier never delivers a cookie that
// completes such a coincidence while the order offers another: there it always guesses.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

namespace {

std::int64_t order(const std::vector<std::int64_t>& values) {
  std::string line = "?";
  for (std::int64_t value : values) line += " " + std::to_string(value);
  line += '\n';
  std::fwrite(line.data(), 1, line.size(), stdout);
  std::fflush(stdout);
  long long cookie = 0;
  if (std::scanf("%lld", &cookie) != 1) std::exit(0);
  return cookie;
}

[[noreturn]] void answer(const std::vector<std::int64_t>& first, const std::vector<std::int64_t>& second) {
  std::string text = "! " + std::to_string(first.size()) + " " + std::to_string(second.size()) + "\n";
  for (const auto* list : {&first, &second}) {
    for (std::size_t i = 0; i < list->size(); ++i) text += (i ? " " : "") + std::to_string((*list)[i]);
    text += '\n';
  }
  std::fwrite(text.data(), 1, text.size(), stdout);
  std::fflush(stdout);
  std::exit(0);
}

}  // namespace

int main() {
  int n = 0;
  if (std::scanf("%d", &n) != 1) return 0;
  const std::int64_t range = std::max<std::int64_t>(1000, std::int64_t{4} * n * 101);
  std::mt19937_64 engine(20211);  // fixed: the same orders every run
  std::unordered_set<std::int64_t> ordered;
  std::vector<std::int64_t> cookies;
  std::unordered_map<std::int64_t, std::pair<std::size_t, std::size_t>> pair_sums;  // sum -> (i, j)
  for (int round = 0; round < 101; ++round) {
    std::vector<std::int64_t> values;
    while (values.size() < static_cast<std::size_t>(n)) {
      const auto value = static_cast<std::int64_t>(engine() % static_cast<std::uint64_t>(range)) + 1;
      if (ordered.insert(value).second) values.push_back(value);
    }
    const std::int64_t cookie = order(values);
    const std::size_t index = cookies.size();
    // cookie = a + b?
    if (const auto found = pair_sums.find(cookie); found != pair_sums.end()) {
      answer({cookie}, {cookies[found->second.first], cookies[found->second.second]});
    }
    // cookie + a = b + c, with a, b, c distinct?
    for (std::size_t a = 0; a < index; ++a) {
      const auto found = pair_sums.find(cookie + cookies[a]);
      if (found != pair_sums.end() && found->second.first != a && found->second.second != a) {
        answer({cookie, cookies[a]}, {cookies[found->second.first], cookies[found->second.second]});
      }
    }
    cookies.push_back(cookie);
    for (std::size_t a = 0; a < index; ++a) {
      // a + cookie = c (an earlier cookie)?
      for (std::size_t c = 0; c < index; ++c) {
        if (c != a && cookies[c] == cookies[a] + cookie) answer({cookies[a], cookie}, {cookies[c]});
      }
      pair_sums.emplace(cookies[a] + cookie, std::make_pair(a, index));
    }
  }
  // Nothing turned up: guess.
  answer({cookies[0]}, {cookies[1]});
}
