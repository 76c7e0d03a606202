#include "base/hex.hpp"

#include <gtest/gtest.h>

namespace judge {
namespace {

TEST(Hex, EveryByteGoesThereAndBack) {
  std::string all;
  for (int byte = 0; byte < 256; ++byte) all += static_cast<char>(byte);
  const std::string hex = hex_of(all);
  EXPECT_EQ(hex.size(), 512U);
  EXPECT_EQ(hex.substr(0, 6), "000102");
  EXPECT_EQ(hex.substr(508), "feff");
  EXPECT_EQ(bytes_of_hex(hex), all);
  EXPECT_EQ(hex_of("x\xff.h"), "78ff2e68");
}

TEST(Hex, WhatIsNotHexIsRefused) {
  EXPECT_EQ(bytes_of_hex("7"), std::nullopt);
  EXPECT_EQ(bytes_of_hex("7g"), std::nullopt);
  EXPECT_EQ(bytes_of_hex("FF"), std::string("\xff"));
  EXPECT_EQ(bytes_of_hex(""), std::string());
}

}  // namespace
}  // namespace judge
