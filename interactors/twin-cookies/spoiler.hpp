// Spoiler: the adaptive courier. For each order it ranks every offered cookie and
// delivers one of the best rank, chosen uniformly with its seed:
//   rank 0  keeps the delivered cookies free of equal-sum relations (RelationDetector:
//           exact while at most 13 cookies were delivered, a bounded heuristic beyond)
//           and is none of the "obvious" cookies: the smallest, the largest, v_1, v_n;
//   rank 1  keeps them free of relations, but is an obvious cookie;
//   rank 2  creates a relation, not obvious;
//   rank 3  creates a relation, obvious.
// Against a correct solution nothing can be won (any cookie is legal). Against the
// usual wrong ones:
//   - "the smallest (largest, first, last) offered cookie arrives": never true when
//     the order has a cookie that is none of those (n >= 5 always, often n >= 3);
//   - "with random delivery a coincidence a + b = c + d (or a + b = c) will turn up":
//     such a coincidence is a relation among at most 4 cookies, which the spoiler
//     avoids for as long as the order offers any cookie that does not create one.
// It never looks at anything but the orders and its own deliveries.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "courier.hpp"
#include "random.hpp"
#include "relation_detector.hpp"

namespace twin_cookies {

class Spoiler final : public Courier {
 public:
  explicit Spoiler(std::uint64_t seed) : random_(seed) {}
  std::size_t choose(std::span<const std::int64_t> order) override;

  // The rank (0 best .. 3) of each cookie of `order`, as choose() sees it now.
  std::vector<int> ranks(std::span<const std::int64_t> order) const;
  const RelationDetector& detector() const { return detector_; }

 private:
  Random random_;
  RelationDetector detector_;
};

}  // namespace twin_cookies
