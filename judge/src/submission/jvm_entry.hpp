// The class a JVM submission runs, found from its source as the contest systems find
// it, and the name its file must have for the compiler:
//
//   Java    the class that declares `static void main(`, qualified by the file's
//           package (`boolfind-test-correct.java` declaring `class Main` runs Main;
//           a nested class runs as Outer$Inner), as DOMjudge's java_javac_detect
//           picks the class with main after compiling; one that is public is
//           preferred, then the one named as the file. javac refuses a public class
//           in a file of another name, so such a file is compiled as
//           `<PublicClass>.java` (DOMjudge renames it so: `carol/nuts-bolts.java`
//           holding `public class Main` compiles as Main.java).
//   Kotlin  the facade class kotlinc makes for the file with the top-level `main`:
//           the file's name with every character that is not a letter or a digit made
//           `_`, the first letter capitalised, and `Kt` after it (`nuts-bolts.kt` ->
//           `Nuts_boltsKt`), or the name `@file:JvmName("...")` gives it, qualified by
//           the package.
//
// The source text is read with its comments, strings and character literals blanked
// out, so a `class` or `main` inside them does not count. Not a Java parser: what it
// cannot find (no main at all) leaves the file's stem, and the compiler or the JVM
// says what is wrong.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

#include "submission/sources.hpp"

namespace judge {

struct JavaEntry {
  std::string main_class;  // "Main", "pkg.Main", "Outer$Inner"; empty: none found
  std::string public_class;  // the top-level public type's name; empty: none
};

JavaEntry java_entry(std::string_view source_text);

// kotlinc's facade class for a file (with its package), e.g. "Nuts_boltsKt".
std::string kotlin_main_class(std::string_view source_text, const std::filesystem::path& file);

// Fills sources.entry_class and sources.compiled_as for a Java or Kotlin entry file
// (by its ending); any other language is left as it is.
void find_jvm_entry(Sources& sources);

// The sources with every file under the name it is compiled as, copied into
// `folder` (a compile without a box runs on host paths; javac needs the new name
// there too). Returns sources unchanged when no file is renamed.
Sources staged_under_compiled_names(const Sources& sources, const std::filesystem::path& folder);

}  // namespace judge
