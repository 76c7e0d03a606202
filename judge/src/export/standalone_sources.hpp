// A C/C++ program of a problem (its interactor, an input validator, a generator) as
// sources that build alone, the way an ICPC judge builds an output validator:
// `g++ -O2 -std=gnu++20 *.cpp` in its folder, with nothing installed but the compiler.
//
// From the program's main source, every file it needs is gathered by its #include
// lines: a quoted include is looked for beside the including file, then in the
// program's other folders (`search_dirs`, e.g. the interactor's folder for a
// generator), then in the interactor library; <fmt/...> and <nlohmann/...> are the
// embedded headers (embedded_files.hpp). X.cpp (or X.cc) beside an included X.hpp is
// part of the program: one concept per file, as this repository and the library are
// written. Every file goes to the program's one folder, its path flattened
// ("nlohmann/json.hpp" is "nlohmann_json.hpp": no tool we export to takes a
// subfolder in a program), and every include of a gathered file is rewritten as the
// quoted flat name, so no -I is needed.
//
// The interactor library's .cpp files become .ipp files included by one
// interactor_library.cpp: compiled as one unit instead of a dozen, the library
// builds in a fifth of the time (each unit would compile fmt's formatting code
// again), and no ICPC judge compiles a .ipp file on its own (problemtools compiles
// every .cpp of the folder, recursively). fmt is used header-only: fmt/core.h
// defines FMT_HEADER_ONLY first.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace judge {

struct SourceFile {
  std::string path;  // relative to the program's folder, '/'-separated
  std::string text;
  bool from_problem = true;  // false: the interactor library's, fmt's or nlohmann's
};

struct StandaloneProgram {
  std::vector<SourceFile> files;  // the main source first, then in path order
  bool uses_interactor_library = false;
};

// Throws ConfigError for a file that cannot be read or an include that two
// gathered files would both need to be at one path.
StandaloneProgram standalone_program(const std::filesystem::path& main_source,
                                     const std::vector<std::filesystem::path>& search_dirs = {});

// The #include targets of a C/C++ text, in order: {'"', "game.hpp"}, {'<', "fmt/core.h"}.
struct IncludeLine {
  char kind;  // '"' or '<'
  std::string target;
};
std::vector<IncludeLine> include_lines(const std::string& text);

}  // namespace judge
