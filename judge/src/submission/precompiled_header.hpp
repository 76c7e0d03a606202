// Precompiled headers (GCC's .gch): the header a C++ source includes first
// (`bits/stdc++.h`, `testlib.h`) compiled once per compiler identity and exact flag
// set into the build cache (an entry of builds/ like any build: the same key rules,
// manifest, lookup, least-recently-used bound), and offered to later compiles so that
// GCC uses it where it is valid and nowhere else.
//
// GCC's own rules decide where it is used (the GCC manual, "Using Precompiled
// Headers"): at `#include <bits/stdc++.h>` GCC looks in each include folder for
// `bits/stdc++.h.gch` before `bits/stdc++.h`; a .gch made by another compiler or with
// other code-generating flags, or one reached after a C token, or one that a macro
// defined first would change, is skipped as if absent and the header is read as
// always. So the PCH is offered, never forced: a folder that holds only the .gch is
// put first on the include path (`-I`), and a source that defines `_GLIBCXX_DEBUG`
// first, or is compiled with other flags, compiles exactly as without it.
//
// What a PCH cannot restore by itself is the name and line of the file that included
// it: a note inside a system header ends its "In file included from" chain with the
// file the PCH was made from. So a submission's PCH is made from a stand-in source in
// the box (/box/src/stand-in.cpp) holding the same #include on the same line (blank
// lines before it), and a compile that used it gets every mention of the stand-in's
// path in its messages replaced by its own (/box/src/NAME): its diagnostics are then
// the plain compile's byte for byte (but where a message over the 8 KiB bound is cut:
// a few bytes more or fewer), and the program is the same (the stripped executables
// differ only in their build-id note). The line is in its key, the name is not: a
// contest's submissions are named as their authors like, and their #include is mostly
// on line 1, so one PCH serves them all. A PCH is offered to a submission of one C++
// file only (another file of a multi-file submission would name the stand-in in its
// notes).
//
// The first compile to need a PCH makes it (once: its key's lock); a compile that
// finds another judge making it (a batch's other worker) does not wait, and compiles
// as without it.
//
// A package's programs (built outside the box: problem/program_build.hpp) share one
// PCH per header, flags and compiler, made from the header itself: their notes inside
// a header name the cache's copy of it and end the chain there (the setter's own
// code is named as it is; docs/performance.md).
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "submission/build_cache.hpp"
#include "submission/compile.hpp"
#include "submission/languages.hpp"
#include "submission/sources.hpp"

namespace judge {

// The first #include of a source, when nothing but comments, blank lines and other
// preprocessing directives come before it (anything else ends the search: GCC uses no
// PCH after a C token).
struct LeadingInclude {
  std::string header;  // as written between <> or ""
  bool angled = false;
  int line = 0;  // 1-based
};
std::optional<LeadingInclude> leading_include(std::string_view source);

// The headers this judge precompiles: <bits/stdc++.h>, "testlib.h".
bool precompiled_header_known(const LeadingInclude& include);

// The words a header is compiled with: the compile command's compiler and every
// option that can change how a header compiles, without its output (-o X), its
// sources ({files}, {entry}), include folders and link-only options (-l, -L, -Wl,
// -static, -s, -fuse-ld=). nullopt when the command is not GCC's C++ compiler (g++,
// c++, g++-12, ...) or names no output: no PCH is made for it.
std::optional<std::vector<std::string>> header_compile_flags(const std::vector<std::string>& compile);

// A submission's PCH, in the cache (made now, in the box, if it is not there): the
// host folder that holds `bits/stdc++.h.gch`, to be given to the compile
// (run_compile_step's `header_folder`). nullopt: the submission is not one that gets
// one (not one C++ file, no known leading #include, a compiler that is not g++), or
// the PCH could not be made (then it is not tried again for that key: the entry says
// why in failed.txt).
std::optional<std::filesystem::path> submission_header_folder(const BuildCache& cache, const Sources& sources,
                                                              bool contain);

// The messages of a submission's compile that was offered its PCH, with the
// stand-in's path in the box replaced by the submission's own.
std::string named_as_submission(std::string message, const Sources& sources);

// A package program's PCH for its leading #include: `compile` is the program's
// compile command (its flags are the languages table's), `header_file` the header's
// file (a program's own testlib.h) or empty for a system header. Made outside the box
// (the setter's trusted build); the host folder that holds HEADER.gch, or nullopt.
std::optional<std::filesystem::path> program_header_folder(const BuildCache& cache,
                                                           const std::vector<std::string>& compile,
                                                           const LeadingInclude& include,
                                                           const std::filesystem::path& header_file);

}  // namespace judge
