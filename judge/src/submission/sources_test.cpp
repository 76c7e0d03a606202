#include "submission/sources.hpp"

#include <stdlib.h>
#include <sys/stat.h>

#include <fstream>

#include <gtest/gtest.h>

#include "base/errors.hpp"

namespace judge {
namespace {
namespace fs = std::filesystem;

class SourcesTest : public testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "sources-test-XXXXXX").string();
    ASSERT_NE(::mkdtemp(pattern.data()), nullptr);
    dir = pattern;
  }
  void TearDown() override { fs::remove_all(dir); }
  void write(const fs::path& relative, const std::string& text) {
    fs::create_directories((dir / relative).parent_path());
    std::ofstream(dir / relative) << text;
  }
  std::string error_of(const fs::path& path, const std::string& entrypoint = "") {
    try {
      find_sources(path, languages, "", entrypoint);
    } catch (const ConfigError& error) {
      return error.what();
    }
    return "no error";
  }
  fs::path dir;
  Languages languages = Languages::parse(builtin_languages_yaml);
};

TEST_F(SourcesTest, OneFileIsItsOwnEntry) {
  write("sol.cpp", "int main() {}\n");
  const Sources sources = find_sources(dir / "sol.cpp", languages);
  EXPECT_EQ(sources.language->id, "cpp");
  EXPECT_EQ(sources.entry, "sol.cpp");
  EXPECT_EQ(sources.base, dir);
  EXPECT_EQ(sources.files, std::vector<fs::path>{"sol.cpp"});
}

TEST_F(SourcesTest, AFolderKeepsEveryFileAndCompilesAllSourcesOfItsLanguage) {
  write("s/main.cpp", "#include \"lib.hpp\"\nint main() { return f(); }\n");
  write("s/lib.hpp", "int f();\n");
  write("s/lib.cpp", "int f() { return 0; }\n");
  write("s/.git/HEAD", "ref\n");
  const Sources sources = find_sources(dir / "s", languages);
  EXPECT_EQ(sources.language->id, "cpp");
  EXPECT_EQ(sources.files, (std::vector<fs::path>{"lib.cpp", "lib.hpp", "main.cpp"}));
  EXPECT_EQ(sources.language_files, (std::vector<fs::path>{"lib.cpp", "main.cpp"}));
}

TEST_F(SourcesTest, PythonEntryByNameThenByMainGuard) {
  write("a/main.py", "import helper\n");
  write("a/helper.py", "x = 1\n");
  EXPECT_EQ(find_sources(dir / "a", languages).entry, "main.py");
  write("b/solve.py", "import helper\nif __name__ == '__main__':\n    pass\n");
  write("b/helper.py", "x = 1\n");
  EXPECT_EQ(find_sources(dir / "b", languages).entry, "solve.py");
  write("c/one.py", "x = 1\n");
  write("c/two.py", "y = 1\n");
  EXPECT_NE(error_of(dir / "c").find("cannot tell its entry point"), std::string::npos);
  EXPECT_EQ(find_sources(dir / "c", languages, "", "two.py").entry, "two.py");
  EXPECT_NE(error_of(dir / "c", "three.py").find("not one of its files"), std::string::npos);
}

TEST_F(SourcesTest, JavaEntryIsMainJavaOrTheClassWithMain) {
  write("j/Helper.java", "class Helper {}\n");
  write("j/Solver.java", "public class Solver { public static void main(String[] a) {} }\n");
  const Sources sources = find_sources(dir / "j", languages);
  EXPECT_EQ(sources.entry, "Solver.java");
}

TEST_F(SourcesTest, RefusedFoldersAndFilesSayWhy) {
  write("mixed/a.py", "");
  write("mixed/b.cpp", "");
  EXPECT_NE(error_of(dir / "mixed").find("several languages (cpp, python3)"), std::string::npos);
  write("none/README.txt", "");
  EXPECT_NE(error_of(dir / "none").find("no source file of a known language"), std::string::npos);
  write("data.txt", "");
  EXPECT_NE(error_of(dir / "data.txt").find("neither an executable nor a source"), std::string::npos);
}

TEST_F(SourcesTest, AnExecutableWithoutAKnownEndingIsRunAsItIs) {
  write("prog", "#!/bin/sh\n");
  ::chmod((dir / "prog").c_str(), 0755);
  const Sources sources = find_sources(dir / "prog", languages);
  EXPECT_EQ(sources.language, nullptr);
}

}  // namespace
}  // namespace judge
