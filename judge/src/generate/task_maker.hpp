// `judge generate TASK` for a CMS task folder in the italy_yaml layout (task.yaml)
// whose tests come from gen/GEN, as task-maker (olimpiadi-informatica/task-maker-rust)
// makes them, so a task folder as committed becomes judgeable in one command:
//
//   gen/GEN                       the tests (problem/gen_file.hpp), numbered from 0
//   gen/generator.* (generatore)  run with each test line's arguments; its stdout is
//                                 input/inputN.txt ("#COPY: FILE" copies FILE)
//   gen/validator.* (valida)      if present, run as `validator INPUT SUBTASK` (the
//                                 subtask 1-based, as task-maker passes it); a test it
//                                 does not accept (exit 0) stops everything
//   sol/solution.* (soluzione)    a Batch task: compiled as a submission (with the
//                                 task's sol/grader.* and headers) and run on each
//                                 input; its stdout is output/outputN.txt. A
//                                 Communication task (check/manager*) has no outputs.
//
// Programs are built as a package's are (problem/program_build.hpp: a .cpp, .c or .py
// source with its headers beside it, testlib.h included, or an executable) and run
// unboxed: the setter's code, with a CPU bound. Files are written atomically, and
// inputN.txt / outputN.txt past the last test are removed; --check writes nothing and
// compares byte for byte instead.
#pragma once

#include <filesystem>

#include "generate/generate.hpp"

namespace judge {

// Exit 0 written (or --check: identical), 1 --check found differences, 3 a program
// failed or an input was refused. Throws ConfigError for a folder it cannot generate
// (no gen/GEN, no generator, two of one kind, no official solution for a Batch task).
int run_task_maker_generate(const std::filesystem::path& task_dir, const GenerateOptions& options);

}  // namespace judge
