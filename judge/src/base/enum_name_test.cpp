#include "base/enum_name.hpp"

#include <gtest/gtest.h>

namespace judge {
namespace {

enum class Light { red, amber, green };
constexpr std::array<std::string_view, 3> light_names{"red", "amber", "green"};

TEST(EnumName, EachEnumeratorGetsTheNameAtItsPlace) {
  EXPECT_EQ(enum_name(Light::red, light_names), "red");
  EXPECT_EQ(enum_name(Light::amber, light_names), "amber");
  EXPECT_EQ(enum_name(Light::green, light_names), "green");
}

TEST(EnumName, AValueOutOfRangeIsAQuestionMark) {
  EXPECT_EQ(enum_name(static_cast<Light>(3), light_names), "?");
  EXPECT_EQ(enum_name(static_cast<Light>(-1), light_names), "?");
}

}  // namespace
}  // namespace judge
