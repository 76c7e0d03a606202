// LazyOracle: sizes decided while the contestant asks (modes `punish SEED` and
// `probe SEED`, README.md).
//
// The oracle knows the sizes only up to groups: a group is a range of sizes lo..hi with
// the nuts and the bolts that have them, nothing known inside (every bijection equally
// possible). At the start there is one group, 1..n. A query between groups is answered
// by their order; a query of a nut and a bolt of the same group splits that group:
//   punish  the nut gets a size drawn uniformly in lo..hi, except that a predictable nut
//           (the lowest, the highest or a middle index among the group's nuts, either
//           middle one when their count is even) gets lo or hi (a coin decides); its bolt
//           is drawn uniformly, the other nuts and bolts take the sizes below and above
//           as uniformly random subsets. Without punishments this draws sizes exactly as
//           a uniformly random pair of permutations would be drawn.
//   worst   the nut gets one end of the range and the bolt the other (a coin decides
//           which): whichever of them is the contestant's pivot splits nothing. The
//           bolt of the nut and the nut of the bolt are drawn uniformly; the rest stays
//           one group.
// commit() completes each group left with uniformly random bijections; given the
// contestant's answer, it makes each group of two or more pairs disagree with it.
// Every draw comes from Random(seed): the same seed and the same queries give the same
// sizes.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "random_sizes.hpp"
#include "size_oracle.hpp"

namespace nuts_bolts {

enum class SplitRule { punish, worst };

class LazyOracle final : public SizeOracle {
 public:
  LazyOracle(int n, std::uint64_t seed, SplitRule rule);
  int n() const override { return n_; }
  std::strong_ordering compare(int nut, int bolt) override;
  // Completes the sizes once; later calls return the same sizes.
  Sizes commit(std::span<const int> answer) override;

  // Groups so far (for tests): how many, and how many splits punished a nut.
  int groups() const { return static_cast<int>(groups_.size()); }
  int punished() const { return punished_; }

 private:
  struct Group {
    int lo = 0;
    int hi = 0;
    std::vector<int> nuts;   // ascending indices
    std::vector<int> bolts;  // ascending indices
  };
  void split_punish(int group, int nut);
  void split_worst(int group, int nut, int bolt);
  // Replaces group `g` by the groups of `parts` (each with its lo, nuts and bolts).
  void replace(int group, std::vector<Group> parts);
  // Moves `count` elements of `from`, chosen uniformly, into a new ascending vector.
  std::vector<int> take_random(std::vector<int>& from, int count);

  int n_;
  SplitRule rule_;
  Random random_;
  std::vector<Group> groups_;
  std::vector<int> group_of_nut_;
  std::vector<int> group_of_bolt_;
  int punished_ = 0;
  std::optional<Sizes> committed_;
};

// The nuts of a group that punish mode calls predictable: positions 0, m - 1 and the
// middle one(s) of the m ascending indices.
bool is_predictable(std::span<const int> ascending_nuts, int nut);

}  // namespace nuts_bolts
