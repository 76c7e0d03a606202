#include "courier.hpp"

#include <algorithm>
#include <array>
#include <utility>

#include "random.hpp"
#include "spoiler.hpp"

namespace twin_cookies {
namespace {

constexpr std::array<std::pair<Strategy, std::string_view>, 6> kNames = {{
    {Strategy::random, "random"},
    {Strategy::min, "min"},
    {Strategy::max, "max"},
    {Strategy::first, "first"},
    {Strategy::last, "last"},
    {Strategy::spoiler, "spoiler"},
}};

class RandomCourier final : public Courier {
 public:
  explicit RandomCourier(std::uint64_t seed) : random_(seed) {}
  std::size_t choose(std::span<const std::int64_t> order) override {
    return static_cast<std::size_t>(random_.below(order.size()));
  }

 private:
  Random random_;
};

class MinCourier final : public Courier {
 public:
  std::size_t choose(std::span<const std::int64_t> order) override {
    return static_cast<std::size_t>(std::min_element(order.begin(), order.end()) - order.begin());
  }
};

class MaxCourier final : public Courier {
 public:
  std::size_t choose(std::span<const std::int64_t> order) override {
    return static_cast<std::size_t>(std::max_element(order.begin(), order.end()) - order.begin());
  }
};

class FirstCourier final : public Courier {
 public:
  std::size_t choose(std::span<const std::int64_t> /*order*/) override { return 0; }
};

class LastCourier final : public Courier {
 public:
  std::size_t choose(std::span<const std::int64_t> order) override { return order.size() - 1; }
};

}  // namespace

std::string_view strategy_name(Strategy strategy) {
  for (const auto& [candidate, name] : kNames) {
    if (candidate == strategy) return name;
  }
  return "?";
}

std::optional<Strategy> strategy_from_name(std::string_view name) {
  for (const auto& [strategy, candidate] : kNames) {
    if (candidate == name) return strategy;
  }
  return std::nullopt;
}

std::string_view strategy_names() { return "random, min, max, first, last, spoiler"; }

std::unique_ptr<Courier> make_courier(Strategy strategy, std::uint64_t seed) {
  switch (strategy) {
    case Strategy::random: return std::make_unique<RandomCourier>(seed);
    case Strategy::min: return std::make_unique<MinCourier>();
    case Strategy::max: return std::make_unique<MaxCourier>();
    case Strategy::first: return std::make_unique<FirstCourier>();
    case Strategy::last: return std::make_unique<LastCourier>();
    case Strategy::spoiler: return std::make_unique<Spoiler>(seed);
  }
  return nullptr;
}

}  // namespace twin_cookies
