#include "test_format.hpp"

#include <string>

#include <fmt/format.h>

#include "limits.hpp"

namespace twin_cookies {

TestSetup read_test(interactor::TestFile& file) {
  TestSetup setup;
  setup.n = static_cast<int>(file.read_int_line(kNRange, "n"));

  interactor::Line second = file.read_line("the strategy");
  second.set_shape("'STRATEGY SEED'");
  const std::string name(second.read_token("STRATEGY"));
  const std::optional<Strategy> strategy = strategy_from_name(name);
  if (!strategy) {
    second.fail(fmt::format("unknown strategy {} (known: {})", interactor::quote(name), strategy_names()));
  }
  setup.strategy = *strategy;
  setup.seed = second.read_uint64("SEED");
  second.expect_end();
  file.expect_eof();

  setup.courier = make_courier(setup.strategy, setup.seed);
  setup.facts = {{"strategy", std::string(strategy_name(setup.strategy))}, {"seed", setup.seed}};
  return setup;
}

}  // namespace twin_cookies
