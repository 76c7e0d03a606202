#include "game.hpp"

#include <string>
#include <vector>

#include <fmt/format.h>

#include "limits.hpp"
#include "moves.hpp"
#include "permutation.hpp"

namespace egg_drop {
namespace {

using interactor::Finish;
using interactor::Line;
using interactor::Outcome;
using interactor::Session;
using interactor::Verdict;

constexpr std::string_view kRefusal = "-1";

void record_moves(Session& session, const MoveCount& count) {
  session.set_fact("moves", count.moves);
  session.set_fact("drops", count.drops);
  session.set_fact("floors_travelled", count.floors_travelled);
  session.set_fact("direction_changes", count.direction_changes);
}

// The statement's "-1" for a rejected query, before the reject is passed on. Not sent
// when the contestant's output has ended (it is gone); a contestant that has closed its
// input does not change the verdict already decided.
void send_refusal(Session& session, const Finish& finish) {
  if (finish.outcome != Outcome::reject || finish.contestant_eof) return;
  try {
    session.send(kRefusal);
  } catch (const Finish&) {
  }
}

// "! p_1 ... p_N" after the '!': must be a permutation of 1..N (else PE).
std::vector<int> read_answer(Line& line, int n) {
  line.set_shape("'! p_1 ... p_N'");
  return interactor::read_permutation(line, n, {"floor", "floors", "egg", "eggs"});
}

// Answers queries until the contestant's answer line, which it returns.
Line interact(Session& session, const EggTest& test, MoveCounter& counter) {
  const int n = test.n();
  session.send(std::to_string(n));
  for (;;) {
    int egg = 0;
    int floor = 0;
    try {
      Line line = session.read_line("the answer '! p_1 ... p_N'");
      line.set_shape("'? e f' or '! p_1 ... p_N'");
      if (line.read_mark() == interactor::Mark::answer) return line;
      line.set_shape("'? e f'");
      egg = static_cast<int>(line.read_int(1, n, "e"));
      floor = static_cast<int>(line.read_int(1, n, "f"));
      line.expect_end();
      session.count_query();
    } catch (const Finish& finish) {
      send_refusal(session, finish);
      throw;
    }
    counter.drop_at(floor);
    session.send(floor >= test.shatter_floor[static_cast<std::size_t>(egg) - 1] ? "1" : "0");
  }
}

[[noreturn]] void judge_answer(Session& session, const EggTest& test, Line& line, const MoveCount& count) {
  const std::vector<int> answer = read_answer(line, test.n());
  for (std::size_t i = 0; i < answer.size(); ++i) {
    if (answer[i] != test.shatter_floor[i]) {
      session.reject(Verdict::WA, "wrong answer: egg {} shatters from floor {}, you said {}", i + 1,
                     test.shatter_floor[i], answer[i]);
    }
  }
  session.accept("found p for N = {} with {} moves: {} drops, {} floors travelled, {} direction changes at P = {}",
                 test.n(), count.moves, count.drops, count.floors_travelled, count.direction_changes,
                 test.penalty);
}

}  // namespace

void play(Session& session, const EggTest& test) {
  session.set_query_limit(kQueryLimit);
  MoveCounter counter(test.penalty);
  try {
    Line answer = interact(session, test, counter);
    judge_answer(session, test, answer, counter.count());
  } catch (const Finish&) {
    record_moves(session, counter.count());
    throw;
  }
}

}  // namespace egg_drop
