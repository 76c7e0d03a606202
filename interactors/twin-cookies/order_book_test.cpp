#include "order_book.hpp"

#include <stdexcept>
#include <vector>

#include <gtest/gtest.h>

namespace twin_cookies {
namespace {

using Values = std::vector<std::int64_t>;

TEST(OrderBook, RecordsOrdersAndDeliveries) {
  OrderBook book;
  EXPECT_EQ(book.orders(), 0);
  EXPECT_EQ(book.add_order(Values{3, 7}), std::nullopt);
  book.deliver(7);
  EXPECT_EQ(book.add_order(Values{2, 8}), std::nullopt);
  book.deliver(2);
  EXPECT_EQ(book.orders(), 2);
  EXPECT_EQ(book.delivered(), (Values{7, 2}));
  EXPECT_TRUE(book.was_ordered(3));
  EXPECT_FALSE(book.was_ordered(4));
  EXPECT_EQ(book.delivering_order(7), 1);
  EXPECT_EQ(book.delivering_order(2), 2);
  EXPECT_EQ(book.delivering_order(3), std::nullopt);
  EXPECT_EQ(book.placement(8), (Placement{2, 1}));
  EXPECT_EQ(book.placement(3), (Placement{1, 0}));
  EXPECT_EQ(book.placement(4), std::nullopt);
}

TEST(OrderBook, RepeatWithinTheOrder) {
  OrderBook book;
  EXPECT_EQ(book.add_order(Values{1, 5, 9, 5, 1}), (Repeat{3, Placement{1, 1}}));
}

// Ordered before counts whether or not it was delivered.
TEST(OrderBook, RepeatAcrossOrders) {
  OrderBook book;
  ASSERT_EQ(book.add_order(Values{3, 7}), std::nullopt);
  book.deliver(7);
  ASSERT_EQ(book.add_order(Values{2, 8}), std::nullopt);
  book.deliver(2);
  EXPECT_EQ(book.add_order(Values{1, 3}), (Repeat{1, Placement{1, 0}}));
  OrderBook other;
  ASSERT_EQ(other.add_order(Values{3, 7}), std::nullopt);
  other.deliver(7);
  EXPECT_EQ(other.add_order(Values{7, 1}), (Repeat{0, Placement{1, 1}}));
}

TEST(OrderBook, DeliveryMustMatchTheOrder) {
  OrderBook book;
  EXPECT_THROW(book.deliver(1), std::logic_error);
  ASSERT_EQ(book.add_order(Values{1, 2}), std::nullopt);
  EXPECT_THROW(book.deliver(3), std::logic_error);
  book.deliver(1);
  EXPECT_THROW(book.deliver(2), std::logic_error);
}

// A whole maximal test's worth of values: 101 orders of 5000.
TEST(OrderBook, ManyValues) {
  OrderBook book(505000);
  Values order(5000);
  for (std::int64_t number = 0; number < 101; ++number) {
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = number * 5000 + static_cast<std::int64_t>(i) + 1;
    ASSERT_EQ(book.add_order(order), std::nullopt);
    book.deliver(order[number % 5000]);
  }
  EXPECT_EQ(book.add_order(Values{505001, 250000}), (Repeat{1, Placement{50, 4999}}));
}

}  // namespace
}  // namespace twin_cookies
