#include "problem/program_build.hpp"

#include <elf.h>
#include <stdlib.h>
#include <sys/stat.h>

#include <cstring>
#include <fstream>
#include <thread>

#include <gtest/gtest.h>

#include "base/errors.hpp"
#include "base/temp_dir.hpp"
#include "base/text_file.hpp"
#include "process/tool_run.hpp"
#include "submission/build_cache.hpp"

namespace judge {
namespace {
namespace fs = std::filesystem;

class ProgramBuild : public testing::Test {
 protected:
  void write(const fs::path& name, const std::string& text, bool executable = false) {
    fs::create_directories((package() / name).parent_path());
    std::ofstream(package() / name) << text;
    if (executable) ::chmod((package() / name).c_str(), 0755);
  }
  fs::path package() const { return temp.path() / "package"; }
  fs::path cache() const { return temp.path() / "cache"; }
  // Runs the built program as a validator would be run and returns its exit code.
  int exit_code(std::vector<std::string> command) {
    command.insert(command.end(), {"in", "ans", "feedback/"});
    const ToolRun run = run_tool({command, temp.path(), temp.path() / "run.log", 10000, 4096, {}, {}});
    last_output = run.output;
    return run.exit.signaled ? -run.exit.signal : run.exit.exit_code;
  }
  std::string message_of(const fs::path& program) {
    try {
      build_package_program(program, cache());
    } catch (const ConfigError& error) {
      return error.what();
    }
    return "no error";
  }
  TempDir temp{"program-build-test-"};
  std::string last_output;
};

TEST_F(ProgramBuild, SinglePythonFileRunsThroughPython3FoundOnPath) {
  write("v.py", "import sys\nsys.exit(42 if sys.argv[3] == 'feedback/' else 1)\n");
  const BuiltProgram built = build_package_program(package() / "v.py", cache());
  ASSERT_EQ(built.command.size(), 2u);
  EXPECT_TRUE(fs::path(built.command[0]).is_absolute());
  EXPECT_EQ(fs::path(built.command[0]).filename(), "python3");
  EXPECT_EQ(built.command[1], (package() / "v.py").string());
  EXPECT_EQ(exit_code(built.command), 42);
}

TEST_F(ProgramBuild, FolderWithMainPyRunsFromACopyInTheCache) {
  write("val/__init__.py", "");
  write("val/__main__.py", "import sys\nimport helper\nsys.exit(helper.verdict())\n");
  write("val/helper.py", "def verdict():\n    return 42\n");
  const BuiltProgram built = build_package_program(package() / "val", cache());
  EXPECT_EQ(built.form, "Python folder (__main__.py)");
  ASSERT_EQ(built.command.size(), 2u);
  EXPECT_TRUE(built.command[1].starts_with((cache() / "builds").string()));
  EXPECT_EQ(exit_code(built.command), 42) << last_output;
  // Python's bytecode went into the copy, not into the package.
  EXPECT_FALSE(fs::exists(package() / "val" / "__pycache__"));
}

TEST_F(ProgramBuild, FolderWithOnePyFileRunsThatFile) {
  write("val/README", "notes\n");
  write("val/check.py", "import sys\nsys.exit(42)\n");
  const BuiltProgram built = build_package_program(package() / "val", cache());
  ASSERT_EQ(built.command.size(), 2u);
  EXPECT_EQ(fs::path(built.command[1]).filename(), "check.py");
  EXPECT_EQ(exit_code(built.command), 42);
}

TEST_F(ProgramBuild, SeveralPyFilesWithoutMainAreAConfigError) {
  write("val/a.py", "");
  write("val/b.py", "");
  EXPECT_NE(message_of(package() / "val").find("several .py files"), std::string::npos);
}

TEST_F(ProgramBuild, CppSourcesCompileTogetherWithValidateHOnTheIncludePathAndAreCached) {
  write("val/validate.h", "int verdict();\n#define ACCEPT 42\n");
  write("val/verdict.cc", "#include <validate.h>\nint verdict() { return ACCEPT; }\n");
  write("val/main.cpp", "#include \"validate.h\"\nint main() { return verdict(); }\n");
  const BuiltProgram first = build_package_program(package() / "val", cache());
  EXPECT_TRUE(first.built_now);
  EXPECT_EQ(first.form, "C++ sources");
  ASSERT_EQ(first.command.size(), 1u);
  EXPECT_EQ(exit_code(first.command), 42);
  EXPECT_FALSE(fs::exists(package() / "val" / "program.bin"));

  const BuiltProgram second = build_package_program(package() / "val", cache());
  EXPECT_FALSE(second.built_now);
  EXPECT_EQ(second.command, first.command);

  write("val/validate.h", "int verdict();\n#define ACCEPT 43\n");  // a header changes too
  const BuiltProgram third = build_package_program(package() / "val", cache());
  EXPECT_TRUE(third.built_now);
  EXPECT_NE(third.command, first.command);
  EXPECT_EQ(exit_code(third.command), 43);
}

// Polygon's files/: testlib.h beside the interactor, and the checker and a generator
// beside them too (each a program of its own, not compiled with it).
TEST_F(ProgramBuild, SingleSourceIsBuiltWithTheHeadersOfItsFolderBesideIt) {
  write("files/testlib.h", "#define VERDICT 42\n");
  write("files/interactor.cpp", "#include \"testlib.h\"\nint main() { return VERDICT; }\n");
  write("files/check.cpp", "int main() { return 1; }\n");
  write("files/notes.txt", "not a header\n");
  const BuiltProgram first = build_package_program(package() / "files/interactor.cpp", cache());
  EXPECT_EQ(first.form, "C++ sources");
  EXPECT_EQ(exit_code(first.command), 42) << last_output;
  EXPECT_FALSE(build_package_program(package() / "files/interactor.cpp", cache()).built_now);
  write("files/testlib.h", "#define VERDICT 43\n");  // the header is in the key
  const BuiltProgram second = build_package_program(package() / "files/interactor.cpp", cache());
  EXPECT_TRUE(second.built_now);
  EXPECT_EQ(exit_code(second.command), 43);
  write("files/notes.txt", "still not a header\n");  // what the build does not read is not
  EXPECT_FALSE(build_package_program(package() / "files/interactor.cpp", cache()).built_now);
}

// The key gives every name and content with its length: a file name holding what a
// separator-joined key would read as "the next file" cannot stand for two files.
TEST_F(ProgramBuild, AFileNameCannotPassForAnotherFoldersFiles) {
  const std::string main_py =
      "import os, sys\nsys.exit(42 if os.path.exists(os.path.join(os.path.dirname(os.path.abspath(__file__)), "
      "'b')) else 43)\n";
  write("two/__main__.py", main_py);
  write("two/a", "x");
  write("two/b", "C");
  write("one/__main__.py", main_py);
  write("one/a\n-\n1\nx\nb", "C");  // "\na\n-\n1\nx" + "\nb\n-\n1\nC" read as one name
  EXPECT_EQ(exit_code(build_package_program(package() / "two", cache()).command), 42);
  const BuiltProgram one = build_package_program(package() / "one", cache());
  EXPECT_TRUE(one.built_now);
  EXPECT_EQ(exit_code(one.command), 43);
}

TEST_F(ProgramBuild, SingleCFileIsCompiledWithGcc) {
  write("v.c", "#include <math.h>\nint main(void) { return (int)sqrt(42.0 * 42.0); }\n");
  const BuiltProgram built = build_package_program(package() / "v.c", cache());
  EXPECT_EQ(built.form, "C sources");
  EXPECT_EQ(exit_code(built.command), 42);
}

TEST_F(ProgramBuild, MixedSourcesCompileTheMajorityLanguageAndSaySo) {
  write("val/a.c", "int main(void) { return 42; }\n");
  write("val/b.c", "int unused(void) { return 0; }\n");
  write("val/stray.cpp", "this is not C++\n");
  const BuiltProgram built = build_package_program(package() / "val", cache());
  EXPECT_EQ(built.form, "C sources");
  ASSERT_EQ(built.notes.size(), 1u);
  EXPECT_NE(built.notes[0].find("stray.cpp"), std::string::npos);
  EXPECT_EQ(exit_code(built.command), 42);
}

TEST_F(ProgramBuild, CompileErrorIsAConfigErrorWithTheCompilerOutput) {
  write("val/v.cpp", "int main() { return undeclared_name; }\n");
  const std::string message = message_of(package() / "val");
  EXPECT_NE(message.find("cannot build"), std::string::npos);
  EXPECT_NE(message.find("undeclared_name"), std::string::npos);
  // The error names the setter's own file and line, not the cache's copy of it.
  EXPECT_NE(message.find((package() / "val" / "v.cpp").string() + ":1:"), std::string::npos) << message;
  EXPECT_EQ(message.find("/builds/"), std::string::npos) << message;
  // Nothing half-built is left behind to be taken for a build (only the key's lock).
  for (const auto& entry : fs::directory_iterator(cache() / "builds"))
    EXPECT_TRUE(entry.path().filename().string().ends_with(".lock")) << entry.path();
}

TEST_F(ProgramBuild, ASingleSourcesCompileErrorNamesTheSourceBesideItsHeaders) {
  write("interactor.cpp", "#include \"limits.hpp\"\nint main() { return undeclared_name; }\n");
  write("limits.hpp", "constexpr int n = 1;\n");
  const std::string message = message_of(package() / "interactor.cpp");
  EXPECT_NE(message.find((package() / "interactor.cpp").string() + ":2:"), std::string::npos) << message;
  EXPECT_EQ(message.find("/builds/"), std::string::npos) << message;
}

TEST_F(ProgramBuild, BuildAndRunScriptsRunInACopyOfTheFolder) {
  write("val/build", "#!/bin/sh\nset -e\ncc -O2 -o validator validator.c\n", true);
  write("val/run", "#!/bin/sh\nexec \"$(dirname \"$0\")/validator\" \"$@\"\n", true);
  write("val/validator.c", "int main(int argc, char** argv) { return argc == 4 ? 42 : 1; }\n");
  const BuiltProgram built = build_package_program(package() / "val", cache());
  EXPECT_EQ(built.form, "build/run scripts");
  EXPECT_TRUE(built.built_now);
  EXPECT_EQ(exit_code(built.command), 42) << last_output;
  EXPECT_FALSE(fs::exists(package() / "val" / "validator"));  // built in the copy
  EXPECT_FALSE(build_package_program(package() / "val", cache()).built_now);
}

TEST_F(ProgramBuild, ScriptsThatAreNotExecutableStillRun) {
  // A package unpacked from a zip often loses its modes; the copy gets them back.
  write("val/build", "echo '#!/bin/sh' > run\necho 'exit 42' >> run\n");
  const BuiltProgram built = build_package_program(package() / "val", cache());
  EXPECT_EQ(exit_code(built.command), 42) << last_output;
}

TEST_F(ProgramBuild, FailingBuildScriptIsAConfigErrorWithItsOutput) {
  write("val/build", "#!/bin/sh\necho 'missing dependency: frobnicator'\nexit 3\n", true);
  write("val/run", "#!/bin/sh\nexit 42\n", true);
  const std::string message = message_of(package() / "val");
  EXPECT_NE(message.find("missing dependency: frobnicator"), std::string::npos);
  EXPECT_NE(message.find("exited with status 3"), std::string::npos);
}

TEST_F(ProgramBuild, BuildThatMakesNoRunIsAConfigError) {
  write("val/build", "#!/bin/sh\ntrue\n", true);
  EXPECT_NE(message_of(package() / "val").find("no `run` file"), std::string::npos);
}

TEST_F(ProgramBuild, TwoJudgesBuildingAtOnceBothGetAWorkingProgram) {
  write("val/build", "#!/bin/sh\nsleep 0.3\nprintf '#!/bin/sh\\nexit 42\\n' > run\n", true);
  BuiltProgram a, b;
  std::thread first([&] { a = build_package_program(package() / "val", cache()); });
  std::thread second([&] { b = build_package_program(package() / "val", cache()); });
  first.join();
  second.join();
  EXPECT_EQ(exit_code(a.command), 42);
  EXPECT_EQ(exit_code(b.command), 42);
  // One judge built it; the other waited for that build and used it.
  std::size_t folders = 0;
  for (const auto& entry : fs::directory_iterator(cache() / "builds")) folders += entry.is_directory() ? 1 : 0;
  EXPECT_EQ(folders, 1u);
  EXPECT_EQ(a.command, b.command);
  EXPECT_NE(a.built_now, b.built_now);
}

// One cache for every program: a package's program is an entry of builds/, counted
// and bounded as a submission's build is (build_cache.hpp).
TEST_F(ProgramBuild, AProgramIsAnEntryOfTheBuildCacheAndItsBoundEvictsIt) {
  write("val/main.cpp", "int main() { return 42; }\n");
  const BuiltProgram first = build_package_program(package() / "val", cache());
  EXPECT_TRUE(first.command[0].starts_with((cache() / "builds").string())) << first.command[0];
  const BuildCache cache_of_builds(cache());
  EXPECT_EQ(cache_of_builds.stats().builds, 1u);
  EXPECT_EQ(cache_of_builds.stats().other, 0u);
  EXPECT_EQ(cache_of_builds.evict(0, std::chrono::seconds(0)), 1u);
  EXPECT_FALSE(fs::exists(first.command[0]));
  const BuiltProgram again = build_package_program(package() / "val", cache());
  EXPECT_TRUE(again.built_now);
  EXPECT_EQ(exit_code(again.command), 42);
}

// The compiler and its flags are the languages table's, a user's file over it
// included, as for a submission.
TEST_F(ProgramBuild, CompilerFlagsComeFromTheLanguagesTable) {
  write("langs.yaml",
        "cpp:\n  name: C++ here\n  extensions: [cpp]\n"
        "  compile: [g++, -O2, -DFROM_TABLE=7, -o, '{build}/main', '{files}']\n  run: ['{build}/main']\n");
  write("val/main.cpp", "int main() { return FROM_TABLE; }\n");
  ::setenv("JUDGE_LANGUAGES", (package() / "langs.yaml").c_str(), 1);
  const std::string message = message_of(package() / "val");
  const BuiltProgram built = message == "no error" ? build_package_program(package() / "val", cache()) : BuiltProgram{};
  ::unsetenv("JUDGE_LANGUAGES");
  ASSERT_EQ(message, "no error");
  EXPECT_EQ(exit_code(built.command), 7) << last_output;
}

// The built-in table links C++ statically, as Kattis does (its languages.yaml).
TEST_F(ProgramBuild, ByDefaultAProgramIsBuiltWithTheBuiltInTablesFlags) {
  write("files/interactor.cpp", "int main() { return 42; }\n");
  const BuiltProgram built = build_package_program(package() / "files/interactor.cpp", cache());
  ASSERT_EQ(exit_code(built.command), 42);
  const auto binary = read_file(built.command[0]);
  ASSERT_TRUE(binary.has_value());
  // A dynamically linked binary names its loader in a PT_INTERP program header.
  ASSERT_GE(binary->size(), sizeof(Elf64_Ehdr));
  Elf64_Ehdr header;
  std::memcpy(&header, binary->data(), sizeof header);
  ASSERT_LE(header.e_phoff + header.e_phnum * sizeof(Elf64_Phdr), binary->size());
  for (std::size_t i = 0; i < header.e_phnum; ++i) {
    Elf64_Phdr program_header;
    std::memcpy(&program_header, binary->data() + header.e_phoff + i * sizeof(Elf64_Phdr), sizeof program_header);
    EXPECT_NE(program_header.p_type, static_cast<Elf64_Word>(PT_INTERP)) << "dynamically linked: -static was not given";
  }
}

// A file outside the program that its compile read (by the table's `dependencies`
// command) is in the build's manifest: when it changes, the program is built again.
TEST_F(ProgramBuild, AHeaderOutsideTheProgramThatChangesRebuildsIt) {
  const fs::path outside = temp.path() / "elsewhere" / "value.h";
  fs::create_directories(outside.parent_path());
  std::ofstream(outside) << "#define VALUE 3\n";
  write("val/main.cpp", "#include \"" + outside.string() + "\"\nint main() { return VALUE; }\n");
  EXPECT_EQ(exit_code(build_package_program(package() / "val", cache()).command), 3);
  EXPECT_FALSE(build_package_program(package() / "val", cache()).built_now);
  std::ofstream(outside) << "#define VALUE 42 // changed\n";
  const BuiltProgram again = build_package_program(package() / "val", cache());
  EXPECT_TRUE(again.built_now);
  EXPECT_EQ(exit_code(again.command), 42);
}

// Programs whose first #include is "testlib.h" beside them share one precompiled
// header (made once, an entry of the cache); GCC uses it where it is valid: a macro
// the header reads, defined first, still counts.
TEST_F(ProgramBuild, TestlibProgramsShareOnePrecompiledHeaderThatChangesNothing) {
  write("files/testlib.h",
        "#pragma once\n#include <map>\n#include <string>\n#include <vector>\n"
        "#ifdef TESTLIB_BONUS\ninline int testlib_value() { return 41; }\n#else\n"
        "inline int testlib_value() { return 40; }\n#endif\n");
  write("files/checker.cpp", "#include \"testlib.h\"\nint main() { return testlib_value() + 2; }\n");
  write("files/validator.cpp", "// a validator\n#include \"testlib.h\"\nint main() { return testlib_value(); }\n");
  write("files/bonus.cpp", "#define TESTLIB_BONUS\n#include \"testlib.h\"\nint main() { return testlib_value(); }\n");
  auto headers = [&] {
    std::vector<fs::path> found;
    for (const auto& entry : fs::recursive_directory_iterator(cache() / "builds"))
      if (entry.path().filename() == "testlib.h.gch") found.push_back(entry.path());
    return found;
  };
  EXPECT_EQ(exit_code(build_package_program(package() / "files/checker.cpp", cache()).command), 42) << last_output;
  ASSERT_EQ(headers().size(), 1u);
  EXPECT_TRUE(fs::is_regular_file(headers()[0]));  // the PCH's own; no link is left in a program's folder
  EXPECT_EQ(exit_code(build_package_program(package() / "files/validator.cpp", cache()).command), 40);
  EXPECT_EQ(exit_code(build_package_program(package() / "files/bonus.cpp", cache()).command), 41);
  EXPECT_EQ(headers().size(), 1u);
}

// A compile offered the precompiled header lists what it read itself (no dependency
// step runs): a header outside the program that only testlib.h includes, read through
// the PCH, is still in the manifest, so changing it rebuilds; the PCH's own entry,
// which its key covers, is not.
TEST_F(ProgramBuild, AnOutsideHeaderReadThroughThePrecompiledHeaderStillRebuilds) {
  const fs::path outside = temp.path() / "elsewhere" / "value.h";
  fs::create_directories(outside.parent_path());
  std::ofstream(outside) << "#define VALUE 3\n";
  write("files/testlib.h", "#pragma once\n#include <string>\n#include \"" + outside.string() + "\"\n");
  write("files/checker.cpp", "#include \"testlib.h\"\nint main() { return VALUE; }\n");
  EXPECT_EQ(exit_code(build_package_program(package() / "files/checker.cpp", cache()).command), 3) << last_output;
  std::string manifests;
  for (const auto& entry : fs::recursive_directory_iterator(cache() / "builds"))
    if (entry.path().filename() == "judge-build.json" &&
        fs::exists(entry.path().parent_path() / "program/program/checker.cpp"))
      manifests += read_file(entry.path()).value_or("");
  EXPECT_NE(manifests.find(outside.string()), std::string::npos) << manifests;
  EXPECT_EQ(manifests.find(cache().string()), std::string::npos) << manifests;
  EXPECT_EQ(manifests.find("dependencies.d"), std::string::npos);
  std::ofstream(outside) << "#define VALUE 42 // changed\n";
  const BuiltProgram again = build_package_program(package() / "files/checker.cpp", cache());
  EXPECT_TRUE(again.built_now);
  EXPECT_EQ(exit_code(again.command), 42);
}

// A package program of one source is compiled as the whole program: a function nothing
// calls is not compiled (its name is not in the binary's symbols); one whose source
// replaces operator new, which the C++ library's own code must reach, is compiled as
// the table says.
TEST_F(ProgramBuild, AOneSourceProgramIsBuiltAsTheWholeProgramUnlessOtherCodeReachesIn) {
  const std::string unused = "int never_called_by_main(int x) { return x * 3; }\n";
  write("files/checker.cpp", unused + "int main() { return 42; }\n");
  write("replaced/checker.cpp", "#include <cstdlib>\n#include <new>\n" + unused +
                                    "void* operator new(std::size_t n) { return std::malloc(n ? n : 1); }\n"
                                    "void operator delete(void* p) noexcept { std::free(p); }\n"
                                    "void operator delete(void* p, std::size_t) noexcept { std::free(p); }\n"
                                    "int main() { int* p = new int(42); const int v = *p; delete p; return v; }\n");
  auto holds_symbol = [](const BuiltProgram& built) {
    const auto binary = read_file(built.command[0]);
    return binary && binary->find("never_called_by_main") != std::string::npos;
  };
  const BuiltProgram whole = build_package_program(package() / "files/checker.cpp", cache());
  EXPECT_EQ(exit_code(whole.command), 42) << last_output;
  EXPECT_FALSE(holds_symbol(whole));
  const BuiltProgram replaced = build_package_program(package() / "replaced/checker.cpp", cache());
  EXPECT_EQ(exit_code(replaced.command), 42) << last_output;
  EXPECT_TRUE(holds_symbol(replaced));
}

TEST(BuildProgressLine, NamesTheProgramAndItsForm) {
  EXPECT_EQ(build_progress_line("/p/output_validators/v", "C++ sources"),
            "  building /p/output_validators/v (C++ sources) into the build cache ...\n");
}

TEST_F(ProgramBuild, AFolderInNoKnownFormSaysWhatItHolds) {
  write("val/notes.txt", "hello\n");
  const std::string message = message_of(package() / "val");
  EXPECT_NE(message.find("no form"), std::string::npos);
  EXPECT_NE(message.find("notes.txt"), std::string::npos);
  EXPECT_NE(message_of(package() / "missing").find("does not exist"), std::string::npos);
}

}  // namespace
}  // namespace judge
