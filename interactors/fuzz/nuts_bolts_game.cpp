// Fuzz target `nuts_bolts_game`: a whole nuts-bolts game, the input being the
// contestant's output, against one of a few small fixed tests.
//
// Input: byte 0 picks the test (kTests, byte mod 9); the rest is the contestant's output.
//
// Checked, besides check_game() (fuzz_support.hpp), against a reference reading of the
// protocol written here:
//   - the game sends n first, then one reply per query, each the comparison of the sizes
//     it reports in result.json ("nuts", "bolts": permutations of 1..n; for a fixed
//     test the test's own). So an adaptive oracle never answers against its final sizes;
//   - every line it answered is a well-formed query "? i j"; it never answers more than
//     the limit, and a QLE is a well-formed query number limit + 1;
//   - an accept follows a well-formed answer that is the matching of those sizes and,
//     on a strict test with n <= 6, the only matching that fits every reply (found by
//     trying all n! matchings); a probe pass accepts an answer or a query over the limit
//     and leaves the replay of its sizes in nextpass.in;
//   - a WA (not an ended output) follows a well-formed answer that is wrong (plain) or
//     not forced by the replies (strict): a right answer is never rejected. A strict
//     rejection's witness (result.json) fits every reply and pairs some nut otherwise;
//   - a PE follows a line that is neither a well-formed query nor a well-formed answer.
#include <algorithm>
#include <array>
#include <compare>
#include <cstddef>
#include <cstdint>
#include <fstream>
#include <iterator>
#include <numeric>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_support.hpp"
#include "game.hpp"
#include "query_limit.hpp"
#include "scratch_dir.hpp"
#include "test_file_checks.hpp"
#include "test_format.hpp"

namespace {

using interactor::Outcome;
using interactor::Verdict;
using interactor_fuzz::describe;
using interactor_fuzz::PlayedGame;

// The strict check below tries all n! matchings for n <= kMaxBruteForceN; the larger
// tests at the end exercise more of the interactor's own strict check (its blocks and
// searches), and their rejections are checked through the witness.
constexpr int kMaxBruteForceN = 6;
constexpr std::array<std::string_view, 9> kTests = {
    "5\nfixed\n1 2 5 4 3\n3 5 2 1 4\n",             // the statement's sample, plain
    "2\nfixed\n2 1\n1 2\n",                         // the smallest n
    "6\nfixed strict\n3 1 6 2 5 4\n5 6 1 4 2 3\n",  // strict
    "6\npunish 7\n",                                // lazy sizes, strict
    "6\npunish 11 plain\n",                         // lazy sizes, plain
    "5\nrandom 3 strict\n",
    "6\nprobe 5\n",  // a probe pass: ends at the answer or the query over the limit
    "12\npunish 3\n",
    "10\nfixed strict\n4 9 1 10 2 7 3 8 5 6\n6 1 10 3 8 2 9 5 7 4\n",
};

struct Query {
  int nut = 0;   // 1-based
  int bolt = 0;  // 1-based
};

std::optional<Query> reference_query(std::string_view text, int n) {
  const std::vector<std::string_view> tokens = interactor_fuzz::split_spaces(text);
  if (tokens.size() != 3 || tokens[0] != "?") return std::nullopt;
  const auto nut = interactor_fuzz::canonical_in(tokens[1], 1, n);
  const auto bolt = interactor_fuzz::canonical_in(tokens[2], 1, n);
  if (!nut || !bolt) return std::nullopt;
  return Query{static_cast<int>(*nut), static_cast<int>(*bolt)};
}

// "! p_1 ... p_n", a permutation: the 0-based bolt of each nut.
std::optional<std::vector<int>> reference_answer(std::string_view text, int n) {
  const std::vector<std::string_view> tokens = interactor_fuzz::split_spaces(text);
  if (tokens.size() != static_cast<std::size_t>(n) + 1 || tokens[0] != "!") return std::nullopt;
  std::vector<int> answer;
  for (std::size_t k = 1; k < tokens.size(); ++k) {
    const auto bolt = interactor_fuzz::canonical_in(tokens[k], 1, n);
    if (!bolt) return std::nullopt;
    answer.push_back(static_cast<int>(*bolt) - 1);
  }
  std::vector<int> sorted = answer;
  std::sort(sorted.begin(), sorted.end());
  if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end()) return std::nullopt;
  return answer;
}

struct Reply {
  int nut = 0;   // 0-based
  int bolt = 0;  // 0-based
  char order = '=';
};

// Whether some sizes fit every reply and pair nut i with bolt matching[i]: the pairs then
// have one size each, and the replies must order the pairs without a cycle.
bool matching_fits(const std::vector<int>& matching, const std::vector<Reply>& replies) {
  const std::size_t n = matching.size();
  std::vector<int> nut_of_bolt(n);
  for (std::size_t nut = 0; nut < n; ++nut) nut_of_bolt[static_cast<std::size_t>(matching[nut])] = static_cast<int>(nut);
  std::vector<std::vector<int>> smaller_than(n);  // pair -> pairs that must be larger
  std::vector<int> incoming(n, 0);
  for (const Reply& reply : replies) {
    const int other = nut_of_bolt[static_cast<std::size_t>(reply.bolt)];
    if (other == reply.nut) {
      if (reply.order != '=') return false;
      continue;
    }
    if (reply.order == '=') return false;
    const int low = reply.order == '<' ? reply.nut : other;
    const int high = reply.order == '<' ? other : reply.nut;
    smaller_than[static_cast<std::size_t>(low)].push_back(high);
    ++incoming[static_cast<std::size_t>(high)];
  }
  std::vector<int> ready;
  for (std::size_t pair = 0; pair < n; ++pair) {
    if (incoming[pair] == 0) ready.push_back(static_cast<int>(pair));
  }
  std::size_t ordered = 0;
  while (!ready.empty()) {
    const int pair = ready.back();
    ready.pop_back();
    ++ordered;
    for (const int next : smaller_than[static_cast<std::size_t>(pair)]) {
      if (--incoming[static_cast<std::size_t>(next)] == 0) ready.push_back(next);
    }
  }
  return ordered == n;
}

// True when `answer` is the only matching that fits the replies.
bool forced(const std::vector<int>& answer, const std::vector<Reply>& replies) {
  if (!matching_fits(answer, replies)) return false;
  std::vector<int> matching(answer.size());
  std::iota(matching.begin(), matching.end(), 0);
  do {
    if (matching != answer && matching_fits(matching, replies)) return false;
  } while (std::next_permutation(matching.begin(), matching.end()));
  return true;
}

std::vector<int> json_ints(const nlohmann::json& facts, const char* key) {
  FUZZ_CHECK(facts.contains(key) && facts.at(key).is_array(), "result.json has no \"{}\": {}", key, facts.dump());
  return facts.at(key).get<std::vector<int>>();
}

char symbol(int nut_size, int bolt_size) {
  const std::strong_ordering order = nut_size <=> bolt_size;
  return order < 0 ? '<' : order > 0 ? '>' : '=';
}

// A strict rejection's witness: sizes (permutations) that give every reply as it was
// given and pair some nut with another bolt than the answer does.
void check_witness(const nlohmann::json& facts, const std::vector<Reply>& replies, const std::vector<int>& answer) {
  FUZZ_CHECK(facts.contains("witness") && facts.at("witness").is_object(), "no witness: {}", facts.dump());
  const nuts_bolts::Sizes witness{json_ints(facts.at("witness"), "nuts"), json_ints(facts.at("witness"), "bolts")};
  const std::size_t n = answer.size();
  FUZZ_CHECK(interactor_fuzz::is_permutation_of_1_to_n(witness.nuts, n) &&
                 interactor_fuzz::is_permutation_of_1_to_n(witness.bolts, n),
             "the witness is not two permutations: {}", facts.at("witness").dump());
  for (const Reply& reply : replies) {
    FUZZ_CHECK(symbol(witness.nuts[static_cast<std::size_t>(reply.nut)],
                      witness.bolts[static_cast<std::size_t>(reply.bolt)]) == reply.order,
               "the witness does not fit '? {} {}' -> {}", reply.nut + 1, reply.bolt + 1, reply.order);
  }
  bool differs = false;
  for (std::size_t nut = 0; nut < n; ++nut) {
    differs = differs || witness.nuts[nut] != witness.bolts[static_cast<std::size_t>(answer[nut])];
  }
  FUZZ_CHECK(differs, "the witness pairs every nut as the answer does");
}

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  static const interactor_fuzz::ScratchDir scratch;
  const std::filesystem::path next_pass = scratch.path() / "nextpass.in";
  std::filesystem::remove(next_pass);

  const interactor_fuzz::GameInput input = interactor_fuzz::split_game_input(data, size, kTests);
  const std::string_view output = input.output;
  const auto read_fixed_test = [&] {
    interactor::TestFile file = input.test_file();
    return nuts_bolts::read_test(file);
  };

  // The body of interactor.cpp, with the test from memory.
  const PlayedGame game = interactor_fuzz::play_game(output, [&](interactor::Session& session) {
    nuts_bolts::TestSetup setup = read_fixed_test();
    for (const auto& [key, value] : setup.facts.items()) session.set_fact(key, value);
    nuts_bolts::GameOptions options;
    options.strict = setup.strict;
    if (setup.probe) {
      options.next_pass = next_pass;
      options.next_pass_strict = setup.strict;
    }
    nuts_bolts::play(session, *setup.oracle, options);
  });
  interactor_fuzz::check_game(game, output, interactor::kDefaultMaxLineBytes);

  const nuts_bolts::TestSetup test = read_fixed_test();
  const int n = test.oracle->n();
  const std::int64_t limit = nuts_bolts::query_limit(n);
  const std::string mode = test.facts.at("mode");
  const interactor::Finish& finish = game.finish;
  FUZZ_CHECK(game.query_limit == limit, "query limit {} for n = {}", game.query_limit.value_or(-1), n);

  const nuts_bolts::Sizes sizes{json_ints(game.facts, "nuts"), json_ints(game.facts, "bolts")};
  FUZZ_CHECK(interactor_fuzz::is_permutation_of_1_to_n(sizes.nuts, static_cast<std::size_t>(n)) &&
                 interactor_fuzz::is_permutation_of_1_to_n(sizes.bolts, static_cast<std::size_t>(n)),
             "result.json's sizes are not permutations: {}", game.facts.dump());
  if (mode == "fixed" || mode == "random") {
    FUZZ_CHECK(sizes == test.oracle->commit({}), "result.json's sizes are not the test's: {}", game.facts.dump());
  }

  const std::size_t answered = interactor_fuzz::answered_lines(game);
  FUZZ_CHECK(game.sent[0] == std::to_string(n), "the first line sent is {}", interactor::quote(game.sent[0]));
  FUZZ_CHECK(game.received.size() == answered || game.received.size() == answered + 1,
             "{} lines read, {} answered: {}", game.received.size(), answered, describe(finish));
  std::vector<Reply> replies;
  for (std::size_t k = 0; k < answered; ++k) {
    const std::optional<Query> query = reference_query(game.received[k], n);
    FUZZ_CHECK(query, "line {} {} was answered", k + 1, interactor::quote(game.received[k]));
    const char expected = symbol(sizes.nuts[static_cast<std::size_t>(query->nut - 1)],
                                 sizes.bolts[static_cast<std::size_t>(query->bolt - 1)]);
    FUZZ_CHECK(game.sent[k + 1] == std::string(1, expected), "line {} {} got {}, the sizes say {}", k + 1,
               game.received[k], interactor::quote(game.sent[k + 1]), expected);
    replies.push_back({query->nut - 1, query->bolt - 1, expected});
  }
  FUZZ_CHECK(static_cast<std::int64_t>(answered) <= limit, "{} queries answered, limit {}", answered, limit);
  const bool qle = finish.outcome == Outcome::reject && finish.verdict == Verdict::QLE;
  FUZZ_CHECK(game.queries == static_cast<std::int64_t>(answered) + (qle ? 1 : 0), "{} queries counted, {} answered",
             game.queries, answered);

  const bool has_last = game.received.size() == answered + 1;
  const std::string last = has_last ? game.received.back() : std::string();
  const std::optional<Query> last_query = has_last ? reference_query(last, n) : std::nullopt;
  const std::optional<std::vector<int>> answer = has_last ? reference_answer(last, n) : std::nullopt;
  const auto right = [&](const std::vector<int>& matching) {
    for (std::size_t nut = 0; nut < matching.size(); ++nut) {
      if (sizes.nuts[nut] != sizes.bolts[static_cast<std::size_t>(matching[nut])]) return false;
    }
    return true;
  };
  const std::string strict_check = game.facts.value("strict_check", "");
  const bool judged_strictly = test.strict && strict_check != "over_budget";
  const bool brute_force = n <= kMaxBruteForceN;

  if (finish.outcome == Outcome::accept) {
    FUZZ_CHECK(has_last, "accepted without a last line: {}", describe(finish));
    if (test.probe) {
      FUZZ_CHECK(game.facts.value("probe", false), "a probe accept without \"probe\": {}", game.facts.dump());
      FUZZ_CHECK(answer || (last_query && static_cast<std::int64_t>(answered) == limit),
                 "the probe ended at {}: {}", interactor::quote(last), describe(finish));
      FUZZ_CHECK(read_file(next_pass) == nuts_bolts::fixed_test_text(sizes, test.strict),
                 "nextpass.in is not the replay of the sizes");
    } else {
      FUZZ_CHECK(answer && right(*answer), "accepted the answer {}: {}", interactor::quote(last), describe(finish));
      if (judged_strictly && brute_force) {
        FUZZ_CHECK(forced(*answer, replies), "a strict test accepted an answer the replies do not force: {}",
                   interactor::quote(last));
      }
    }
  } else if (finish.verdict == Verdict::WA && !finish.contestant_eof) {
    FUZZ_CHECK(answer, "WA for {}: {}", interactor::quote(last), describe(finish));
    if (judged_strictly) {
      if (brute_force) {
        FUZZ_CHECK(!forced(*answer, replies), "a strict test rejected an answer the replies force: {}: {}",
                   interactor::quote(last), describe(finish));
      }
      FUZZ_CHECK(strict_check == "not_forced" || strict_check == "contradicted", "strict_check {}: {}",
                 strict_check, describe(finish));
      check_witness(game.facts, replies, *answer);
    } else {
      FUZZ_CHECK(!right(*answer), "rejected the right answer {}: {}", interactor::quote(last), describe(finish));
    }
  } else if (finish.verdict == Verdict::WA) {
    FUZZ_CHECK(!has_last, "the output ended, yet line {} is unanswered", game.received.size());
  } else if (finish.verdict == Verdict::PE && !finish.contestant_eof && has_last) {
    FUZZ_CHECK(!last_query && !answer, "PE for the well-formed {}: {}", interactor::quote(last), describe(finish));
  } else if (finish.verdict == Verdict::QLE) {
    FUZZ_CHECK(last_query && static_cast<std::int64_t>(answered) == limit && !test.probe, "QLE at {}: {}",
               interactor::quote(last), describe(finish));
  }
  if (!(test.probe && finish.outcome == Outcome::accept)) {
    FUZZ_CHECK(!std::filesystem::exists(next_pass), "nextpass.in written: {}", describe(finish));
  }
  return 0;
}
