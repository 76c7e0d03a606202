#include "submission/precompiled_header.hpp"

#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fstream>

#include <gtest/gtest.h>

#include "base/search_path.hpp"
#include "base/text_file.hpp"
#include "box/sandbox.hpp"
#include "submission/submission.hpp"

namespace judge {
namespace {

TEST(LeadingInclude, IsTheFirstIncludeAfterCommentsBlankLinesAndDirectives) {
  const auto plain = leading_include("#include <bits/stdc++.h>\nusing namespace std;\n");
  ASSERT_TRUE(plain);
  EXPECT_EQ(plain->header, "bits/stdc++.h");
  EXPECT_TRUE(plain->angled);
  EXPECT_EQ(plain->line, 1);
  const auto later = leading_include(
      "// author\n/* a\n   b */\n\n#define ll long long\n#pragma GCC optimize(\"O3\")\n"
      "  #  include   \"testlib.h\"\nint main() {}\n");
  ASSERT_TRUE(later);
  EXPECT_EQ(later->header, "testlib.h");
  EXPECT_FALSE(later->angled);
  EXPECT_EQ(later->line, 7);
  // A directive continued over two lines counts both.
  const auto continued = leading_include("#define X \\\n  1\n#include <bits/stdc++.h>\n");
  ASSERT_TRUE(continued);
  EXPECT_EQ(continued->line, 3);
  const auto comment_first = leading_include("/* c */ #include <vector>\n");
  ASSERT_TRUE(comment_first);
  EXPECT_EQ(comment_first->header, "vector");
}

TEST(LeadingInclude, NoneAfterATokenOrForAMacroInclude) {
  EXPECT_FALSE(leading_include("int x;\n#include <bits/stdc++.h>\n"));
  EXPECT_FALSE(leading_include("#include HEADER\n"));
  EXPECT_FALSE(leading_include("#include <>\n"));
  EXPECT_FALSE(leading_include("/* never closed\n#include <bits/stdc++.h>\n"));
  EXPECT_FALSE(leading_include(""));
  EXPECT_FALSE(leading_include("#includes <x>\n"));
}

TEST(PrecompiledHeaderKnown, BitsStdcppAngledAndTestlibQuoted) {
  EXPECT_TRUE(precompiled_header_known({"bits/stdc++.h", true, 1}));
  EXPECT_TRUE(precompiled_header_known({"testlib.h", false, 1}));
  EXPECT_FALSE(precompiled_header_known({"bits/stdc++.h", false, 1}));  // a file of the submission's own
  EXPECT_FALSE(precompiled_header_known({"vector", true, 1}));
}

TEST(HeaderCompileFlags, KeepsWhatCompilesAndDropsOutputSourcesFoldersAndLinking) {
  const auto flags =
      header_compile_flags({"g++", "-g", "-O2", "-std=gnu++20", "-static", "-o", "{build}/main", "{files}", "-lrt",
                            "-Wl,--whole-archive", "-lpthread", "-Wl,--no-whole-archive"});
  ASSERT_TRUE(flags);
  EXPECT_EQ(*flags, (std::vector<std::string>{"g++", "-g", "-O2", "-std=gnu++20"}));
  const auto package =
      header_compile_flags({"/usr/bin/g++", "-I", "{copy}", "-I", "/lib/include", "-O2", "-DONLINE_JUDGE", "-o",
                            "{work}/main", "{copy}/a.cpp", "/lib/libx.a", "-L/x", "-fuse-ld=gold"});
  ASSERT_TRUE(package);
  EXPECT_EQ(*package, (std::vector<std::string>{"/usr/bin/g++", "-O2", "-DONLINE_JUDGE"}));
  EXPECT_TRUE(header_compile_flags({"g++-12", "-o", "x", "a.cpp"}));
}

TEST(HeaderCompileFlags, NoneForOtherCompilersOrCommandsAPchCannotServe) {
  EXPECT_FALSE(header_compile_flags({}));
  EXPECT_FALSE(header_compile_flags({"gcc", "-O2", "-o", "x", "{files}"}));  // C
  EXPECT_FALSE(header_compile_flags({"clang++", "-O2", "-o", "x", "{files}"}));
  EXPECT_FALSE(header_compile_flags({"g++", "-O2", "{files}"}));  // no output named
  EXPECT_FALSE(header_compile_flags({"g++", "-include", "x.h", "-o", "x", "{files}"}));
  EXPECT_FALSE(header_compile_flags({"g++", "-x", "c", "-o", "x", "{files}"}));
}

namespace fs = std::filesystem;

// Real compiles in the box, with and without the precompiled header: one PCH (every
// source is sol.cpp with its #include on line 2) serves the whole test.
class PrecompiledHeaderInTheBox : public testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "pch-test-XXXXXX").string();
    ASSERT_NE(::mkdtemp(pattern.data()), nullptr);
    dir = pattern;
  }
  void TearDown() override { fs::remove_all(dir); }
  fs::path write(const std::string& folder, const std::string& text, const std::string& name = "sol.cpp") {
    fs::create_directories(dir / folder);
    std::ofstream(dir / folder / name) << text;
    return dir / folder / name;
  }
  Submission prepare(const fs::path& source, bool pch) {
    SubmissionOptions options;
    options.precompiled_headers = pch;
    return prepare_submission(source, dir / (pch ? "cache" : "plain"), options);
  }
  // The executable without its debug info and build-id note (a hash of that info).
  std::string program_bytes(const Submission& built, const std::string& name) {
    const fs::path out = dir / name;
    const std::string strip =
        "strip --remove-section=.note.gnu.build-id -o '" + out.string() + "' '" + built.command.at(0) + "'";
    EXPECT_EQ(std::system(strip.c_str()), 0) << strip;
    return read_file(out).value_or("");
  }
  std::vector<fs::path> compiled_headers() {
    std::vector<fs::path> found;
    std::error_code ec;
    for (auto it = fs::recursive_directory_iterator(dir / "cache" / "builds", ec);
         !ec && it != fs::recursive_directory_iterator(); it.increment(ec))
      if (it->path().filename() == "stdc++.h.gch") found.push_back(it->path());
    return found;
  }
  fs::path dir;
};

TEST_F(PrecompiledHeaderInTheBox, SameMessageSameProgramAndTheCachesBoundHolds) {
  if (find_box_executable().empty() || ::geteuid() != 0 || !find_on_box_path("g++") || !find_on_box_path("strip"))
    GTEST_SKIP() << "needs judge-box, root, g++ and strip";
  const fs::path ok = write("ok",
                            "// plain\n#include <bits/stdc++.h>\nint main() { std::vector<int> v{3, 1, 2}; "
                            "std::sort(v.begin(), v.end()); return v[0]; }\n");
  const Submission with = prepare(ok, true);
  ASSERT_FALSE(with.compile_failed) << with.compile_message;
  ASSERT_EQ(compiled_headers().size(), 1u);  // made in the cache, once
  const Submission without = prepare(ok, false);
  ASSERT_FALSE(without.compile_failed) << without.compile_message;
  EXPECT_EQ(program_bytes(with, "ok-with"), program_bytes(without, "ok-without"));

  // A macro defined first that the header reads: GCC refuses the PCH and reads the
  // header; the program is debug mode's, which aborts on the bad index.
  const fs::path debug = write("debug",
                               "#define _GLIBCXX_DEBUG\n#include <bits/stdc++.h>\n"
                               "int main() { std::vector<int> v(3); return v[5]; }\n");
  const Submission debug_with = prepare(debug, true);
  const Submission debug_without = prepare(debug, false);
  ASSERT_FALSE(debug_with.compile_failed) << debug_with.compile_message;
  EXPECT_EQ(program_bytes(debug_with, "debug-with"), program_bytes(debug_without, "debug-without"));
  const int status = std::system((debug_with.command.at(0) + " 2>/dev/null").c_str());
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 128 + SIGABRT) << status;
  EXPECT_EQ(compiled_headers().size(), 1u);  // the same PCH was offered

  // A compile error whose notes point into the headers: byte for byte the same.
  const fs::path error = write("error",
                               "// error\n#include <bits/stdc++.h>\nint main() { std::vector<int> v; "
                               "v.push_back(\"x\"); return undefined_name; }\n");
  const Submission error_with = prepare(error, true);
  const Submission error_without = prepare(error, false);
  ASSERT_TRUE(error_with.compile_failed);
  EXPECT_NE(error_with.compile_message.find("In file included from"), std::string::npos) << error_with.compile_message;
  EXPECT_NE(error_with.compile_message.find("from /box/src/sol.cpp:2"), std::string::npos)
      << error_with.compile_message;
  EXPECT_EQ(error_with.compile_message, error_without.compile_message);

  // Another name, as contestants name their files: the same PCH serves it (no second
  // one is made), and its messages name its own file, byte for byte as without.
  const std::string named_error =
      "// team 7\n#include <bits/stdc++.h>\nint main() { std::vector<int> v; v.push_back(\"x\"); }\n";
  const Submission other_with = prepare(write("other", named_error, "Team 7 - a.cpp"), true);
  const Submission other_without = prepare(write("other", named_error, "Team 7 - a.cpp"), false);
  ASSERT_TRUE(other_with.compile_failed);
  EXPECT_NE(other_with.compile_message.find("from /box/src/Team 7 - a.cpp:2"), std::string::npos)
      << other_with.compile_message;
  EXPECT_EQ(other_with.compile_message.find("stand-in"), std::string::npos) << other_with.compile_message;
  EXPECT_EQ(other_with.compile_message, other_without.compile_message);
  const Submission other_ok =
      prepare(write("other-ok", "// b\n#include <bits/stdc++.h>\nint main() { return 3; }\n", "main.cc"), true);
  ASSERT_FALSE(other_ok.compile_failed) << other_ok.compile_message;
  EXPECT_EQ(compiled_headers().size(), 1u);

  // The bound: the PCH is an entry like any other and goes with the rest.
  const BuildCache cache(dir / "cache");
  const CacheStats before = cache.stats();
  EXPECT_GT(before.builds_bytes, 50u << 20);  // the PCH is large
  cache.evict(1 << 20, std::chrono::seconds(0));
  const CacheStats after = cache.stats();
  EXPECT_LE(after.sources_bytes + after.builds_bytes, 1u << 20);
  EXPECT_TRUE(compiled_headers().empty());
}

}  // namespace
}  // namespace judge
