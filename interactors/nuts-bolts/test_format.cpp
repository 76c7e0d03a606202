#include "test_format.hpp"

#include <array>
#include <functional>
#include <string_view>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "lazy_oracle.hpp"
#include "random_sizes.hpp"

namespace nuts_bolts {
namespace {

using interactor::Line;
using interactor::TestFile;

// A line holding a permutation of 1..n, e.g. the nut sizes a_1..a_n.
std::vector<int> read_permutation(TestFile& file, int n, std::string_view what, std::string_view letter) {
  Line line = file.read_line(what);
  line.set_shape(fmt::format("{} ({}_1 ... {}_{}, a permutation of 1..{})", what, letter, letter, n, n));
  std::vector<int> values;
  std::vector<int> position_of(static_cast<std::size_t>(n) + 1, 0);
  for (int i = 1; i <= n; ++i) {
    const auto value = static_cast<int>(line.read_int(1, n, fmt::format("{}_{}", letter, i)));
    if (const int earlier = position_of[static_cast<std::size_t>(value)]; earlier != 0) {
      line.fail(fmt::format("{} appears as {}_{} and as {}_{}", value, letter, earlier, letter, i));
    }
    position_of[static_cast<std::size_t>(value)] = i;
    values.push_back(value);
  }
  line.expect_end();
  return values;
}

// An optional last word of the mode line (`strict` or `plain`): true if it is there.
bool read_option(Line& mode_line, std::string_view word) {
  if (mode_line.at_end()) return false;
  const std::string_view token = mode_line.read_token(word);
  if (token != word) mode_line.fail(fmt::format("{} is not '{}'", interactor::quote(token), word));
  mode_line.expect_end();
  return true;
}

TestSetup read_fixed(TestFile& file, Line& mode_line, int n) {
  const bool strict = read_option(mode_line, "strict");
  Sizes sizes;
  sizes.nuts = read_permutation(file, n, "the nut sizes", "a");
  sizes.bolts = read_permutation(file, n, "the bolt sizes", "b");
  return TestSetup{std::make_unique<FixedOracle>(std::move(sizes)), {{"mode", "fixed"}, {"strict", strict}}, strict};
}

TestSetup read_random(TestFile& /*file*/, Line& mode_line, int n) {
  const std::uint64_t seed = mode_line.read_uint64("SEED");
  const bool strict = read_option(mode_line, "strict");
  return TestSetup{std::make_unique<FixedOracle>(random_sizes(n, seed)),
                   {{"mode", "random"}, {"seed", seed}, {"strict", strict}},
                   strict};
}

TestSetup read_lazy(Line& mode_line, int n, std::string_view mode, SplitRule rule, bool probe) {
  const std::uint64_t seed = mode_line.read_uint64("SEED");
  const bool strict = !read_option(mode_line, "plain");
  return TestSetup{std::make_unique<LazyOracle>(n, seed, rule),
                   {{"mode", mode}, {"seed", seed}, {"strict", strict}},
                   strict,
                   probe};
}

TestSetup read_punish(TestFile& /*file*/, Line& mode_line, int n) {
  return read_lazy(mode_line, n, "punish", SplitRule::punish, false);
}

TestSetup read_probe(TestFile& /*file*/, Line& mode_line, int n) {
  return read_lazy(mode_line, n, "probe", SplitRule::worst, true);
}

struct Mode {
  std::string_view name;
  std::function<TestSetup(TestFile&, Line& mode_line, int n)> read;
};

const std::array<Mode, 4> kModes = {{
    {"fixed", read_fixed},
    {"random", read_random},
    {"punish", read_punish},
    {"probe", read_probe},
}};

}  // namespace

TestSetup read_test(TestFile& file) {
  const auto n = static_cast<int>(file.read_int_line(kNRange, "n"));

  Line mode_line = file.read_line("the mode");
  mode_line.set_shape("'fixed [strict]', 'random SEED [strict]', 'punish SEED [plain]' or 'probe SEED [plain]'");
  const std::string mode(mode_line.read_token("the mode"));
  for (const Mode& candidate : kModes) {
    if (candidate.name == mode) {
      TestSetup setup = candidate.read(file, mode_line, n);
      file.expect_eof();
      return setup;
    }
  }
  mode_line.fail(fmt::format("unknown mode {}", interactor::quote(mode)));
}

std::string fixed_test_text(const Sizes& sizes, bool strict) {
  return fmt::format("{}\nfixed{}\n{}\n{}\n", sizes.nuts.size(), strict ? " strict" : "", fmt::join(sizes.nuts, " "),
                     fmt::join(sizes.bolts, " "));
}

}  // namespace nuts_bolts
