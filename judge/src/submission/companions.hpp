// Companions: the files a task compiles with every submission, as CMS does: the
// stub of a Communication task or the grader of a Batch task, one per language
// (sol/stub.cpp, sol/stub.py, sol/grader.c, ...), and the headers beside them
// (sol/*.h). The contestant writes functions; the companion holds main.
//
// A submission with companions is one source file (CMS's submission format is
// "NAME.%l"). It is taken in by the rules every submission is (submission_files.hpp),
// then compiled as a folder of the judge's own: the contestant's file under the task's
// name with its own ending (NAME.cpp: a stub that includes "NAME.h" or a Python stub
// that imports NAME finds it), the companion of its language, whose file is the entry
// point, and the headers. A language the task has no companion for is the
// submission's CE, saying which languages it has.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "submission/languages.hpp"

namespace judge {

struct Companions {
  std::string role;                            // "stub" or "grader": in messages
  std::string name;                            // the contestant's file is compiled as NAME.<its ending>
  std::vector<std::filesystem::path> sources;  // one per language, by ending
  std::vector<std::filesystem::path> headers;  // beside every language's
  // A Kattis package's include/ (problemtools' model/includes.py, below); "" none.
  std::filesystem::path include_dir;
  bool empty() const { return sources.empty(); }  // no CMS stub or grader
};

// The companion of `language` among `companions.sources` (its ending is one of the
// language's), or nullopt.
std::optional<std::filesystem::path> companion_for(const Companions& companions, const Language& language);

// "the task has no stub for Python 3 (sol/stub.py); it has one for: C++ (stub.cpp)".
std::string no_companion_message(const Companions& companions, const Language& language, const Languages& languages);

// Fills `folder` (empty, the judge's own) with the contestant's `source` (a file
// already taken in) as NAME.<its ending>, `companion` and the headers. Returns the
// entry point's name (the companion's). Throws JudgeFault when a file cannot be copied.
std::string assemble_with_companion(const std::filesystem::path& source, const std::filesystem::path& companion,
                                    const Companions& companions, const std::filesystem::path& folder);

// Kattis include/ (the legacy spec's included files, problemtools' model/includes.py):
// the files of include/default/ and include/<language>/ join every submission of that
// language before it compiles, at their paths below that folder. The folders that apply
// to `language`, in the order they are written: default/, then the language's own
// (C++'s variants, cpp17 and cpp23, take cpp/'s: problemtools has one C++).
std::vector<std::filesystem::path> include_folders_for(const std::filesystem::path& include_dir,
                                                       const Language& language);

// Fills `folder` (empty, the judge's own) with the submission's `files` (relative to
// `base`, as taken in), then every regular file of `include_folders` in order: an
// include file of the same name as a submission's replaces it, as problemtools writes
// the include files over its copy of the submission. Returns the entry point an
// include file names (main.<an ending of the language>: problemtools' mainfile), or
// "" (the submission's own). Throws JudgeFault when a file cannot be copied.
std::string assemble_with_includes(const std::filesystem::path& base, const std::vector<std::filesystem::path>& files,
                                   const std::vector<std::filesystem::path>& include_folders, const Language& language,
                                   const std::filesystem::path& folder);

}  // namespace judge
