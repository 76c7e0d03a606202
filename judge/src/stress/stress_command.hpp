// `judge stress PROBLEM SUBMISSION`: runs a submission on generated tests until one
// fails, shrinks the failure to the smallest size the generator takes (the search:
// stress_search.hpp), and prints that test with its verdict, its input and its
// transcript, both also saved under --out. Exit 0 no failure in --seeds cases, 1 a
// failure found, 2 usage or configuration, 3 the generator or the judge failed.
#pragma once

#include <cstdint>
#include <string>

namespace judge {

struct StressOptions {
  std::string problem;
  std::string submission;
  std::string generator;         // "": the problem.json's "generator"
  std::string args = "{seed}";   // the generator's arguments, split at spaces
  std::string sizes;             // "LO..HI" for {n}
  std::int64_t seeds = 100;
  std::int64_t shrink_runs = 300;
  std::string out_dir;           // "": stress-<problem> in the current folder
  std::string sandbox = "auto";
  bool quiet = false;
};

int run_stress_command(const StressOptions& options);

}  // namespace judge
