// The frame of a test generator (testdata/<problem>/generator.cpp): its arguments
// in, one test file out on stdout. Everything comes from argv, the seed included;
// a generator never reads the clock. The problem's own code only turns arguments
// into the test's text; parsing numbers, the usage message and the exit status are
// here, the same for every problem:
//   exit 0  the test was written
//   exit 1  stdout could not be written
//   exit 2  a wrong command line: "generator: WHAT\n" and the usage on stderr
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "int_range.hpp"

namespace interactor {

// A wrong command line; MESSAGE says what is wrong (run_generator adds the usage).
struct GeneratorUsageError {
  std::string message;
};

// ARGS[0] is the command; it must have exactly COUNT arguments after it.
void expect_argument_count(const std::vector<std::string_view>& args, std::size_t count);

// A decimal integer in RANGE ("NAME must be an integer in MIN..MAX, got 'TEXT'").
std::int64_t integer_argument(std::string_view text, IntRange range, std::string_view name);
// The same with the bounds apart (the form before IntRange, kept for the generators
// written against it: the library is installed for problems outside this repository).
inline std::int64_t integer_argument(std::string_view text, std::int64_t min, std::int64_t max,
                                     std::string_view name) {
  return integer_argument(text, IntRange{min, max}, name);
}

// N, the test's size, in RANGE (which lies within int): integer_argument(TEXT, RANGE, "N").
int size_argument(std::string_view text, IntRange range);

// SEED: any unsigned 64-bit decimal integer.
std::uint64_t seed_argument(std::string_view text);

// The whole main(): GENERATE gets argv[1..], never empty ("no command" is a usage
// error), and may throw GeneratorUsageError; its test is written to stdout. Returns
// the exit status above.
using GenerateTest = std::string (*)(const std::vector<std::string_view>& args);
int run_generator(int argc, char** argv, std::string_view usage, GenerateTest generate);

}  // namespace interactor
