#include "value_set.hpp"

#include <algorithm>
#include <random>
#include <set>
#include <stdexcept>
#include <vector>

#include <gtest/gtest.h>

namespace twin_cookies {
namespace {

TEST(ValueSet, InsertAndContains) {
  ValueSet set;
  EXPECT_FALSE(set.contains(5));
  EXPECT_TRUE(set.insert(5));
  EXPECT_FALSE(set.insert(5));
  EXPECT_TRUE(set.contains(5));
  EXPECT_FALSE(set.contains(6));
  EXPECT_EQ(set.size(), 1u);
  EXPECT_TRUE(set.insert(10'000'000'000'000'000));
  EXPECT_TRUE(set.contains(10'000'000'000'000'000));
  EXPECT_FALSE(set.contains(0));
  EXPECT_FALSE(set.contains(-5));
  EXPECT_THROW(set.insert(0), std::invalid_argument);
  EXPECT_THROW(set.insert(-1), std::invalid_argument);
}

TEST(ValueSet, BatchOperations) {
  ValueSet set;
  using Batch = std::vector<std::int64_t>;
  EXPECT_EQ(set.insert_all(Batch{5, 6, 5, 7}), 2u);  // the second 5
  EXPECT_EQ(set.size(), 3u);
  EXPECT_EQ(set.insert_all(Batch{8, 9, 6}), 2u);  // 6, from before
  EXPECT_EQ(set.insert_all(Batch{10}), 1u);       // nothing there before: values.size()
  EXPECT_EQ(set.insert_all(Batch{}), 0u);
  EXPECT_THROW(set.insert_all(Batch{11, 0}), std::invalid_argument);
  EXPECT_FALSE(set.contains(11));  // checked before anything is added
  std::vector<char> found;
  set.contains_each(Batch{5, 11, -3, 0, 10, 4}, found);
  EXPECT_EQ(found, (std::vector<char>{1, 0, 0, 0, 1, 0}));
  // Many values at once: several rehashes' worth, reserved up front.
  Batch many;
  for (std::int64_t value = 1000; value < 200'000; value += 3) many.push_back(value);
  EXPECT_EQ(set.insert_all(many), many.size());
  set.contains_each(many, found);
  EXPECT_EQ(std::count(found.begin(), found.end(), 1), static_cast<std::ptrdiff_t>(many.size()));
  EXPECT_FALSE(set.contains(1001));
}

// Grows past many rehashes and agrees with std::set, on consecutive and random values.
// Growing from calloc'ed slots through rehashes into huge-page mappings (2 MiB and
// more: 262,144 slots and up), and one made large from the start: every value kept.
TEST(ValueSet, LargeTablesKeepEveryValue) {
  ValueSet grown;
  ValueSet sized(600'000);
  std::vector<std::int64_t> values;
  std::mt19937_64 engine(3);
  while (values.size() < 600'000) values.push_back(static_cast<std::int64_t>(engine() >> 8) + 1);
  std::sort(values.begin(), values.end());
  values.erase(std::unique(values.begin(), values.end()), values.end());
  std::shuffle(values.begin(), values.end(), engine);
  for (std::size_t i = 0; i < values.size(); ++i) ASSERT_TRUE(grown.insert(values[i])) << i;
  EXPECT_EQ(sized.insert_all(values), values.size());
  EXPECT_EQ(grown.size(), values.size());
  EXPECT_EQ(sized.size(), values.size());
  std::vector<char> found;
  grown.contains_each(values, found);
  EXPECT_EQ(std::count(found.begin(), found.end(), 1), static_cast<std::ptrdiff_t>(values.size()));
  for (std::int64_t value : values) ASSERT_TRUE(sized.contains(value));
  const std::set<std::int64_t> all(values.begin(), values.end());
  std::int64_t absent = 1;
  while (all.count(absent) != 0) ++absent;
  EXPECT_FALSE(grown.contains(absent));
  EXPECT_FALSE(sized.contains(absent));
  ValueSet moved = std::move(grown);
  EXPECT_TRUE(moved.contains(values.back()));
}

TEST(ValueSet, AgreesWithStdSet) {
  ValueSet set(3);
  std::set<std::int64_t> reference;
  std::mt19937_64 engine(1);
  for (int i = 0; i < 200000; ++i) {
    const std::int64_t value =
        i % 2 == 0 ? i / 2 + 1 : static_cast<std::int64_t>(engine() % 1'000'000) + 1;
    EXPECT_EQ(set.insert(value), reference.insert(value).second);
  }
  EXPECT_EQ(set.size(), reference.size());
  for (std::int64_t value = 1; value <= 1'100'000; ++value) {
    ASSERT_EQ(set.contains(value), reference.count(value) == 1) << value;
  }
}

}  // namespace
}  // namespace twin_cookies
