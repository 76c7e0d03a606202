// A TPS task folder (IOI's Task Preparation System, github.com/ioi/tps, the format of
// the IOI's tasks since 2017) read into a Problem whose programs speak CMS's convention
// (InteractorConvention::cms), run as CMS's own TPS loader runs them (cms-dev/cms
// cmscontrib/loaders/tps.py): a TPS task is a CMS task with other file names, so it
// becomes the same CmsSettings and CMS scoring as cms_task.hpp's.
//
//   problem.json              Problem
//   name (else code)          name; the contestant's file is compiled as NAME.<ext>
//                             (TPS's compile_solution.sh), beside NAME.h
//   type                      Batch or Communication; OutputOnly and TwoSteps are
//                             refused (not supported); anything else is refused
//   time_limit (s)            limits.cpu_ms (required)
//   memory_limit (MB)         limits.memory_kib (required)
//   has_grader                false: no grader even if grader/ holds one
//   grader_name               the grader's file name (default "grader")
//   has_checker               false: white-diff even if checker/ holds one
//   num_processes             Communication: the copies (else task_type_params',
//                             CMS's key; default 1)
//   anything else             ignored (title, description, tps_web_url, ...)
//
//   tests/*.in, tests/*.out   the tests, in name order (CMS's loader sorts them); tps
//                             gen writes them from gen/data: without them the task is
//                             refused with what to run
//   subtasks.json, and        each subtask's score and, from the mapping's lines
//   tests/mapping             "SUBTASK TEST", its tests: a CMS GroupMin group each, in
//                             "index" order; the tests of subtask "samples" are samples;
//                             no subtasks.json: Sum, 100 / the number of tests each
//   checker/checker.cpp       Batch: built and run as CMS runs a checker (input, answer,
//                             output; the outcome on stdout); without it, white-diff
//   grader/<lang>/grader.*    compiled with the submission (Batch: the grader;
//   (graders/ too)            Communication: the stub, CMS's loader's renaming), with
//                             the headers (*.h) beside them
//   grader/manager.cpp,       Communication: the manager (required), std_io (CMS's
//   manager/manager.cpp,      loader's choice), num_processes copies of the program
//   graders/manager.cpp
//   solution/ + solutions.json  example submissions for `judge verify`
//                             (verify/tps_solutions.hpp)
//
// The CMS-ready layout TPS's CMS exporter writes (ioi/tps scripts/exporters/CMS.py),
// told by a problem.json with task_type and no type: code is the name ("name" is the
// title), memory_limit is in bytes, task_type_params' Batch_compilation "alone" means
// no grader, graders/ is flat (the manager in it), subtasks/NN-NAME.json give each
// subtask's score and testcases, solutions/<verdict>/ the solutions.
//
// Every mistake is a ConfigError naming the file and the key, and the format: "TPS task".
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "submission/companions.hpp"

namespace judge {

struct Problem;

// One subtask of subtasks.json with its tests from tests/mapping.
struct TpsSubtask {
  std::string name;                // its key in subtasks.json: "samples", "full"
  std::int64_t index = 0;          // its "index": the order of CMS's groups
  double score = 0;                // its "score"
  std::vector<std::string> tests;  // the mapping's tests of it, in the mapping's order
};

// TPS names its task file problem.json too: one with "code" and "type" (or CMS's
// "task_type") and no "interactor" (this judge's own key) is a TPS task's.
bool is_tps_problem_json(const nlohmann::json& config);

// subtasks.json's subtasks with their tests, in index order; empty without
// subtasks.json. Throws ConfigError (a subtask without tests, a mapping line that
// names an unknown subtask or a missing test, tests/mapping missing).
std::vector<TpsSubtask> read_tps_subtasks(const std::filesystem::path& dir);

// The grader of every language: grader/<lang>/STEM.<ext> (TPS's layout; graders/<lang>/
// too), and graders/STEM.<ext> (the CMS-ready layout's, flat), with the headers
// beside them. STEM is problem.json's grader_name, "grader" by default. Also what
// `judge generate` compiles the model solution with (generate/tps_gen.hpp).
Companions tps_find_graders(const std::filesystem::path& dir, const std::string& role, const std::string& name,
                            const std::string& stem);

// Throws ConfigError for every mistake, naming the file and the key.
Problem load_tps_task(const std::filesystem::path& dir, const std::filesystem::path& cache_dir);

}  // namespace judge
