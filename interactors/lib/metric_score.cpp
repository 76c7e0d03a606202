#include "metric_score.hpp"

#include <algorithm>
#include <cmath>

namespace interactor {

double metric_score(double metric, double full_at, double zero_at, double max_score) {
  if (metric <= 0) return max_score;
  const double fraction = std::log(zero_at / metric) / std::log(zero_at / full_at);
  return max_score * std::clamp(fraction, 0.0, 1.0);
}

}  // namespace interactor
