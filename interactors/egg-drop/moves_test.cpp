#include "moves.hpp"

#include <sstream>
#include <stdexcept>
#include <vector>

#include <gtest/gtest.h>

namespace egg_drop {
namespace {

MoveCount count_of(std::int64_t penalty, const std::vector<int>& floors) {
  MoveCounter counter(penalty);
  for (int floor : floors) counter.drop_at(floor);
  return counter.count();
}

TEST(MoveCounter, StartsAtFloorOneWithNothingCounted) {
  const MoveCounter counter(7);
  EXPECT_EQ(counter.floor(), 1);
  EXPECT_EQ(counter.count(), MoveCount{});
}

// The statement's sample: ? 2 1, ? 1 3, ? 3 2 costs 1 + 3 + (2 + P) = 6 + P.
TEST(MoveCounter, StatementSample) {
  EXPECT_EQ(count_of(3, {1, 3, 2}), (MoveCount{.moves = 9, .drops = 3, .floors_travelled = 3,
                                                .direction_changes = 1}));
  EXPECT_EQ(count_of(1000, {1, 3, 2}).moves, 1006);
}

TEST(MoveCounter, EachDropCostsOneMove) {
  EXPECT_EQ(count_of(5, {1, 1, 1}), (MoveCount{.moves = 3, .drops = 3}));
}

TEST(MoveCounter, TravelCostsOneMovePerFloor) {
  MoveCounter counter(5);
  counter.drop_at(10);
  EXPECT_EQ(counter.floor(), 10);
  EXPECT_EQ(counter.count(), (MoveCount{.moves = 10, .drops = 1, .floors_travelled = 9}));
  counter.drop_at(14);  // up again: no penalty
  EXPECT_EQ(counter.count(), (MoveCount{.moves = 15, .drops = 2, .floors_travelled = 13}));
}

TEST(MoveCounter, FirstMovementPaysNoPenaltyEvenAfterDropsOnTheStartFloor) {
  // Drops on the start floor move nothing, so the movement to 5 is the first one.
  EXPECT_EQ(count_of(100, {1, 1, 5}), (MoveCount{.moves = 7, .drops = 3, .floors_travelled = 4}));
}

TEST(MoveCounter, ReversalPaysThePenaltyEveryTime) {
  // up 4, down 2 (P), up 3 (P), down 5 (P)
  EXPECT_EQ(count_of(10, {5, 3, 6, 1}), (MoveCount{.moves = 4 + 14 + 30, .drops = 4,
                                                   .floors_travelled = 14, .direction_changes = 3}));
}

TEST(MoveCounter, SameDirectionTwiceIsNotAChange) {
  EXPECT_EQ(count_of(10, {5, 9, 8, 2}), (MoveCount{.moves = 4 + 15 + 10, .drops = 4,
                                                   .floors_travelled = 15, .direction_changes = 1}));
}

TEST(MoveCounter, QueryOnTheCurrentFloorKeepsTheDirection) {
  // up to 5, stay (no move), up to 7: still up, no penalty.
  EXPECT_EQ(count_of(10, {5, 5, 7}), (MoveCount{.moves = 3 + 6, .drops = 3, .floors_travelled = 6}));
  // up to 5, stay, down to 2: the direction remembered is up, so down pays.
  EXPECT_EQ(count_of(10, {5, 5, 2}), (MoveCount{.moves = 3 + 7 + 10, .drops = 3, .floors_travelled = 7,
                                                .direction_changes = 1}));
}

TEST(MoveCounter, ZeroPenaltyStillCountsDirectionChanges) {
  EXPECT_EQ(count_of(0, {3, 1, 3}), (MoveCount{.moves = 3 + 6, .drops = 3, .floors_travelled = 6,
                                               .direction_changes = 2}));
}

TEST(MoveCounter, LargeCountsDoNotOverflow) {
  MoveCounter counter(1000000000);
  for (int i = 0; i < 100000; ++i) counter.drop_at(i % 2 == 0 ? 10000 : 1);
  EXPECT_EQ(counter.count().direction_changes, 99999);
  EXPECT_EQ(counter.count().moves, 100000 + 100000LL * 9999 + 99999LL * 1000000000);
}

TEST(MoveCounter, Prints) {
  std::ostringstream out;
  out << MoveCount{.moves = 9, .drops = 3, .floors_travelled = 3, .direction_changes = 1};
  EXPECT_EQ(out.str(), "{moves 9, drops 3, floors 3, direction changes 1}");
}

TEST(MoveCounter, NegativePenaltyIsRefused) { EXPECT_THROW(MoveCounter(-1), std::invalid_argument); }

}  // namespace
}  // namespace egg_drop
