#include "order_book.hpp"

#include <algorithm>
#include <stdexcept>

namespace twin_cookies {

std::optional<Repeat> OrderBook::add_order(std::span<const std::int64_t> values) {
  const std::int64_t number = orders() + 1;
  const std::size_t i = ordered_.insert_all(values);
  if (i == values.size()) {
    orders_.emplace_back(values.begin(), values.end());
    return std::nullopt;
  }
  // Slow path, once per test at most: where was values[i] ordered first?
  const auto begin = values.begin();
  const auto within = std::find(begin, begin + static_cast<std::ptrdiff_t>(i), values[i]);
  if (within != begin + static_cast<std::ptrdiff_t>(i)) {
    return Repeat{i, Placement{number, static_cast<std::size_t>(within - begin)}};
  }
  return Repeat{i, placement(values[i]).value()};
}

void OrderBook::deliver(std::int64_t value) {
  if (orders_.size() != delivered_.size() + 1) throw std::logic_error("deliver(): no order waits for its cookie");
  const std::vector<std::int64_t>& order = orders_.back();
  if (std::find(order.begin(), order.end(), value) == order.end()) {
    throw std::logic_error("deliver(): the cookie is not one of the order's");
  }
  delivered_.push_back(value);
}

std::optional<std::int64_t> OrderBook::delivering_order(std::int64_t value) const {
  const auto found = std::find(delivered_.begin(), delivered_.end(), value);
  if (found == delivered_.end()) return std::nullopt;
  return static_cast<std::int64_t>(found - delivered_.begin()) + 1;
}

std::optional<Placement> OrderBook::placement(std::int64_t value) const {
  if (!ordered_.contains(value)) return std::nullopt;
  for (std::size_t order = 0; order < orders_.size(); ++order) {
    const std::vector<std::int64_t>& values = orders_[order];
    const auto found = std::find(values.begin(), values.end(), value);
    if (found != values.end()) {
      return Placement{static_cast<std::int64_t>(order) + 1, static_cast<std::size_t>(found - values.begin())};
    }
  }
  return std::nullopt;
}

}  // namespace twin_cookies
