// Fuzz target `egg_drop_game`: a whole egg-drop game, the input being the contestant's
// output, against one of a few small fixed tests.
//
// Input: byte 0 picks the test (kTests, byte mod 4); the rest is the contestant's output.
//
// Checked, besides check_game() (fuzz_support.hpp), against a reference reading of the
// protocol written here:
//   - the game sends N first, then for each query it answers, right after it, "1" when
//     f >= p_e and "0" otherwise; every line it answered is a well-formed "? e f";
//   - result.json's moves, drops, floors_travelled and direction_changes are those of
//     the answered queries, recounted here from the statement's rule;
//   - an accept follows a well-formed answer equal to p; a WA (not an ended output) a
//     well-formed permutation other than p; a PE a line that is neither a well-formed
//     query nor a well-formed answer, or an overlong line;
//   - "-1" is sent after a rejected query line (PE or QLE, when the output has not
//     ended), never after an answer line.
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <optional>
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

constexpr std::array<std::string_view, 4> kTests = {
    "3\n3\nfixed\n2 1 3\n",  // the statement's sample
    "1\n0\nfixed\n1\n",      // the smallest N
    "5\n1000000000\nrandom 42\n",
    "4\n0\nfixed\n4 3 2 1\n",
};

struct Query {
  int egg = 0;
  int floor = 0;
};

std::optional<Query> reference_query(std::string_view text, int n) {
  const std::vector<std::string_view> tokens = interactor_fuzz::split_spaces(text);
  if (tokens.size() != 3 || tokens[0] != "?") return std::nullopt;
  const auto egg = interactor_fuzz::canonical_in(tokens[1], 1, n);
  const auto floor = interactor_fuzz::canonical_in(tokens[2], 1, n);
  if (!egg || !floor) return std::nullopt;
  return Query{static_cast<int>(*egg), static_cast<int>(*floor)};
}

// "! p_1 ... p_N", a permutation of 1..N.
std::optional<std::vector<int>> reference_answer(std::string_view text, int n) {
  const std::vector<std::string_view> tokens = interactor_fuzz::split_spaces(text);
  if (tokens.size() != static_cast<std::size_t>(n) + 1 || tokens[0] != "!") return std::nullopt;
  std::vector<int> answer;
  for (std::size_t k = 1; k < tokens.size(); ++k) {
    const auto floor = interactor_fuzz::canonical_in(tokens[k], 1, n);
    if (!floor) return std::nullopt;
    answer.push_back(static_cast<int>(*floor));
  }
  if (!interactor_fuzz::is_permutation_of_1_to_n(answer, static_cast<std::size_t>(n))) return std::nullopt;
  return answer;
}

// The statement's move count (README.md, "Moves"), written afresh.
struct Moves {
  std::int64_t moves = 0;
  std::int64_t drops = 0;
  std::int64_t floors = 0;
  std::int64_t changes = 0;
};

Moves count_moves(const std::vector<Query>& queries, std::int64_t penalty) {
  Moves count;
  int floor = egg_drop::kStartFloor;
  int direction = 0;  // -1 down, +1 up, 0 never moved
  for (const Query& query : queries) {
    ++count.drops;
    if (query.floor != floor) {
      const int moving = query.floor > floor ? 1 : -1;
      count.floors += std::abs(query.floor - floor);
      if (direction != 0 && moving != direction) ++count.changes;
      direction = moving;
      floor = query.floor;
    }
  }
  count.moves = count.drops + count.floors + penalty * count.changes;
  return count;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const interactor_fuzz::GameInput input = interactor_fuzz::split_game_input(data, size, kTests);
  const std::string_view output = input.output;
  const auto read_fixed_test = [&] {
    interactor::TestFile file = input.test_file();
    return egg_drop::read_test(file);
  };

  // The body of interactor.cpp, with the test from memory.
  const PlayedGame game = interactor_fuzz::play_game(output, [&](interactor::Session& session) {
    const egg_drop::EggTest test = read_fixed_test();
    for (const auto& [key, value] : test.facts.items()) session.set_fact(key, value);
    egg_drop::play(session, test);
  });
  interactor_fuzz::check_game(game, output, interactor::kDefaultMaxLineBytes);

  const egg_drop::EggTest test = read_fixed_test();
  const int n = test.n();
  const interactor::Finish& finish = game.finish;
  FUZZ_CHECK(game.query_limit == egg_drop::kQueryLimit, "query limit {}", game.query_limit.value_or(-1));
  FUZZ_CHECK(game.sent[0] == std::to_string(n), "the first line sent is {}", interactor::quote(game.sent[0]));

  // The replies: "0" or "1" right after each query; a last "-1" refuses the last line.
  const bool refused = game.sent.size() > 1 && game.sent.back() == "-1";
  const std::size_t answered = interactor_fuzz::answered_lines(game) - (refused ? 1 : 0);
  FUZZ_CHECK(game.received.size() == answered || game.received.size() == answered + 1,
             "{} lines read, {} answered: {}", game.received.size(), answered, describe(finish));
  std::vector<Query> queries;
  for (std::size_t k = 0; k < answered; ++k) {
    const std::optional<Query> query = reference_query(game.received[k], n);
    FUZZ_CHECK(query, "line {} {} was answered", k + 1, interactor::quote(game.received[k]));
    const bool shatters = query->floor >= test.shatter_floor[static_cast<std::size_t>(query->egg - 1)];
    FUZZ_CHECK(game.sent[k + 1] == (shatters ? "1" : "0"), "line {} {} got {}", k + 1, game.received[k],
               interactor::quote(game.sent[k + 1]));
    queries.push_back(*query);
  }
  const bool qle = finish.outcome == Outcome::reject && finish.verdict == Verdict::QLE;
  FUZZ_CHECK(game.queries == static_cast<std::int64_t>(answered) + (qle ? 1 : 0), "{} queries counted, {} answered",
             game.queries, answered);

  const Moves moves = count_moves(queries, test.penalty);
  FUZZ_CHECK(game.facts.value("moves", std::int64_t{-1}) == moves.moves &&
                 game.facts.value("drops", std::int64_t{-1}) == moves.drops &&
                 game.facts.value("floors_travelled", std::int64_t{-1}) == moves.floors &&
                 game.facts.value("direction_changes", std::int64_t{-1}) == moves.changes,
             "result.json {} but the moves are {} = {} drops + {} floors + {} changes", game.facts.dump(),
             moves.moves, moves.drops, moves.floors, moves.changes);

  const bool has_last = game.received.size() == answered + 1;
  const std::string last = has_last ? game.received.back() : std::string();
  const std::optional<Query> last_query = has_last ? reference_query(last, n) : std::nullopt;
  const std::optional<std::vector<int>> answer = has_last ? reference_answer(last, n) : std::nullopt;
  // The game reads an answer when the line's first token is "!".
  const bool answer_line = has_last && (last == "!" || last.starts_with("! "));

  if (finish.outcome == Outcome::accept) {
    FUZZ_CHECK(answer && *answer == test.shatter_floor, "accepted {}: {}", interactor::quote(last), describe(finish));
  } else if (finish.verdict == Verdict::WA && !finish.contestant_eof) {
    FUZZ_CHECK(answer && *answer != test.shatter_floor, "WA for {}: {}", interactor::quote(last), describe(finish));
  } else if (finish.verdict == Verdict::WA) {
    FUZZ_CHECK(!has_last, "the output ended, yet line {} is unanswered", game.received.size());
  } else if (finish.verdict == Verdict::PE && !finish.contestant_eof && has_last) {
    FUZZ_CHECK(!last_query && !answer, "PE for the well-formed {}: {}", interactor::quote(last), describe(finish));
  } else if (finish.verdict == Verdict::QLE) {
    FUZZ_CHECK(last_query && game.queries == egg_drop::kQueryLimit + 1, "QLE at {}", interactor::quote(last));
  }
  // "-1" exactly for a query line rejected while the contestant still listens.
  const bool should_refuse =
      finish.outcome == Outcome::reject && !finish.contestant_eof && finish.verdict != Verdict::WA && !answer_line;
  FUZZ_CHECK(refused == should_refuse, "-1 sent: {}, expected: {}, after {}: {}", refused, should_refuse,
             interactor::quote(last), describe(finish));
  return 0;
}
