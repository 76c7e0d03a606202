#include "generator.hpp"

#include <cstdio>

#include <fmt/format.h>

#include "line.hpp"

namespace interactor {

void expect_argument_count(const std::vector<std::string_view>& args, std::size_t count) {
  if (args.size() != count + 1) {
    throw GeneratorUsageError{fmt::format("'{}' takes {} argument(s), got {}", args.at(0), count, args.size() - 1)};
  }
}

std::int64_t integer_argument(std::string_view text, IntRange range, std::string_view name) {
  std::int64_t value = 0;
  if (parse_int64(text, value) != IntError::none || !range.contains(value)) {
    throw GeneratorUsageError{
        fmt::format("{} must be an integer in {}..{}, got '{}'", name, range.min, range.max, text)};
  }
  return value;
}

int size_argument(std::string_view text, IntRange range) {
  return static_cast<int>(integer_argument(text, range, "N"));
}

std::uint64_t seed_argument(std::string_view text) {
  std::uint64_t seed = 0;
  if (parse_uint64(text, seed) != IntError::none) {
    throw GeneratorUsageError{fmt::format("SEED must be an unsigned 64-bit decimal integer, got '{}'", text)};
  }
  return seed;
}

int run_generator(int argc, char** argv, std::string_view usage, GenerateTest generate) {
  try {
    if (argc < 2) throw GeneratorUsageError{"no command"};
    const std::string test = generate(std::vector<std::string_view>(argv + 1, argv + argc));
    if (std::fwrite(test.data(), 1, test.size(), stdout) != test.size() || std::fflush(stdout) != 0) {
      std::fputs("generator: cannot write the test to stdout\n", stderr);
      return 1;
    }
  } catch (const GeneratorUsageError& error) {
    fmt::print(stderr, "generator: {}\n{}", error.message, usage);
    return 2;
  }
  return 0;
}

}  // namespace interactor
