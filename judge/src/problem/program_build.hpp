// A program of a problem package (its output validator) made runnable, in one of the
// forms the ICPC specification allows (2025-09 "Programs", legacy "Programs"):
//
//   a single .py file            python3 FILE (python3 found on PATH)
//   a folder with build/run      the folder copied into the cache, `build` run there
//                                (if present), then `run` is the program
//   a folder with __main__.py    python3 FOLDER (Python runs FOLDER/__main__.py with
//                                FOLDER first on sys.path; relative imports need a
//                                fallback, as `python3 -m` is not used)
//   C/C++ sources                a single .c/.cpp file with the headers of its folder
//                                beside it (Polygon's files/testlib.h, a limits.hpp
//                                beside an interactor of problem.json), or every
//                                source at the top of a folder compiled together with
//                                the folder on the include path (validate.h beside
//                                them). The language is the one with more files, C++
//                                on a tie, and only its files are compiled: what
//                                problemtools does. The compiler and its flags are the
//                                languages table's `c` or `cpp` entry
//                                (judge/languages.yaml, with the user's file over it),
//                                as for a submission, plus the include folders
//   a folder with one .py file   python3 FOLDER/FILE.py
//   an executable file           run as it is
//
// Folders are copied, built and run from the judge's build cache, the one submissions
// are compiled into (submission/build_cache.hpp), never from the package, which the
// build must not write into, and never from /tmp, which submissions share: the
// program's entry is CACHE/builds/<key>/, built in place in its program/ folder. The
// key is the SHA-1 of every file's relative path, mode and bytes (a single source's
// headers beside it included), the build commands and the compiler's identity, each
// field given with its length so no name or content can pass for another program's;
// the files outside the program a compile read (the languages table's `dependencies`
// command: system headers) are kept in the entry's manifest and checked on every
// lookup. So a program is built once and rebuilt when anything it was made from
// changes; the cache's bound evicts it like any build. Two judges building the same
// program at once are safe: the second waits for the first and uses its build. The
// folder never moves after its build, so a `run` script that remembers where it was
// built keeps working. The setter's program is trusted: it is built outside any
// sandbox, with a time bound. A failing build is a ConfigError carrying its output
// (capped).
//
// A program of one C++ source whose first #include is <bits/stdc++.h> or "testlib.h"
// (beside it) is offered a precompiled header made once per header, flags and
// compiler (submission/precompiled_header.hpp), shared by every package's programs;
// GCC uses it where it is valid. A build that runs says so on a terminal
// (build_progress_line), on stderr: the first `judge verify` of a package is not a
// silent wait.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace judge {

struct BuiltProgram {
  std::vector<std::string> command;  // absolute paths, ready to exec
  // Where to run it (empty: anywhere): build/run scripts run in their built folder,
  // as BAPCtools runs them and as real `run` scripts (`./jury`) expect.
  std::filesystem::path working_dir;
  std::string form;                  // "python file", "build/run scripts", "C++ sources", ...
  bool built_now = false;            // false: a cache hit, or nothing to build
  std::vector<std::string> notes;    // things a setter should know (files left out)
};

// A library a single C/C++ source is compiled with (the interactor library for an
// interactor named as a source in problem.json): its headers on the include path,
// its archive and flags on the link line, its files in the cache key.
struct ProgramLibrary {
  std::filesystem::path include_dir;
  std::filesystem::path archive;
  std::vector<std::string> link_flags;
};

BuiltProgram build_package_program(const std::filesystem::path& program,
                                   const std::filesystem::path& cache_dir,
                                   const ProgramLibrary* library = nullptr);

// The line a build says on a terminal before it starts (stderr, only when that is a
// terminal: issue 48): "  building PROGRAM (FORM) into the build cache ...".
std::string build_progress_line(const std::filesystem::path& program, const std::string& form);

// build_package_program(...).command.
std::vector<std::string> build_program(const std::filesystem::path& program,
                                       const std::filesystem::path& cache_dir);

}  // namespace judge
