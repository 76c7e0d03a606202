#include "base/utf8.hpp"

#include <random>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "base/json_text.hpp"
#include "base/printable.hpp"

namespace judge {
namespace {

TEST(Utf8, ValidTextIsKept) {
  EXPECT_TRUE(is_valid_utf8("naïve → ok ✓ 😀"));
  EXPECT_EQ(valid_utf8("naïve → ok ✓ 😀"), "naïve → ok ✓ 😀");
  EXPECT_EQ(valid_utf8(""), "");
}

TEST(Utf8, EachMaximalInvalidPartBecomesOneReplacementCharacter) {
  const std::string r = "\xEF\xBF\xBD";
  EXPECT_FALSE(is_valid_utf8("bad\xff\xfe"));
  EXPECT_EQ(valid_utf8("bad\xff\xfe"), "bad" + r + r);
  EXPECT_EQ(valid_utf8("\xe2\x82x"), r + "x");              // cut short: one part
  EXPECT_EQ(valid_utf8("ab\xe2\x82"), "ab" + r);              // cut at the end
  EXPECT_EQ(valid_utf8("\xc0\xaf"), r + r);                   // overlong '/'
  EXPECT_EQ(valid_utf8("\xed\xa0\x80"), r + r + r);           // a surrogate
  EXPECT_EQ(valid_utf8("\xf4\x90\x80\x80"), r + r + r + r);   // above U+10FFFF
}

// The one way: what valid_utf8 makes of a string is what json_text writes for it,
// for any bytes (random strings biased towards UTF-8's lead and continuation bytes).
TEST(Utf8, AgreesWithJsonTextOnRandomBytes) {
  std::mt19937 random(28);
  const unsigned char interesting[] = {0x00, 0x1f, 0x41, 0x7f, 0x80, 0x8f, 0x9f, 0xa0, 0xbf, 0xc0, 0xc2,
                                       0xdf, 0xe0, 0xe1, 0xed, 0xef, 0xf0, 0xf4, 0xf5, 0xff};
  for (int round = 0; round < 20000; ++round) {
    std::string bytes(random() % 12, '\0');
    for (char& c : bytes)
      c = static_cast<char>(random() % 2 ? interesting[random() % sizeof interesting] : random() % 256);
    const std::string valid = valid_utf8(bytes);
    ASSERT_TRUE(is_valid_utf8(valid));
    ASSERT_EQ(json_text(nlohmann::json(valid)), json_text(nlohmann::json(bytes))) << printable(bytes);
    if (is_valid_utf8(bytes)) {
      ASSERT_EQ(valid, bytes);
    }
  }
}

TEST(JsonText, NeverThrowsOnBytesThatAreNotUtf8) {
  const nlohmann::json result = {{"submission", "x\xff.py"}, {"message", std::string("echo \xfe\x00", 6)}};
  EXPECT_THROW((void)result.dump(), nlohmann::json::type_error);
  const std::string text = json_text(result, 2);
  EXPECT_TRUE(is_valid_utf8(text));
  EXPECT_EQ(nlohmann::json::parse(text)["submission"], "x\xEF\xBF\xBD.py");
}

}  // namespace
}  // namespace judge
