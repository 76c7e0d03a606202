// A problem written as a CMS task folder in the italy_yaml layout (what
// problem/cms_task.hpp reads, and CMS's own loader), for a problem whose interactor
// speaks the ICPC convention in one pass (this repository's problems, ICPC packages):
//
//   task.yaml            name, title, time_limit (s), memory_limit (MiB), n_input,
//                        public_testcases (the samples: a test marked so, or whose
//                        name says "sample"), num_processes 1, user_io
//                        std_io; the scoring as a score type: subtasks become
//                        GroupMin groups (each a regular expression of its tests'
//                        names: a test in several subtasks counts in each),
//                        all_or_nothing one GroupMin group of every test, per_test Sum
//   input/inputN.txt     the tests, in the order they run (named 000, 001, ...);
//   output/outputN.txt   empty: a CMS manager gets no answer file
//   check/interactor     the problem's interactor, as built
//   check/manager        a Python manager (CMS Communication) that runs it with the
//                        process's FIFOs as its stdin and stdout, input.txt as its
//                        test input, and a feedback folder of its own; exit 42 is
//                        outcome 1.0, 43 outcome 0.0 (the reason it wrote in result.json
//                        and judgemessage.txt is the message), anything else the
//                        manager's own failure (exit 1: JE)
//   submissions/         the example submissions, each in the folder CMS's rules
//                        give it as `judge verify` reads a CMS task (the ICPC
//                        verdict classes): PE and QLE wrong_answer, ILE
//                        time_limit_exceeded, MLE and OLE run_time_error, CE left
//                        out; submissions.yaml lets wrong_answer/ be WA or RTE (a
//                        process that writes on after the manager ended dies of
//                        SIGPIPE, which CMS counts as its failure). expect-score
//                        lines stay in the sources, which verify reads
//   README.md            what was carried and what was not
//
// What cannot be carried is refused (ConfigError, naming it): a testlib interactor, an
// offline problem, tests with answer files, scorings that are not subtasks,
// all_or_nothing or per_test, an interactor that is not one executable.
//
// `judge export PROBLEM DEST --format cms` (export/export_command.cpp) writes it
// into a temporary folder and takes it back as a Package (folder or .zip).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "problem/problem.hpp"

namespace judge {

struct CmsExport {
  std::vector<std::string> notes;  // what changed on the way (also in README.md)
};

// `dest` must not exist, or be an empty folder. Throws ConfigError.
CmsExport export_cms_task(const Problem& problem, const std::filesystem::path& dest);

// The score type and parameters of a problem's scoring over its tests' CMS names
// (000, 001, ...): {"score_type": ..., "parameters": ...}. Throws ConfigError.
nlohmann::json cms_score_type_of(const nlohmann::json& scoring, const std::vector<TestCase>& tests);

}  // namespace judge
