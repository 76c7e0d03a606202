// The strict final check: do the replies a contestant received force its matching?
//
// The replies ("nut i is smaller than / fits / is larger than bolt j") are all the
// contestant knows. Its answer is forced when every pair of size permutations that fits
// every reply pairs the nuts and bolts exactly as the answer does; otherwise a judge
// that chose sizes lazily may hold the other pair, and the answer is wrong. A rejection
// always comes with a witness: sizes that fit every reply (checked again before they are
// returned) and pair some nut differently, so the check can never reject a forced answer.
//
// How (README.md, "The strict check", has the argument):
//   1. The answer against the replies alone: a reply contradicting one of its pairs, or
//      pairs that the replies order in a cycle, make it impossible ("contradicted"; the
//      witness is the interactor's own sizes).
//   2. Pairs with an '=' reply are the same in every fitting assignment. The replies
//      order the elements (a partial order P on nuts and bolts, its transitive closure
//      kept as bitsets); where every nut below a cut is below every bolt above it and
//      vice versa, the cut holds in every fitting assignment, so the problem splits into
//      independent blocks (a quicksort transcript splits into single pairs).
//   3. In a block with two or more pairs without an '=' reply, a nut can only fit a bolt
//      it is not comparable with in P and whose size range meets its own; if the answer
//      is the only perfect matching of that graph, the block is forced. Otherwise two
//      exact searches take turns with growing slices of work (choosing bolts nut by nut
//      with the closure kept up to date; handing out sizes 1, 2, ... to an available nut
//      and bolt, failed states remembered) until one finds fitting sizes that pair some
//      nut differently or proves there are none.
//   The searches are exponential in the worst case: past `budget` units of work the
//   result is `over_budget` and the caller falls back to comparing with its own sizes.
#pragma once

#include <compare>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "size_oracle.hpp"

namespace nuts_bolts {

// One answered query: nut `nut` against bolt `bolt` (0-based), `order` as sent.
struct Reply {
  int nut = 0;
  int bolt = 0;
  std::strong_ordering order = std::strong_ordering::equal;
};

enum class Forcing {
  forced,        // every assignment that fits the replies has the answer's matching
  not_forced,    // `witness` fits every reply and pairs some nut differently
  contradicted,  // no assignment fits both the replies and the answer; `witness`: the reference
  over_budget,   // undecided within the budget
};

std::string_view forcing_name(Forcing forcing);  // "forced", "not_forced", ...

struct ForcingCheck {
  Forcing result = Forcing::forced;
  Sizes witness;              // not_forced and contradicted
  std::string contradiction;  // contradicted: why, e.g. "you gave nut 3 bolt 5, but '? 3 5' got '<' (query 4)"
  std::int64_t work = 0;      // units of work done (closure words, search steps)
};

struct ForcingOptions {
  // Units of search work (the closure and the cuts, a few ms at n = 1000, are not
  // counted against it); README.md gives the CPU time it stands for.
  std::int64_t budget = 10'000'000;
  // Blocks of up to this many pairs are also searched by choosing bolts (its state grows
  // with the square of the block); every block by handing out sizes.
  int matching_search_pairs = 256;
  bool size_search = true;  // false: only the search by bolts where it applies (tests)
};

// `answer[i]`: the 0-based bolt of nut i, a permutation. `reference`: sizes that fit every
// reply (the interactor's own); std::logic_error if they do not.
ForcingCheck check_forced(std::span<const Reply> replies, std::span<const int> answer, const Sizes& reference,
                          const ForcingOptions& options = {});

// True when `sizes` give every reply as it was given.
bool fits(const Sizes& sizes, std::span<const Reply> replies);

// matching_of(sizes)[i]: the 0-based bolt of the same size as nut i.
std::vector<int> matching_of(const Sizes& sizes);

}  // namespace nuts_bolts
