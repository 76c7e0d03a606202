#include "problem/polygon_package.hpp"

#include <stdlib.h>

#include <fstream>

#include <gtest/gtest.h>

#include "base/errors.hpp"

namespace judge {
namespace {
namespace fs = std::filesystem;

class PolygonPackageTest : public testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "polygon-test-XXXXXX").string();
    ASSERT_NE(::mkdtemp(pattern.data()), nullptr);
    dir = pattern;
    write("files/interactor.py", "import sys\nsys.exit(0)\n");
    write("files/gen.py", "import sys\nprint(sys.argv[1], sys.argv[2])\n");
    write("tests/01", "5 3\n");
    write("solutions/sol.py", "print(1)\n");
    write("solutions/wa.py", "print(2)\n");
  }
  void TearDown() override { fs::remove_all(dir); }
  void write(const fs::path& relative, const std::string& text) {
    fs::create_directories((dir / relative).parent_path());
    std::ofstream(dir / relative) << text;
  }
  std::string xml(const std::string& tests, const std::string& limits = "<time-limit>1500</time-limit>"
                                                                        "<memory-limit>268435456</memory-limit>") {
    return R"(<?xml version="1.0" encoding="utf-8" standalone="no"?>
<problem revision="3" short-name="guess-it">
  <judging><testset name="tests">)" + limits + R"(
    <input-path-pattern>tests/%02d</input-path-pattern><answer-path-pattern>tests/%02d.a</answer-path-pattern>
    <tests>)" + tests + R"(</tests></testset></judging>
  <files><executables><executable><source path="files/gen.py" type="python.3"/></executable></executables></files>
  <assets><interactor><source path="files/interactor.py" type="python.3"/></interactor>
    <solutions><solution tag="main"><source path="solutions/sol.py" type="python.3"/></solution>
      <solution tag="wrong-answer"><source path="solutions/wa.py" type="python.3"/></solution></solutions>
  </assets>
</problem>
)";
  }
  std::string error_of(const std::string& text) {
    write("problem.xml", text);
    try {
      load_polygon_package(dir, dir / "cache");
    } catch (const ConfigError& error) {
      return error.what();
    }
    return "no error";
  }
  fs::path dir;
};

TEST(PolygonPattern, ExpandsPrintfStyleNumbers) {
  EXPECT_EQ(expand_test_pattern("tests/%02d", 7), "tests/07");
  EXPECT_EQ(expand_test_pattern("tests/%02d.a", 123), "tests/123.a");
  EXPECT_EQ(expand_test_pattern("t/%d", 5), "t/5");
  EXPECT_EQ(expand_test_pattern("t/%3d%%", 5), "t/  5%");
  // A width past any number's: the pattern as it is (no file has that name), not an
  // exception out of the loader or a string of that many characters.
  EXPECT_EQ(expand_test_pattern("t/%99999999999999999999d", 5), "t/%99999999999999999999d");
  EXPECT_EQ(expand_test_pattern("t/%999999999d", 5), "t/%999999999d");
}

TEST_F(PolygonPackageTest, ReadsLimitsTestsTheTestlibConventionAndTaggedSolutions) {
  write("problem.xml", xml(R"(<test method="manual" sample="true"/><test cmd="gen 10 4" method="generated"/>)"));
  const Problem problem = load_polygon_package(dir, dir / "cache");
  EXPECT_EQ(problem.name, "guess-it");
  EXPECT_EQ(problem.format, ProblemFormat::polygon);
  EXPECT_EQ(problem.convention, InteractorConvention::testlib);
  EXPECT_EQ(problem.limits.cpu_ms, 1500);
  EXPECT_EQ(problem.limits.memory_kib, 256 * 1024);
  ASSERT_EQ(problem.tests.size(), 2u);
  EXPECT_TRUE(problem.tests[0].sample);
  EXPECT_EQ(problem.tests[0].input, dir / "tests/01");
  EXPECT_EQ(problem.tests[0].answer, "/dev/null");
  // The generated test: made by the generator, kept in the cache.
  EXPECT_EQ(problem.tests[1].name, "02");
  std::ifstream generated(problem.tests[1].input);
  std::string text((std::istreambuf_iterator<char>(generated)), {});
  EXPECT_EQ(text, "10 4\n");
  // The solutions with their tags (what each must get: verify/example_submissions.hpp).
  ASSERT_EQ(problem.tagged_submissions.size(), 2u);
  EXPECT_EQ(problem.tagged_submissions[0].first, dir / "solutions/sol.py");
  EXPECT_EQ(problem.tagged_submissions[0].second, "main");
  EXPECT_EQ(problem.tagged_submissions[1].first, dir / "solutions/wa.py");
  EXPECT_EQ(problem.tagged_submissions[1].second, "wrong-answer");
}

TEST_F(PolygonPackageTest, MistakesSayWhatToFix) {
  EXPECT_NE(error_of("<problem").find("is not XML"), std::string::npos);
  EXPECT_NE(error_of("<contest/>").find("no <problem> element"), std::string::npos);
  EXPECT_NE(error_of(xml(R"(<test method="manual"/><test method="manual"/>)")).find("02 is missing"),
            std::string::npos);
  EXPECT_NE(error_of(xml(R"(<test method="manual"/><test cmd="nogen 1" method="generated"/>)")).find("names no generator"),
            std::string::npos);
  EXPECT_NE(error_of(xml(R"(<test method="manual"/>)", "<time-limit>0</time-limit><memory-limit>1</memory-limit>"))
                .find("positive whole number"),
            std::string::npos);
  write("files/gen.py", "import sys\nsys.exit(3)\n");
  EXPECT_NE(error_of(xml(R"(<test method="manual"/><test cmd="gen 1 2" method="generated"/>)")).find("generator failed"),
            std::string::npos);
}

}  // namespace
}  // namespace judge
