#include "game.hpp"

#include <string>
#include <vector>

#include <fmt/format.h>

#include "query_limit.hpp"

namespace nuts_bolts {
namespace {

using interactor::Line;
using interactor::Session;
using interactor::Verdict;

void record_sizes(Session& session, const Sizes& sizes) {
  session.set_fact("nuts", sizes.nuts);
  session.set_fact("bolts", sizes.bolts);
}

// "! p_1 ... p_n" after the '!': a permutation of 1..n, returned 0-based.
std::vector<int> read_answer(Line& line, int n) {
  line.set_shape("'! p_1 ... p_n'");
  std::vector<int> answer;
  std::vector<int> nut_of_bolt(static_cast<std::size_t>(n) + 1, 0);
  while (!line.at_end()) {
    const int nut = static_cast<int>(answer.size()) + 1;
    if (nut > n) {
      if (line.text().ends_with(' ')) line.expect_end();  // says "a space at the end of the line"
      line.fail(fmt::format("more than {} bolts for {} nuts", n, n));
    }
    const auto bolt = static_cast<int>(line.read_int(1, n, fmt::format("p_{}", nut)));
    if (const int other = nut_of_bolt[static_cast<std::size_t>(bolt)]; other != 0) {
      line.fail(fmt::format("bolt {} is given to nut {} and to nut {}", bolt, other, nut));
    }
    nut_of_bolt[static_cast<std::size_t>(bolt)] = nut;
    answer.push_back(bolt - 1);
  }
  if (static_cast<int>(answer.size()) != n) {
    line.fail(fmt::format("{} bolts for {} nuts", answer.size(), n));
  }
  return answer;
}

std::string_view symbol(std::strong_ordering order) {
  if (order < 0) return "<";
  if (order > 0) return ">";
  return "=";
}

// Plays until the contestant's answer, which it returns (0-based).
std::vector<int> interact(Session& session, SizeOracle& oracle) {
  const int n = oracle.n();
  session.send(std::to_string(n));
  for (;;) {
    Line line = session.read_line("the answer '! p_1 ... p_n'");
    line.set_shape("'? i j' or '! p_1 ... p_n'");
    const std::string_view kind = line.read_token("'?' or '!'");
    if (kind == "!") return read_answer(line, n);
    if (kind != "?") line.fail(fmt::format("{} is neither '?' nor '!'", interactor::quote(kind)));
    line.set_shape("'? i j'");
    const auto nut = static_cast<int>(line.read_int(1, n, "i"));
    const auto bolt = static_cast<int>(line.read_int(1, n, "j"));
    line.expect_end();
    session.count_query();
    session.send(symbol(oracle.compare(nut - 1, bolt - 1)));
  }
}

}  // namespace

void play(Session& session, SizeOracle& oracle) {
  const int n = oracle.n();
  session.set_query_limit(query_limit(n));
  std::vector<int> answer;
  try {
    answer = interact(session, oracle);
  } catch (const interactor::Finish&) {
    record_sizes(session, oracle.commit({}));
    throw;
  }
  const Sizes sizes = oracle.commit(answer);
  record_sizes(session, sizes);
  for (int nut = 0; nut < n; ++nut) {
    const int bolt = answer[static_cast<std::size_t>(nut)];
    const int nut_size = sizes.nuts[static_cast<std::size_t>(nut)];
    const int bolt_size = sizes.bolts[static_cast<std::size_t>(bolt)];
    if (nut_size != bolt_size) {
      session.reject(Verdict::WA, "wrong matching: nut {} does not fit bolt {} (sizes {} and {})", nut + 1,
                     bolt + 1, nut_size, bolt_size);
    }
  }
  session.accept("matched {} nuts and bolts with {} queries (limit {})", n, session.queries(),
                 *session.query_limit());
}

}  // namespace nuts_bolts
