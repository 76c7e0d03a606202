// Fuzz target `egg_drop_test_file`: egg_drop::read_test on any text.
//
// A refused text is a judge error naming the test file (test_file_checks.hpp). An
// accepted one is exactly the canonical text of what was read; N and P are in range,
// p is a permutation of 1..N, and the facts say the same.
#include <cstddef>
#include <cstdint>
#include <string>

#include <fmt/ranges.h>

#include "fuzz_support.hpp"
#include "limits.hpp"
#include "test_file_checks.hpp"
#include "test_format.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  interactor::TestFile file = interactor::TestFile::from_text(std::string(interactor_fuzz::kTestFileName), text);
  egg_drop::EggTest test;
  if (!interactor_fuzz::parse_or_refuse([&] { test = egg_drop::read_test(file); })) return 0;

  const int n = test.n();
  FUZZ_CHECK(egg_drop::kNRange.contains(n), "N = {}", n);
  FUZZ_CHECK(egg_drop::kPenaltyRange.contains(test.penalty), "P = {}", test.penalty);
  FUZZ_CHECK(interactor_fuzz::is_permutation_of_1_to_n(test.shatter_floor, static_cast<std::size_t>(n)),
             "p is not a permutation of 1..{}", n);
  FUZZ_CHECK(test.facts.value("n", -1) == n && test.facts.value("penalty", std::int64_t{-1}) == test.penalty,
             "facts {}", test.facts.dump());

  const std::string mode = test.facts.value("mode", "");
  std::string canonical;
  if (mode == "fixed") {
    canonical = fmt::format("{}\n{}\nfixed\n{}\n", n, test.penalty, fmt::join(test.shatter_floor, " "));
  } else if (mode == "random") {
    canonical = fmt::format("{}\n{}\nrandom {}\n", n, test.penalty, test.facts.at("seed").get<std::uint64_t>());
  } else {
    interactor_fuzz::fail("a known mode", mode);
  }
  FUZZ_CHECK(text == canonical, "accepted {} as the test {}", interactor::quote(text), interactor::quote(canonical));
  return 0;
}
