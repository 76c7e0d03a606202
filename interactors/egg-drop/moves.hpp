// MoveCounter: the statement's move count, one drop at a time. A query "? e f" moves
// the elevator from its floor c to f and drops one egg there:
//   + 1                      the drop
//   + |f - c|                floors travelled
//   + P                      if f != c and the elevator moves in the opposite direction
//                            to its previous movement (a direction change)
// The first movement ever has no previous direction and pays no penalty; a query on the
// current floor moves nothing and leaves the remembered direction as it was. The
// elevator starts at floor kStartFloor. Used by the interactor and by egg-drop-moves,
// which recomputes the count from a transcript (transcript_moves.hpp).
#pragma once

#include <cstdint>
#include <ostream>

namespace egg_drop {

struct MoveCount {
  std::int64_t moves = 0;  // drops + floors_travelled + P * direction_changes
  std::int64_t drops = 0;
  std::int64_t floors_travelled = 0;
  std::int64_t direction_changes = 0;
  bool operator==(const MoveCount&) const = default;
};

// "{moves M, drops D, floors F, direction changes C}", for messages and test failures.
std::ostream& operator<<(std::ostream& out, const MoveCount& count);

class MoveCounter {
 public:
  explicit MoveCounter(std::int64_t penalty);

  // The elevator goes to `floor` and drops one egg there.
  void drop_at(int floor);

  const MoveCount& count() const { return count_; }
  int floor() const { return floor_; }

 private:
  enum class Direction { none, up, down };

  std::int64_t penalty_;
  int floor_;
  Direction last_direction_ = Direction::none;
  MoveCount count_;
};

}  // namespace egg_drop
