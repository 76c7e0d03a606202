// A task's gen/GEN (CMS's italy_yaml loader and task-maker's format): how its test
// inputs are made and how they group into subtasks. Each line is one of
//
//   #ST: 30   (or "# ST: 30")   a new subtask worth 30 points; the tests below are in it
//   #COPY: gen/sample.in        a test whose input is that file (relative to the task)
//   10 1000 101  # a comment    a test: the generator run with these arguments
//   # anything else, or blank   nothing
//
// Everything after a '#' on a test line is a comment. Tests are numbered from 0 in
// file order (input/input0.txt, ...). Without an "#ST:" line the tests form one
// subtask (task-maker: worth 100 points; CMS: no subtasks at all).
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace judge {

struct GenTest {
  std::vector<std::string> args;  // the generator's arguments (empty for a copy)
  std::filesystem::path copy;     // #COPY: the input file, relative to the task
  std::int64_t subtask = 0;       // 0-based; task-maker passes it 1-based to the validator
  int line = 0;
};

struct GenSubtask {
  double points = 0;
  std::int64_t tests = 0;
};

struct GenFile {
  std::vector<GenTest> tests;
  // The "#ST:" subtasks in order; empty when the file has none.
  std::vector<GenSubtask> subtasks;
};

// Throws ConfigError naming the file and line for an "#ST:" without a number.
GenFile parse_gen_file(const std::string& text, const std::filesystem::path& path);

}  // namespace judge
