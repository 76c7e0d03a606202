// Courier: who decides which cookie of an order arrives. The statement lets the judge
// deliver any cookie of the order, so every courier is fair: a correct solution works
// whatever arrives. A courier sees each order as the contestant wrote it (n valid,
// fresh values) and returns the index of the delivered one; an adaptive courier
// remembers what it delivered before.
//
// The strategies (a test names one, with a seed; README.md says why each is there):
//   random   uniform index, from the seed (Random::below)
//   min      the smallest value              max    the largest value
//   first    v_1                              last   v_n
//   spoiler  adaptive, see spoiler.hpp (the seed breaks its ties)
// min, max, first and last do not use the seed.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string_view>

namespace twin_cookies {

class Courier {
 public:
  virtual ~Courier() = default;
  // The index in `order` (non-empty) of the cookie that arrives.
  virtual std::size_t choose(std::span<const std::int64_t> order) = 0;
};

enum class Strategy { random, min, max, first, last, spoiler };

std::string_view strategy_name(Strategy strategy);
std::optional<Strategy> strategy_from_name(std::string_view name);
// "random, min, max, first, last, spoiler", for messages.
std::string_view strategy_names();

std::unique_ptr<Courier> make_courier(Strategy strategy, std::uint64_t seed);

}  // namespace twin_cookies
