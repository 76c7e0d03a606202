#include "base/printable.hpp"

#include <gtest/gtest.h>

namespace judge {
namespace {

TEST(Printable, KeepsTextNewlinesTabsAndUtf8) {
  EXPECT_EQ(printable("line 1\n\tnaïve → ok ✓ 😀"), "line 1\n\tnaïve → ok ✓ 😀");
}

TEST(Printable, EscapesControlBytesAndDel) {
  EXPECT_EQ(printable(std::string("a\0b\x1b[31m\r\x7f", 10)), "a\\x00b\\x1b[31m\\x0d\\x7f");
}

TEST(Printable, EscapesBytesThatAreNotUtf8) {
  EXPECT_EQ(printable("\xa5\xff"), "\\xa5\\xff");
  EXPECT_EQ(printable("\xc3"), "\\xc3");              // cut short
  EXPECT_EQ(printable("\xc0\xaf"), "\\xc0\\xaf");      // overlong '/'
  EXPECT_EQ(printable("\xed\xa0\x80"), "\\xed\\xa0\\x80");  // a surrogate
  EXPECT_EQ(printable("\xf4\x90\x80\x80"), "\\xf4\\x90\\x80\\x80");  // above U+10FFFF
}

}  // namespace
}  // namespace judge
