#include "generate/manifest.hpp"

#include <gtest/gtest.h>

#include "base/errors.hpp"

namespace judge {
namespace {

TEST(Manifest, LinesCommentsAndArguments) {
  const auto entries = parse_manifest("# header\n\n01-sample 5 fixed  # the statement's\n02-big 999 random 7\n", "m");
  ASSERT_EQ(entries.size(), 2u);
  EXPECT_EQ(entries[0].name, "01-sample");
  EXPECT_EQ(entries[0].args, (std::vector<std::string>{"5", "fixed"}));
  EXPECT_EQ(entries[0].line, 3);
  EXPECT_EQ(entries[1].args.size(), 3u);
}

TEST(Manifest, MistakesNameTheFileAndLine) {
  try {
    parse_manifest("01 1\n01 2\n", "testdata/p/manifest.txt");
    FAIL() << "a name listed twice was accepted";
  } catch (const ConfigError& error) {
    EXPECT_STREQ(error.what(), "testdata/p/manifest.txt:2: test 01 is listed twice");
  }
  EXPECT_THROW(parse_manifest("../evil 1\n", "m"), ConfigError);
  EXPECT_THROW(parse_manifest(".hidden 1\n", "m"), ConfigError);
  EXPECT_THROW(parse_manifest("# nothing\n", "m"), ConfigError);
}

}  // namespace
}  // namespace judge
