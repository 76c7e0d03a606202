// SizeOracle: who decides the sizes of the nuts and bolts. The game only ever asks it
// to compare a nut with a bolt, and at the end to commit to sizes that agree with
// every answer it gave. A fixed oracle has its sizes from the start; an adaptive one
// (a later mode) may choose them while the contestant asks, and choose the final
// sizes against the contestant's answer.
#pragma once

#include <compare>
#include <span>
#include <vector>

namespace nuts_bolts {

// Sizes of nut i and bolt i (0-based indices), each a permutation of 1..n.
struct Sizes {
  std::vector<int> nuts;
  std::vector<int> bolts;
  bool operator==(const Sizes&) const = default;
};

class SizeOracle {
 public:
  virtual ~SizeOracle() = default;
  virtual int n() const = 0;
  // Nut `nut` against bolt `bolt` (0-based): less means the nut is smaller.
  virtual std::strong_ordering compare(int nut, int bolt) = 0;
  // Sizes consistent with every answer given so far. `answer` is the contestant's
  // matching (answer[i] = 0-based bolt of nut i), empty if it gave none.
  virtual Sizes commit(std::span<const int> answer) = 0;
};

// Sizes fixed in advance (modes `fixed` and `random SEED`).
class FixedOracle final : public SizeOracle {
 public:
  explicit FixedOracle(Sizes sizes) : sizes_(std::move(sizes)) {}
  int n() const override { return static_cast<int>(sizes_.nuts.size()); }
  std::strong_ordering compare(int nut, int bolt) override {
    return sizes_.nuts[static_cast<std::size_t>(nut)] <=> sizes_.bolts[static_cast<std::size_t>(bolt)];
  }
  Sizes commit(std::span<const int> /*answer*/) override { return sizes_; }

 private:
  Sizes sizes_;
};

}  // namespace nuts_bolts
