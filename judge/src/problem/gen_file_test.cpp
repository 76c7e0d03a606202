#include "problem/gen_file.hpp"

#include <gtest/gtest.h>

#include "base/errors.hpp"

namespace judge {
namespace {

using Args = std::vector<std::string>;

// task-maker's own example of gen/GEN (its italian_yaml module documentation).
TEST(GenFile, SubtasksCopiesAndGeneratorLines) {
  const GenFile file = parse_gen_file(
      "# N     M       seed\n#ST: 0\n#COPY: gen/example1.txt\n#COPY: gen/example2.txt\n\n#ST: 30\n"
      "10      1000    101\n20      1000    102\n1       1       103 # corner case!\n\n#ST: 70\n"
      "1000    10000   201\n2000    10000   202",
      "gen/GEN");
  ASSERT_EQ(file.tests.size(), 7u);
  EXPECT_EQ(file.tests[0].copy, "gen/example1.txt");
  EXPECT_TRUE(file.tests[0].args.empty());
  EXPECT_EQ(file.tests[4].args, (Args{"1", "1", "103"}));  // the comment is not an argument
  EXPECT_EQ(file.tests[4].subtask, 1);
  EXPECT_EQ(file.tests[4].line, 9);
  EXPECT_EQ(file.tests[6].args, (Args{"2000", "10000", "202"}));  // no newline at the end
  EXPECT_EQ(file.tests[6].subtask, 2);
  ASSERT_EQ(file.subtasks.size(), 3u);
  EXPECT_EQ(file.subtasks[0].points, 0);
  EXPECT_EQ(file.subtasks[0].tests, 2);
  EXPECT_EQ(file.subtasks[1].points, 30);
  EXPECT_EQ(file.subtasks[1].tests, 3);
  EXPECT_EQ(file.subtasks[2].tests, 2);
}

TEST(GenFile, CmsSpacingAndNoSubtasks) {
  // CMS's own spelling "# ST: 40" and "# COPY:", CRLF line ends; no subtasks at all.
  GenFile file = parse_gen_file("# ST: 40\r\ngen 5 1\r\n# COPY: input/sample.txt\r\n# ST: 60.5\r\ngen 9 2\r\n", "GEN");
  ASSERT_EQ(file.subtasks.size(), 2u);
  EXPECT_EQ(file.subtasks[1].points, 60.5);
  EXPECT_EQ(file.tests[1].copy, "input/sample.txt");
  EXPECT_EQ(file.tests[2].args, (Args{"gen", "9", "2"}));
  file = parse_gen_file("#\n1234\n#\n", "GEN");
  EXPECT_TRUE(file.subtasks.empty());
  ASSERT_EQ(file.tests.size(), 1u);
  EXPECT_EQ(file.tests[0].subtask, 0);
}

TEST(GenFile, ASubtaskWithoutPointsIsAnError) {
  for (const char* bad : {"#ST:\n1\n", "#ST: many\n1\n", "#COPY:\n"}) {
    try {
      parse_gen_file(bad, "task/gen/GEN");
      ADD_FAILURE() << bad;
    } catch (const ConfigError& error) {
      EXPECT_NE(std::string(error.what()).find("task/gen/GEN:1:"), std::string::npos) << error.what();
    }
  }
}

}  // namespace
}  // namespace judge
