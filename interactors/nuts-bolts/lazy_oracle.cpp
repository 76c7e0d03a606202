#include "lazy_oracle.hpp"

#include <algorithm>
#include <numeric>
#include <utility>

namespace nuts_bolts {
namespace {

std::size_t slot(int index) { return static_cast<std::size_t>(index); }

// `values` without `value` (ascending stays ascending).
std::vector<int> without(const std::vector<int>& values, int value) {
  std::vector<int> rest;
  rest.reserve(values.size());
  for (int v : values) {
    if (v != value) rest.push_back(v);
  }
  return rest;
}

}  // namespace

bool is_predictable(std::span<const int> ascending_nuts, int nut) {
  const auto found = std::lower_bound(ascending_nuts.begin(), ascending_nuts.end(), nut);
  if (found == ascending_nuts.end() || *found != nut) return false;
  const auto m = static_cast<std::ptrdiff_t>(ascending_nuts.size());
  const std::ptrdiff_t position = found - ascending_nuts.begin();
  if (position == 0 || position == m - 1) return true;
  if (m % 2 == 1) return position == (m - 1) / 2;
  return position == m / 2 - 1 || position == m / 2;
}

LazyOracle::LazyOracle(int n, std::uint64_t seed, SplitRule rule)
    : n_(n), rule_(rule), random_(seed), group_of_nut_(slot(n), 0), group_of_bolt_(slot(n), 0) {
  Group all{1, n, std::vector<int>(slot(n)), std::vector<int>(slot(n))};
  std::iota(all.nuts.begin(), all.nuts.end(), 0);
  std::iota(all.bolts.begin(), all.bolts.end(), 0);
  groups_.push_back(std::move(all));
}

std::strong_ordering LazyOracle::compare(int nut, int bolt) {
  int group = group_of_nut_[slot(nut)];
  if (group == group_of_bolt_[slot(bolt)] && groups_[slot(group)].lo < groups_[slot(group)].hi) {
    if (rule_ == SplitRule::punish) {
      split_punish(group, nut);
    } else {
      split_worst(group, nut, bolt);
    }
    group = group_of_nut_[slot(nut)];
  }
  const int other = group_of_bolt_[slot(bolt)];
  if (group == other) return std::strong_ordering::equal;
  return groups_[slot(group)].lo <=> groups_[slot(other)].lo;
}

std::vector<int> LazyOracle::take_random(std::vector<int>& from, int count) {
  // Partial Fisher-Yates: the first `count` places get a uniformly random subset.
  for (std::size_t k = 0; k < slot(count); ++k) {
    const std::size_t j = k + static_cast<std::size_t>(random_.below(from.size() - k));
    std::swap(from[k], from[j]);
  }
  std::vector<int> taken(from.begin(), from.begin() + count);
  from.erase(from.begin(), from.begin() + count);
  std::sort(taken.begin(), taken.end());
  std::sort(from.begin(), from.end());
  return taken;
}

void LazyOracle::split_punish(int group, int nut) {
  const Group old = groups_[slot(group)];
  const int m = old.hi - old.lo + 1;
  int size = 0;
  if (is_predictable(old.nuts, nut)) {
    ++punished_;
    size = random_.below(2) == 0 ? old.lo : old.hi;
  } else {
    size = old.lo + static_cast<int>(random_.below(slot(m)));
  }
  const int partner = old.bolts[random_.below(slot(m))];
  std::vector<int> nuts = without(old.nuts, nut);
  std::vector<int> bolts = without(old.bolts, partner);
  const int below = size - old.lo;
  std::vector<Group> parts;
  if (below > 0) parts.push_back({old.lo, size - 1, take_random(nuts, below), take_random(bolts, below)});
  parts.push_back({size, size, {nut}, {partner}});
  if (size < old.hi) parts.push_back({size + 1, old.hi, std::move(nuts), std::move(bolts)});
  replace(group, std::move(parts));
}

void LazyOracle::split_worst(int group, int nut, int bolt) {
  const Group old = groups_[slot(group)];
  const bool nut_low = random_.below(2) == 0;
  const std::vector<int> other_bolts = without(old.bolts, bolt);
  const std::vector<int> other_nuts = without(old.nuts, nut);
  const int nut_partner = other_bolts[random_.below(other_bolts.size())];
  const int bolt_partner = other_nuts[random_.below(other_nuts.size())];
  Group nut_end{0, 0, {nut}, {nut_partner}};
  Group bolt_end{0, 0, {bolt_partner}, {bolt}};
  nut_end.lo = nut_end.hi = nut_low ? old.lo : old.hi;
  bolt_end.lo = bolt_end.hi = nut_low ? old.hi : old.lo;
  std::vector<Group> parts{std::move(nut_end), std::move(bolt_end)};
  if (old.hi - old.lo + 1 > 2) {
    parts.push_back({old.lo + 1, old.hi - 1, without(other_nuts, bolt_partner), without(other_bolts, nut_partner)});
  }
  replace(group, std::move(parts));
}

void LazyOracle::replace(int group, std::vector<Group> parts) {
  for (std::size_t k = 0; k < parts.size(); ++k) {
    const int index = k == 0 ? group : static_cast<int>(groups_.size());
    for (int nut : parts[k].nuts) group_of_nut_[slot(nut)] = index;
    for (int bolt : parts[k].bolts) group_of_bolt_[slot(bolt)] = index;
    if (k == 0) {
      groups_[slot(group)] = std::move(parts[k]);
    } else {
      groups_.push_back(std::move(parts[k]));
    }
  }
}

Sizes LazyOracle::commit(std::span<const int> answer) {
  if (committed_) return *committed_;
  Sizes sizes{std::vector<int>(slot(n_), 0), std::vector<int>(slot(n_), 0)};
  for (const Group& group : groups_) {
    std::vector<int> nut_sizes(group.nuts.size());
    std::iota(nut_sizes.begin(), nut_sizes.end(), group.lo);
    std::vector<int> bolt_sizes = nut_sizes;
    random_.shuffle(nut_sizes);
    random_.shuffle(bolt_sizes);
    for (std::size_t k = 0; k < group.nuts.size(); ++k) {
      sizes.nuts[slot(group.nuts[k])] = nut_sizes[k];
      sizes.bolts[slot(group.bolts[k])] = bolt_sizes[k];
    }
    if (answer.empty() || group.nuts.size() < 2) continue;
    // The answer pairs this group as drawn? Then exchange two bolts: it must not be
    // right by luck where the replies leave the choice open.
    const bool agrees = std::all_of(group.nuts.begin(), group.nuts.end(), [&](int nut) {
      return sizes.bolts[slot(answer[slot(nut)])] == sizes.nuts[slot(nut)];
    });
    if (agrees) std::swap(sizes.bolts[slot(group.bolts[0])], sizes.bolts[slot(group.bolts[1])]);
  }
  committed_ = sizes;
  return sizes;
}

}  // namespace nuts_bolts
