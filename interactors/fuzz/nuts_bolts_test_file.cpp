// Fuzz target `nuts_bolts_test_file`: nuts_bolts::read_test on any text.
//
// A refused text is a judge error naming the test file (test_file_checks.hpp). An
// accepted one must be exactly the canonical text of what was read (the format is
// strict: single spaces, no leading zeros, nothing after the last line), so the parser
// accepts one spelling per test; its sizes, fixed, drawn or completed by the lazy
// oracle, are permutations of 1..n with 2 <= n <= 1000.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz_support.hpp"
#include "test_file_checks.hpp"
#include "test_format.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  interactor::TestFile file = interactor::TestFile::from_text(std::string(interactor_fuzz::kTestFileName), text);
  nuts_bolts::TestSetup setup;
  if (!interactor_fuzz::parse_or_refuse([&] { setup = nuts_bolts::read_test(file); })) return 0;

  FUZZ_CHECK(setup.oracle != nullptr, "no oracle");
  const int n = setup.oracle->n();
  FUZZ_CHECK(nuts_bolts::kNRange.contains(n), "n = {}", n);
  const std::string mode = setup.facts.value("mode", "");
  FUZZ_CHECK(setup.facts.value("strict", !setup.strict) == setup.strict, "facts {}", setup.facts.dump());
  FUZZ_CHECK(setup.probe == (mode == "probe"), "probe {} in mode {}", setup.probe, mode);

  const nuts_bolts::Sizes sizes = setup.oracle->commit({});
  FUZZ_CHECK(interactor_fuzz::is_permutation_of_1_to_n(sizes.nuts, static_cast<std::size_t>(n)) &&
                 interactor_fuzz::is_permutation_of_1_to_n(sizes.bolts, static_cast<std::size_t>(n)),
             "the sizes of mode {} are not permutations of 1..{}", mode, n);

  std::string canonical;
  if (mode == "fixed") {
    canonical = nuts_bolts::fixed_test_text(sizes, setup.strict);
  } else if (mode == "random") {
    canonical = fmt::format("{}\nrandom {}{}\n", n, setup.facts.at("seed").get<std::uint64_t>(),
                            setup.strict ? " strict" : "");
  } else if (mode == "punish" || mode == "probe") {
    canonical = fmt::format("{}\n{} {}{}\n", n, mode, setup.facts.at("seed").get<std::uint64_t>(),
                            setup.strict ? "" : " plain");
  } else {
    interactor_fuzz::fail("a known mode", mode);
  }
  FUZZ_CHECK(text == canonical, "accepted {} as the test {}", interactor::quote(text), interactor::quote(canonical));
  return 0;
}
