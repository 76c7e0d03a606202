// `judge new DIR`: the skeleton of a working interactive problem, the way BAPCtools'
// `bt new` starts one. Guess-the-number in 1..n with "? x" questions, so that every
// part a setter replaces is there and already passes. By default it is an ICPC
// 2025-09 package (what DOMjudge, Kattis and problemtools take): the problem.json
// skeleton below, its data generated, then exported (export/icpc_export.hpp) with a
// fresh uuid: problem.yaml, statement/problem.en.tex, output_validator/ (interactor.cpp
// and the interactor library as sources), input_validators/, generators/,
// data/sample and data/secret, submissions/. `--format judge` writes this judge's
// own layout:
//
//   problem.json                 names all of the below
//   interactor.cpp               on the interactor library (built by the judge when run)
//   generator.py, data/manifest.txt   `judge generate` (the data is written at once)
//   input_validator.py           `judge validate` (exit 42 valid, 43 invalid)
//   submissions/accepted/, submissions/wrong_answer/   `judge verify`
//   statement.md
#pragma once

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

namespace judge {

// The files of the skeleton: path relative to the problem folder, contents.
// `name` goes into problem.json and the statement.
std::vector<std::pair<std::string, std::string>> skeleton_files(const std::string& name);

// Writes the skeleton into `dir` (created; it must not exist or be empty, else
// ConfigError) and returns the files written.
std::vector<std::filesystem::path> write_skeleton(const std::filesystem::path& dir);

struct NewProblemOptions {
  std::string dir;
  std::string format = "icpc";  // "icpc" (an ICPC 2025-09 package) or "judge" (problem.json)
  bool quiet = false;
};

// `judge new`: writes the skeleton, generates its data (judge generate) and says
// what to do next. Exit 0; ConfigError (exit 2) for a folder in the way.
int run_new_command(const NewProblemOptions& options);

}  // namespace judge
