#include "generate/tps_gen.hpp"

#include <gtest/gtest.h>

#include "base/errors.hpp"

namespace judge {
namespace {

using Strings = std::vector<std::string>;

std::string names(const TpsGenData& data) {
  std::string text;
  for (const TpsGenTest& test : data.tests) text += (text.empty() ? "" : " ") + test.name;
  return text;
}

// The shape of ioi-2017/tps samples/Batch/mountains/gen/data: subtasks that include
// the one before, manual files and generator lines.
TEST(TpsGen, NamesAndMappingOfIncludedSubtasks) {
  const TpsGenData data = parse_tps_gen_data(
      "@subtask samples\nmanual sample-1.in\nmanual sample-2.in\n\n@subtask 2^n\ngencode random 1\n"
      "# a comment\ngencode random 19 sadfa\n\n@subtask full\n@include 2^n\ngencode random 2000 ocewu\n",
      "gen/data");
  EXPECT_EQ(names(data), "0-01 0-02 1-01 1-02 2-01");
  ASSERT_EQ(data.tests.size(), 5u);
  EXPECT_EQ(data.tests[3].command, "gencode");
  EXPECT_EQ(data.tests[3].args, (Strings{"random", "19", "sadfa"}));
  EXPECT_EQ(data.tests[3].line, 8u);
  EXPECT_EQ(data.tests[3].testset, "2^n");
  EXPECT_EQ(data.tests[0].args, (Strings{"sample-1.in"}));
  EXPECT_EQ(data.mapping(), "samples 0-01\nsamples 0-02\n2^n 1-01\n2^n 1-02\nfull 1-01\nfull 1-02\nfull 2-01\n");
}

TEST(TpsGen, TestsetsAreNamedByNameAndLeftOutOfTheMapping) {
  // gen_data_parser.py: @testset resets the offset but is no subtask; test_name.py
  // names its tests by the set's name. Included sets are copied as they are then.
  const TpsGenData data = parse_tps_gen_data(
      "@testset extra\ngen 1\n@subtask one\n@include extra\ngen 2\r\n@subtask two\n@include one extra\ngen 3\n"
      "@subtask three\n\t  gen 4   5  \n",
      "data");
  EXPECT_EQ(names(data), "extra-01 0-01 1-01 2-01");
  EXPECT_EQ(data.tests[3].args, (Strings{"4", "5"}));
  EXPECT_EQ(data.mapping(), "one 0-01\none extra-01\ntwo 0-01\ntwo 1-01\ntwo extra-01\nthree 2-01\n");
  // A set may include itself, as gen_data_parser.py lets it: nothing changes.
  EXPECT_EQ(parse_tps_gen_data("@subtask a\ngen 1\n@include a\n", "data").mapping(), "a 0-01\n");
}

TEST(TpsGen, NumbersPastNineAreTwoDigitsThenMore) {
  std::string text = "@subtask s\n";
  for (int i = 0; i < 100; ++i) text += "gen " + std::to_string(i) + "\n";
  const TpsGenData data = parse_tps_gen_data(text, "data");
  EXPECT_EQ(data.tests[9].name, "0-10");
  EXPECT_EQ(data.tests[99].name, "0-100");
}

struct Mistake {
  const char* text;
  const char* message;  // what the ConfigError says, after "gen/data:LINE: "
};

TEST(TpsGen, MistakesNameTheLine) {
  const Mistake mistakes[] = {
      {"manual a.in\n", "gen/data:1: a test before any @subtask or @testset"},
      {"# c\n@include x\n", "gen/data:2: @include before any @subtask or @testset"},
      {"@subtask a\n@include b\n", "gen/data:2: @include b: no @subtask or @testset \"b\" is defined above"},
      {"@subtask a\n@subtask a\n", "gen/data:2: \"a\" is defined twice"},
      {"@subtask\n", "gen/data:1: @subtask takes one name, got 0"},
      {"@subtask a b\n", "gen/data:1: @subtask takes one name, got 2"},
      {"@group a\n", "gen/data:1: unknown command @group (TPS knows @subtask, @testset and @include)"},
      {"@subtask a\n\nmanual\n", "gen/data:3: manual takes exactly one file, got 0"},
      {"@subtask a\ncopy x y\n", "gen/data:2: copy takes exactly one file, got 2"},
  };
  for (const Mistake& mistake : mistakes) {
    try {
      parse_tps_gen_data(mistake.text, "gen/data");
      ADD_FAILURE() << "accepted: " << mistake.text;
    } catch (const ConfigError& error) {
      EXPECT_EQ(std::string(error.what()), mistake.message) << mistake.text;
    }
  }
}

}  // namespace
}  // namespace judge
