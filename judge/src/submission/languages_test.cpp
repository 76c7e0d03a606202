#include "submission/languages.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "base/errors.hpp"

namespace judge {
namespace {

TEST(Languages, TheBuiltInTableHasEveryLanguageOfTheIssue) {
  const Languages languages = Languages::parse(builtin_languages_yaml);
  for (const char* id : {"c", "cpp", "cpp17", "cpp23", "python3", "java", "kotlin", "rust"})
    EXPECT_NE(languages.by_id(id), nullptr) << id;
  EXPECT_EQ(languages.by_extension("a/b/sol.cc")->id, "cpp");
  EXPECT_EQ(languages.by_extension("Main.java")->id, "java");
  EXPECT_EQ(languages.by_extension("x.kt")->id, "kotlin");
  EXPECT_EQ(languages.by_extension("x.rs")->id, "rust");
  EXPECT_EQ(languages.by_extension("x.txt"), nullptr);
  EXPECT_EQ(languages.by_extension("Makefile"), nullptr);
  // A JVM: its reserved address space is not its memory.
  EXPECT_TRUE(languages.by_id("java")->unlimited_address_space);
  EXPECT_GT(languages.by_id("java")->threads, 0);
  EXPECT_FALSE(languages.by_id("cpp")->unlimited_address_space);
}

TEST(Languages, AUserEntryReplacesTheBuiltInOneAndAddsNewOnes) {
  const Languages languages = Languages::parse(builtin_languages_yaml,
                                               "cpp:\n  extensions: [cpp]\n  compile: [clang++, -o, '{build}/m', '{files}']\n"
                                               "  run: ['{build}/m']\n"
                                               "pypy:\n  extensions: [pypy]\n  run: [pypy3, '{entry}']\n",
                                               "mine.yaml");
  EXPECT_EQ(languages.by_id("cpp")->compile.front(), "clang++");
  EXPECT_EQ(languages.by_id("cpp")->name, "cpp");  // replaced whole: no name given
  EXPECT_EQ(languages.by_extension("x.pypy")->id, "pypy");
  EXPECT_NE(languages.by_id("java"), nullptr);  // the others stay
}

TEST(Languages, AMalformedUserFileIsAConfigErrorNamingTheFileAndKey) {
  auto message_of = [](const std::string& yaml) {
    try {
      Languages::parse(builtin_languages_yaml, yaml, "mine.yaml");
    } catch (const ConfigError& error) {
      return std::string(error.what());
    }
    return std::string("no error");
  };
  EXPECT_NE(message_of("go:\n  extensions: [go]\n").find("run"), std::string::npos);
  EXPECT_NE(message_of("go:\n  run: [go]\n  colour: blue\n").find("colour"), std::string::npos);
  EXPECT_NE(message_of("go:\n  run: [go]\n  address_space: huge\n").find("limited or unlimited"), std::string::npos);
  EXPECT_NE(message_of("go: [1, 2\n").find("mine.yaml"), std::string::npos);
  EXPECT_NE(message_of("- a\n- b\n").find("mine.yaml"), std::string::npos);
}

TEST(Languages, AMissingToolchainIsNamedWithItsPackages) {
  const Languages languages = Languages::parse(
      builtin_languages_yaml, "zig:\n  name: Zig\n  extensions: [zig]\n  compile: [no-such-zig-compiler, '{files}']\n"
                              "  run: ['{build}/main']\n  install: [zig]\n", "mine.yaml");
  const Language& zig = *languages.by_id("zig");
  EXPECT_EQ(missing_tool(zig), "no-such-zig-compiler");
  const std::string message = not_installed_message(zig, missing_tool(zig));
  EXPECT_NE(message.find("Zig: no-such-zig-compiler is not installed"), std::string::npos) << message;
  EXPECT_NE(message.find("apt-get install zig"), std::string::npos) << message;
  EXPECT_EQ(missing_tool(*languages.by_id("c")), "");  // gcc and gold are installed wherever this builds
  // The linker a compile names is part of its toolchain.
  const Languages linked =
      Languages::parse(builtin_languages_yaml,
                       "c:\n  name: C\n  extensions: [c]\n  compile: [gcc, -fuse-ld=nosuchlinker, '{files}']\n"
                       "  run: ['{build}/main']\n  install: [gcc]\n",
                       "mine.yaml");
  EXPECT_EQ(missing_tool(*linked.by_id("c")), "ld.nosuchlinker");
}

TEST(Languages, TheListingNamesEveryLanguageWithItsEndingsAndWhatIsMissing) {
  const Languages languages = Languages::parse(builtin_languages_yaml);
  const std::string text = describe_languages(
      languages, [](const Language& language) { return language.id == "kotlin" ? std::string("kotlinc") : ""; },
      "/home/u/.config/judge/languages.yaml");
  for (const char* expected : {"cpp", ".cpp .cc .cxx .c++ .C", "java", ".java", ".kt", ".rs", ".py",
                               "[not installed here: kotlinc]", "/home/u/.config/judge/languages.yaml"})
    EXPECT_NE(text.find(expected), std::string::npos) << expected << "\n" << text;
  // Whose flags, and what was changed for speed, under each entry that says.
  for (const char* expected : {"flags: Kattis (problemtools languages.yaml): g++ -g -O2", "for speed: -g left out",
                               "<bits/stdc++.h> precompiled when it is the first #include", "flags: DOMjudge"})
    EXPECT_NE(text.find(expected), std::string::npos) << expected << "\n" << text;
  EXPECT_EQ(text.find("judge/languages.yaml"), text.find("/home/u/.config/judge/languages.yaml") + 16)
      << "the built-in table's path in the source tree is not named";
}

// Each entry's flags come from a contest system, named beside it.
TEST(Languages, JavaRunsWithKattisFlagsNotC1Only) {
  const Languages languages = Languages::parse(builtin_languages_yaml);
  const Language& java = *languages.by_id("java");
  const std::string run = fmt::format("{}", fmt::join(java.run, " "));
  EXPECT_EQ(run.find("TieredStopAtLevel"), std::string::npos) << run;
  EXPECT_NE(run.find("-XX:+UseSerialGC -Xss64m -Xms{memory_mib}m -Xmx{memory_mib}m"), std::string::npos) << run;
  EXPECT_NE(std::string(builtin_languages_yaml).find("# Kattis: javac"), std::string::npos);
}

}  // namespace
}  // namespace judge
