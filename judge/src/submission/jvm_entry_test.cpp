#include "submission/jvm_entry.hpp"

#include <fstream>

#include <gtest/gtest.h>

#include "base/temp_dir.hpp"

namespace judge {
namespace {
namespace fs = std::filesystem;

TEST(JavaEntry, TheClassDeclaringMainRunsWhateverTheFileIsCalled) {
  // DOMjudge's boolfind-test-correct.java: a package-private class Main.
  const JavaEntry entry = java_entry(
      "import java.util.*;\n\nclass Main {\n  public static void main(String[] args) {\n"
      "    System.out.println(\"class Fake { static void main( }\");\n  }\n}\n");
  EXPECT_EQ(entry.main_class, "Main");
  EXPECT_EQ(entry.public_class, "");
}

TEST(JavaEntry, APublicClassIsNamedAndPreferredAmongClassesWithMain) {
  const JavaEntry entry = java_entry(
      "/* class Comment { public static void main(String[] a) {} } */\n"
      "class Helper { static void main(String[] a) {} }\n"
      "public final class Solution {\n  // static void main( in a comment\n"
      "  public static void main(String... args) { Runnable r = new Runnable() { public void run() {} }; }\n}\n");
  EXPECT_EQ(entry.main_class, "Solution");
  EXPECT_EQ(entry.public_class, "Solution");
}

TEST(JavaEntry, PackageAndNestedClassesGiveTheBinaryName) {
  EXPECT_EQ(java_entry("package contest.a;\npublic class Main { public static void main(String[] x) {} }\n").main_class,
            "contest.a.Main");
  EXPECT_EQ(java_entry("public class Outer {\n  static class Inner {\n    public static void main(String[] x) {}\n  }\n}\n")
                .main_class,
            "Outer$Inner");
  // Foo.class and a variable named record are not declarations; no main: nothing.
  const JavaEntry none = java_entry("class A { Object c = A.class; int record = 1; void main(String[] x) {} }\n");
  EXPECT_EQ(none.main_class, "");
}

TEST(KotlinMainClass, TheFacadeClassAsKotlincNamesIt) {
  EXPECT_EQ(kotlin_main_class("fun main() {}\n", "main.kt"), "MainKt");
  EXPECT_EQ(kotlin_main_class("fun main() {}\n", "nuts-bolts.kt"), "Nuts_boltsKt");
  EXPECT_EQ(kotlin_main_class("fun main() {}\n", "9lives.kt"), "_9livesKt");
  EXPECT_EQ(kotlin_main_class("package a.b\n\nfun main() {}\n", "sol.kt"), "a.b.SolKt");
  EXPECT_EQ(kotlin_main_class("@file:JvmName(\"Entry\")\npackage p\nfun main() {}\n", "x.kt"), "p.Entry");
}

TEST(JvmEntry, AJavaFileWhosePublicClassIsNotItsNameIsCompiledUnderTheClassName) {
  TempDir dir("jvm-entry-test-");
  fs::create_directories(dir.path() / "carol");
  std::ofstream(dir.path() / "carol/nuts-bolts.java") << "public class Main { public static void main(String[] a) {} }\n";
  Sources sources;
  sources.root = dir.path() / "carol/nuts-bolts.java";
  sources.base = dir.path() / "carol";
  sources.files = sources.language_files = {"nuts-bolts.java"};
  sources.entry = "nuts-bolts.java";
  find_jvm_entry(sources);
  EXPECT_EQ(sources.entry_class, "Main");
  EXPECT_EQ(compiled_name(sources, "nuts-bolts.java"), "Main.java");
  const Sources staged = staged_under_compiled_names(sources, dir.path() / "staged");
  EXPECT_EQ(staged.entry, "Main.java");
  EXPECT_TRUE(fs::is_regular_file(dir.path() / "staged/Main.java"));
  EXPECT_TRUE(staged.compiled_as.empty());
}

}  // namespace
}  // namespace judge
