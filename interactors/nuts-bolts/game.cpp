#include "game.hpp"

#include <cstdio>
#include <fstream>
#include <string>
#include <system_error>
#include <vector>

#include <fmt/format.h>

#include "permutation.hpp"
#include "query_limit.hpp"
#include "test_format.hpp"

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
  std::vector<int> answer = interactor::read_permutation(line, n, {"bolt", "bolts", "nut", "nuts"});
  for (int& bolt : answer) --bolt;
  return answer;
}

std::string_view symbol(std::strong_ordering order) {
  if (order < 0) return "<";
  if (order > 0) return ">";
  return "=";
}

// Plays until the contestant's answer, which it returns (0-based), keeping every reply.
// With `stop_at`, a query over it ends the game instead (unanswered): nullopt.
std::optional<std::vector<int>> interact(Session& session, SizeOracle& oracle, std::vector<Reply>& replies,
                                         std::optional<std::int64_t> stop_at) {
  const int n = oracle.n();
  session.send(std::to_string(n));
  for (;;) {
    Line line = session.read_line("the answer '! p_1 ... p_n'");
    line.set_shape("'? i j' or '! p_1 ... p_n'");
    if (line.read_mark() == interactor::Mark::answer) return read_answer(line, n);
    line.set_shape("'? i j'");
    const auto nut = static_cast<int>(line.read_int(1, n, "i"));
    const auto bolt = static_cast<int>(line.read_int(1, n, "j"));
    line.expect_end();
    if (stop_at && session.queries() >= *stop_at) return std::nullopt;
    session.count_query();
    const std::strong_ordering order = oracle.compare(nut - 1, bolt - 1);
    replies.push_back({nut - 1, bolt - 1, order});
    session.send(symbol(order));
  }
}

// Writes `text` to `path` through a temporary file, so it appears whole or not at all.
void write_atomically(Session& session, const std::filesystem::path& path, const std::string& text) {
  const std::filesystem::path temporary = path.string() + ".tmp";
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    out << text;
    out.close();
    if (!out) session.judge_error("cannot write {}", temporary.string());
  }
  std::error_code error;
  std::filesystem::rename(temporary, path, error);
  if (error) session.judge_error("cannot rename {} to {}: {}", temporary.string(), path.string(), error.message());
}

[[noreturn]] void finish_probe(Session& session, const Sizes& sizes, bool answered, const GameOptions& options) {
  write_atomically(session, *options.next_pass, fixed_test_text(sizes, options.next_pass_strict));
  session.set_fact("probe", true);
  session.accept("probe pass: {} queries against the worst adversary, {}; the next pass replays its sizes{}",
                 session.queries(), answered ? "then the answer" : "then a query over the limit",
                 options.next_pass_strict ? " (strict)" : "");
}

[[noreturn]] void judge_plainly(Session& session, const std::vector<int>& answer, const Sizes& sizes,
                                std::string_view note) {
  const int n = static_cast<int>(answer.size());
  for (int nut = 0; nut < n; ++nut) {
    const int bolt = answer[static_cast<std::size_t>(nut)];
    const int nut_size = sizes.nuts[static_cast<std::size_t>(nut)];
    const int bolt_size = sizes.bolts[static_cast<std::size_t>(bolt)];
    if (nut_size != bolt_size) {
      session.reject(Verdict::WA, "wrong matching: nut {} does not fit bolt {} (sizes {} and {}){}", nut + 1,
                     bolt + 1, nut_size, bolt_size, note);
    }
  }
  session.accept("matched {} nuts and bolts with {} queries (limit {}){}", n, session.queries(),
                 *session.query_limit(), note);
}

// "nut 3 fits bolt 7 and nut 9 fits bolt 5 (you gave them bolts 5 and 7)"
std::string difference(const std::vector<int>& answer, const Sizes& witness) {
  const std::vector<int> other = matching_of(witness);
  std::vector<std::string> fits_instead;
  std::vector<std::string> given;
  int differing = 0;
  constexpr int kShown = 3;
  for (std::size_t nut = 0; nut < answer.size(); ++nut) {
    if (other[nut] == answer[nut]) continue;
    if (++differing > kShown) continue;
    fits_instead.push_back(fmt::format("nut {} fits bolt {}", nut + 1, other[nut] + 1));
    given.push_back(std::to_string(answer[nut] + 1));
  }
  const auto list = [](const std::vector<std::string>& items) {
    std::string text;
    for (std::size_t k = 0; k < items.size(); ++k) {
      text += (k == 0 ? "" : k + 1 == items.size() ? " and " : ", ") + items[k];
    }
    return text;
  };
  std::string text = list(fits_instead);
  if (differing > kShown) text += fmt::format(" ({} more nuts fit other bolts than you gave)", differing - kShown);
  return fmt::format("{} (you gave {} bolt{} {})", text, differing == 1 ? "it" : "them",
                     given.size() == 1 ? "" : "s", list(given));
}

[[noreturn]] void judge_strictly(Session& session, const std::vector<Reply>& replies, const std::vector<int>& answer,
                                 const Sizes& sizes, const GameOptions& options) {
  const ForcingCheck check = check_forced(replies, answer, sizes, options.forcing);
  session.set_fact("strict_check", forcing_name(check.result));
  session.set_fact("strict_check_work", check.work);
  const auto record_witness = [&] {
    session.set_fact("witness", nlohmann::json{{"nuts", check.witness.nuts}, {"bolts", check.witness.bolts}});
  };
  switch (check.result) {
    case Forcing::forced:
      if (matching_of(sizes) != answer) {
        session.judge_error("interactor bug: the answer is forced but the oracle's sizes pair it differently");
      }
      session.accept("matched {} nuts and bolts with {} queries (limit {}), forced by the replies",
                     answer.size(), session.queries(), *session.query_limit());
    case Forcing::contradicted:
      record_witness();
      session.reject(Verdict::WA, "wrong matching: {}", check.contradiction);
    case Forcing::not_forced:
      record_witness();
      session.reject(Verdict::WA,
                     "the replies do not force your matching: they also fit sizes where {}; "
                     "those sizes are the witness in result.json",
                     difference(answer, check.witness));
    case Forcing::over_budget:
      break;
  }
  judge_plainly(session, answer, sizes, " (strict check over its budget: judged against the interactor's sizes)");
}

}  // namespace

void play(Session& session, SizeOracle& oracle, const GameOptions& options) {
  const int n = oracle.n();
  const std::int64_t limit = query_limit(n);
  session.set_query_limit(limit);
  std::vector<Reply> replies;
  std::optional<std::vector<int>> answer;
  try {
    answer = interact(session, oracle, replies, options.next_pass ? std::optional(limit) : std::nullopt);
  } catch (const interactor::Finish&) {
    record_sizes(session, oracle.commit({}));
    throw;
  }
  const Sizes sizes = oracle.commit(answer ? std::span<const int>(*answer) : std::span<const int>());
  record_sizes(session, sizes);
  if (options.next_pass) finish_probe(session, sizes, answer.has_value(), options);
  if (options.strict) judge_strictly(session, replies, *answer, sizes, options);
  judge_plainly(session, *answer, sizes, "");
}

}  // namespace nuts_bolts
