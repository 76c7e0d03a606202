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

// What a hostile name or message sends to a terminal: clear the screen, set the
// window title (OSC ... BEL), and the same through the one-character C1 CSI (U+009B)
// that some terminals honour in UTF-8. None of it reaches the terminal raw.
TEST(Printable, NoEscapeSequenceSurvives) {
  const std::string clear = "\x1b[2J\x1b[H";
  const std::string title = "\x1b]0;owned\x07";
  const std::string c1_csi = "\xc2\x9b" "2J";
  for (const std::string& hostile : {clear, title, c1_csi}) {
    for (const std::string& shown : {printable(hostile), printable_line(hostile)}) {
      EXPECT_EQ(shown.find('\x1b'), std::string::npos) << shown;
      EXPECT_EQ(shown.find('\x07'), std::string::npos) << shown;
      EXPECT_EQ(shown.find("\xc2\x9b"), std::string::npos) << shown;
    }
  }
  EXPECT_EQ(printable(c1_csi), "\\xc2\\x9b2J");
  EXPECT_EQ(printable("\xc2\xa0"), "\xc2\xa0");  // U+00A0 (no-break space) is text
}

TEST(Printable, ALineKeepsNoNewlineOrTab) {
  EXPECT_EQ(printable_line("a\nAC\tb"), "a\\x0aAC\\x09b");
  EXPECT_EQ(printable_line("naïve ✓"), "naïve ✓");
}

}  // namespace
}  // namespace judge
