#include "moves.hpp"

#include <stdexcept>

#include "limits.hpp"

namespace egg_drop {

MoveCounter::MoveCounter(std::int64_t penalty) : penalty_(penalty), floor_(kStartFloor) {
  if (penalty < 0) throw std::invalid_argument("MoveCounter: the penalty must not be negative");
}

void MoveCounter::drop_at(int floor) {
  if (floor != floor_) {
    const Direction direction = floor > floor_ ? Direction::up : Direction::down;
    if (last_direction_ != Direction::none && direction != last_direction_) {
      ++count_.direction_changes;
      count_.moves += penalty_;
    }
    const std::int64_t distance = floor > floor_ ? floor - floor_ : floor_ - floor;
    count_.floors_travelled += distance;
    count_.moves += distance;
    last_direction_ = direction;
    floor_ = floor;
  }
  ++count_.drops;
  ++count_.moves;
}

std::ostream& operator<<(std::ostream& out, const MoveCount& count) {
  return out << "{moves " << count.moves << ", drops " << count.drops << ", floors " << count.floors_travelled
             << ", direction changes " << count.direction_changes << "}";
}

}  // namespace egg_drop
