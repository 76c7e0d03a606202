#include "text.hpp"

#include <string>

#include <gtest/gtest.h>

namespace interactor {
namespace {

TEST(Quote, KeepsPrintableText) { EXPECT_EQ(quote("? 3 1001"), "'? 3 1001'"); }

TEST(Quote, EscapesQuotesBackslashesAndControlBytes) {
  EXPECT_EQ(quote("it's a\\b"), "'it\\'s a\\\\b'");
  EXPECT_EQ(quote("a\tb\r\n"), "'a\\tb\\r\\n'");
  EXPECT_EQ(quote(std::string("\x00\x7f\xff", 3)), "'\\x00\\x7f\\xff'");
}

TEST(Quote, EmptyText) { EXPECT_EQ(quote(""), "''"); }

TEST(Quote, CutsLongTextAroundTheFocus) {
  std::string text(1000, 'a');
  text.replace(500, 3, "XYZ");
  const std::string quoted = quote(text, 500, 40);
  EXPECT_LE(quoted.size(), 40u + 8u);
  EXPECT_EQ(quoted.substr(0, 4), "'...");
  EXPECT_EQ(quoted.substr(quoted.size() - 4), "...'");
  EXPECT_NE(quoted.find("XYZ"), std::string::npos);
}

TEST(Quote, FocusAtTheEndShowsTheEnd) {
  const std::string text = std::string(1000, 'a') + "END";
  const std::string quoted = quote(text, text.size(), 40);
  EXPECT_EQ(quoted.substr(0, 4), "'...");
  EXPECT_EQ(quoted.substr(quoted.size() - 4), "END'");
  EXPECT_LE(quoted.size(), 40u + 8u);
}

TEST(Quote, FocusAtTheStartShowsTheStart) {
  const std::string text = "START" + std::string(1000, 'a');
  const std::string quoted = quote(text, 0, 40);
  EXPECT_EQ(quoted.substr(0, 6), "'START");
  EXPECT_EQ(quoted.substr(quoted.size() - 4), "...'");
}

TEST(Quote, GarbageStaysShortAndPrintable) {
  std::string garbage;
  for (int i = 0; i < 100000; ++i) garbage += static_cast<char>(i * 37 % 256);
  const std::string quoted = quote(garbage, 5000);
  EXPECT_LE(quoted.size(), kDefaultQuoteChars + 8);
  for (char c : quoted) {
    EXPECT_TRUE(c >= 0x20 && c < 0x7f) << static_cast<int>(static_cast<unsigned char>(c));
  }
}

}  // namespace
}  // namespace interactor
