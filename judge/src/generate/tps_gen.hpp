// `judge generate TASK` for a TPS task folder (problem.json with "code" and "type",
// problem/tps_task.hpp): tests/ made from gen/data as TPS's `tps gen` makes it
// (ioi-2017/tps scripts/gen.sh, internal/gen.py, gen_data_parser.py, gen_test.sh,
// gen_util.sh, get_test_validators.py; the test names of templates/test_name.py):
//
//   gen/data       "@subtask NAME" (or "@testset NAME", a set of tests that is no
//                  subtask), "@include NAME..." (every test of those sets, as they are
//                  at that line), a test a line; blank lines and lines starting with
//                  "#" are skipped. Each test is "manual FILE" (gen/manual/FILE),
//                  "copy FILE" (gen/FILE) or "GENERATOR ARGS..." (gen/GENERATOR.cpp,
//                  .c, .py or an executable gen/GENERATOR, run in gen/, its stdout
//                  the input). gen/input.header and gen/input.footer, when present,
//                  are put around every input, and CRLF becomes LF (tps's dos2unix).
//   test names     "<subtask number>-<NN>": the subtask's place among gen/data's
//                  @subtask lines from 0, and the test's place in it from 01;
//                  under @testset NAME: "NAME-<NN>"
//   tests/mapping  "SUBTASK TEST" a line: the subtasks in gen/data's order, each with
//                  its tests and those it includes, in name order
//   validators     subtasks.json "global_validators", "subtask_sensitive_validators"
//                  ("{subtask}" replaced by each subtask of the test) and each of its
//                  subtasks' "validators", once each: "NAME ARGS..." is validator/NAME
//                  run with ARGS, the input on stdin; exit 0 accepts
//   tests/*.out    Batch: the model solution (solutions.json's one "model_solution",
//                  in solution/) compiled with the grader as a submission is, the
//                  input on stdin. Communication: empty (see docs/problem-format.md)
//
// Everything is made in a scratch folder first and written only when every test was
// made; .in and .out files that gen/data does not make are removed. --check compares.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "generate/generate.hpp"

namespace judge {

struct TpsGenTest {
  std::string name;               // "1-02"
  std::string testset;            // the @subtask or @testset it is under
  std::size_t line = 0;           // in gen/data, from 1
  std::string command;            // "manual", "copy" or the generator's name
  std::vector<std::string> args;  // the rest of the line
};

struct TpsGenSubtask {
  std::string name;
  std::vector<std::string> tests;  // its own and the included ones, in name order
};

struct TpsGenData {
  std::vector<TpsGenTest> tests;        // in gen/data's order
  std::vector<TpsGenSubtask> subtasks;  // @subtask ones, in gen/data's order
  std::string mapping() const;          // tests/mapping's text
};

// Pure: throws ConfigError naming FILE:LINE (a test before any @subtask, an @include
// of a set not defined above, an unknown @command, a set named twice or @subtask
// without exactly one name, manual or copy without exactly one file).
TpsGenData parse_tps_gen_data(std::string_view text, const std::filesystem::path& file);

// Exit 0 written (or --check: identical), 1 --check found differences, 3 a program
// failed or a validator refused an input (naming the gen/data line). Throws
// ConfigError for a task it cannot generate (no gen/data, a missing generator,
// validator or model solution).
int run_tps_generate(const std::filesystem::path& task_dir, const GenerateOptions& options);

}  // namespace judge
