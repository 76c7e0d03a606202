// OrderBook: everything the contestant has ordered and which cookie of each order was
// delivered. It enforces the bakery's rule that a tastiness is never ordered twice —
// within one order or across orders, delivered or not — and answers the questions of
// the final check (was this value delivered? where was it ordered?).
//
// Orders are numbered from 1, values within an order from 0 (v_1 is index 0).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "value_set.hpp"

namespace twin_cookies {

// Where a value was ordered.
struct Placement {
  std::int64_t order = 0;  // 1-based
  std::size_t index = 0;   // 0-based within the order
  bool operator==(const Placement&) const = default;
};

// A value of an order that was ordered before: `index` in the new order, `earlier` its
// first placement (in the same order when earlier.order is the new order's number).
struct Repeat {
  std::size_t index = 0;
  Placement earlier;
  bool operator==(const Repeat&) const = default;
};

class OrderBook {
 public:
  // `expected_values`: room to reserve (n * 101 for a whole test).
  explicit OrderBook(std::size_t expected_values = 0) : ordered_(expected_values) {}

  // Records a new order (number orders() + 1). If one of its values was ordered before,
  // returns the first such repeat; the book must then not be used further (the test
  // is over).
  std::optional<Repeat> add_order(std::span<const std::int64_t> values);
  // The cookie delivered for the last order recorded (one of its values).
  void deliver(std::int64_t value);

  std::int64_t orders() const { return static_cast<std::int64_t>(orders_.size()); }
  // delivered()[i] is the cookie of order i + 1.
  const std::vector<std::int64_t>& delivered() const { return delivered_; }
  bool was_ordered(std::int64_t value) const { return ordered_.contains(value); }
  // The order that delivered `value`, if any.
  std::optional<std::int64_t> delivering_order(std::int64_t value) const;
  // Where `value` was ordered (a linear scan: for messages only).
  std::optional<Placement> placement(std::int64_t value) const;

 private:
  ValueSet ordered_;
  std::vector<std::vector<std::int64_t>> orders_;
  std::vector<std::int64_t> delivered_;
};

}  // namespace twin_cookies
