#include "export/standalone_sources.hpp"

#include <fstream>
#include <map>

#include <gtest/gtest.h>

#include "base/temp_dir.hpp"

namespace judge {
namespace {

namespace fs = std::filesystem;

void write(const fs::path& path, const std::string& text) {
  fs::create_directories(path.parent_path());
  std::ofstream(path) << text;
}

std::map<std::string, std::string> by_path(const StandaloneProgram& program) {
  std::map<std::string, std::string> files;
  for (const auto& file : program.files) files[file.path] = file.text;
  return files;
}

TEST(IncludeLines, QuotedAndAngledWithSpacesAndComments) {
  const auto lines = include_lines(
      "#include \"a.hpp\"\n  #  include <fmt/core.h> // why\n// #include \"no\"\n"
      "#define X 1\n#include<b.h>\n");
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[0].kind, '"');
  EXPECT_EQ(lines[0].target, "a.hpp");
  EXPECT_EQ(lines[1].kind, '<');
  EXPECT_EQ(lines[1].target, "fmt/core.h");
  EXPECT_EQ(lines[2].target, "b.h");
}

TEST(StandaloneProgram, GathersTheClosureOfIncludesAndTheirSources) {
  const TempDir scratch("standalone-test-");
  const fs::path dir = scratch.path() / "problem";
  write(dir / "interactor.cpp", "#include \"game.hpp\"\n#include \"interactor.hpp\"\nint main() {}\n");
  write(dir / "game.hpp", "#pragma once\n#include <vector>\n");
  write(dir / "game.cpp", "#include \"game.hpp\"\n#include <fmt/format.h>\n");
  write(dir / "unused.cpp", "this is not part of the program\n");
  write(dir / "tool.cpp", "int main() {}\n");
  const StandaloneProgram program = standalone_program(dir / "interactor.cpp");
  const auto files = by_path(program);
  EXPECT_EQ(program.files.front().path, "interactor.cpp");
  EXPECT_TRUE(program.uses_interactor_library);
  EXPECT_TRUE(files.contains("game.cpp"));
  EXPECT_FALSE(files.contains("unused.cpp"));
  EXPECT_FALSE(files.contains("tool.cpp"));
  // The library: headers as they are, implementation files as .ipp in one unit.
  EXPECT_TRUE(files.contains("interactor.hpp"));
  EXPECT_TRUE(files.contains("session.ipp"));
  EXPECT_FALSE(files.contains("session.cpp"));
  EXPECT_NE(files.at("interactor_library.cpp").find("#include \"session.ipp\""), std::string::npos);
  // fmt and nlohmann flat beside them, every include of theirs the flat name, fmt
  // header-only: no file of the program is in a subfolder.
  EXPECT_NE(files.at("game.cpp").find("#include \"fmt_format.h\""), std::string::npos) << files.at("game.cpp");
  EXPECT_NE(files.at("fmt_core.h").find("#define FMT_HEADER_ONLY"), std::string::npos);
  EXPECT_TRUE(files.contains("nlohmann_json.hpp"));
  EXPECT_NE(files.at("nlohmann_json.hpp").find("#include \"nlohmann_detail_"), std::string::npos);
  for (const auto& [path, text] : files) {
    EXPECT_EQ(path.find('/'), std::string::npos) << path;
    for (const IncludeLine& include : include_lines(text)) {
      if (include.kind == '"') {
        EXPECT_TRUE(files.contains(include.target)) << path << " includes " << include.target;
      }
    }
  }
}

TEST(StandaloneProgram, FilesOfEveryFolderAreFlatAndIncludesFollowThem) {
  const TempDir scratch("standalone-test-");
  write(scratch.path() / "gen" / "generator.cpp", "#include \"sizes.hpp\"\n#include \"sub/x.hpp\"\n");
  write(scratch.path() / "gen" / "sub" / "x.hpp", "#include \"sizes.hpp\"\n");
  write(scratch.path() / "core" / "sizes.hpp", "#pragma once\n");
  write(scratch.path() / "core" / "sizes.cpp", "#include \"sizes.hpp\"\n");
  const auto files = by_path(standalone_program(scratch.path() / "gen" / "generator.cpp", {scratch.path() / "core"}));
  EXPECT_TRUE(files.contains("sizes.hpp"));
  EXPECT_TRUE(files.contains("sizes.cpp"));
  EXPECT_NE(files.at("sub_x.hpp").find("#include \"sizes.hpp\""), std::string::npos) << files.at("sub_x.hpp");
  EXPECT_NE(files.at("generator.cpp").find("#include \"sub_x.hpp\""), std::string::npos);
  EXPECT_FALSE(files.contains("interactor_library.cpp"));
}

}  // namespace
}  // namespace judge
