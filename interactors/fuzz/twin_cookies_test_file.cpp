// Fuzz target `twin_cookies_test_file`: twin_cookies::read_test on any text.
//
// A refused text is a judge error naming the test file (test_file_checks.hpp). An
// accepted one is exactly the canonical text "n\nSTRATEGY SEED\n" of what was read,
// with n in range and a courier that picks a cookie of an order.
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz_support.hpp"
#include "limits.hpp"
#include "test_file_checks.hpp"
#include "test_format.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  interactor::TestFile file = interactor::TestFile::from_text(std::string(interactor_fuzz::kTestFileName), text);
  twin_cookies::TestSetup setup;
  if (!interactor_fuzz::parse_or_refuse([&] { setup = twin_cookies::read_test(file); })) return 0;

  FUZZ_CHECK(twin_cookies::kNRange.contains(setup.n), "n = {}", setup.n);
  FUZZ_CHECK(setup.courier != nullptr, "no courier");
  const std::string canonical =
      fmt::format("{}\n{} {}\n", setup.n, twin_cookies::strategy_name(setup.strategy), setup.seed);
  FUZZ_CHECK(text == canonical, "accepted {} as the test {}", interactor::quote(text), interactor::quote(canonical));
  FUZZ_CHECK(setup.facts.value("strategy", "") == twin_cookies::strategy_name(setup.strategy) &&
                 setup.facts.value("seed", std::uint64_t{0}) == setup.seed,
             "facts {}", setup.facts.dump());
  const std::array<std::int64_t, 3> order = {5, 1, 9};
  FUZZ_CHECK(setup.courier->choose(order) < order.size(), "the courier chose outside the order");
  return 0;
}
