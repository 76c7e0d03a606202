// `judge generate PROBLEM [--check]`: the problem's test inputs made from its
// manifest (manifest.hpp) by its generator (problem.json "generator"), for any
// problem.json problem, inside this repository or not. Every line runs
// `GENERATOR ARGS...` (not boxed: the setter's code; 60 s of CPU) and its stdout
// becomes TESTDATA/NAME.in, written atomically; .in files the manifest does not
// list are removed. --check writes nothing and compares byte for byte (changed,
// missing, extra): the committed data is what the manifest makes. With problem.json
// "answer_generator", each NAME.in is also run through it (the input on stdin) and
// its stdout becomes NAME.ans, generated, removed and checked the same way.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace judge {

struct GenerateOptions {
  std::string problem;
  bool check = false;
  bool quiet = false;
};

// What --check found, per test file name ("01-sample.in", "01-sample.ans").
struct DataDifference {
  std::vector<std::string> changed, missing, extra;
  bool empty() const { return changed.empty() && missing.empty() && extra.empty(); }
};

// Compares the generated files with the committed ones, those whose extension is one
// of `extensions` (".in", and ".ans" when answers are generated): pure file
// comparison, unit-tested.
DataDifference compare_test_files(const std::filesystem::path& generated, const std::filesystem::path& committed,
                                  const std::vector<std::string>& extensions = {".in"});

// Exit 0 written (or --check: identical), 1 --check found differences, 2 no
// generator or manifest (or a bad manifest), 3 the generator failed.
int run_generate_command(const GenerateOptions& options);

}  // namespace judge
