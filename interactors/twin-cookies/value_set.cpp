#include "value_set.hpp"

#include <bit>
#include <random>
#include <stdexcept>

namespace twin_cookies {
namespace {

constexpr std::size_t kMinSlots = 16;
// How many values ahead the batch operations prefetch.
constexpr std::size_t kPrefetchDistance = 16;

// splitmix64's finalizer.
std::uint64_t mix(std::uint64_t x) {
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9ULL;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebULL;
  x ^= x >> 31;
  return x;
}

void check_positive(std::int64_t value) {
  if (value <= 0) throw std::invalid_argument("ValueSet holds positive values only");
}

}  // namespace

ValueSet::ValueSet(std::size_t expected) {
  std::random_device device;
  salt_ = (std::uint64_t{device()} << 32) | device();
  const std::size_t slots = std::bit_ceil(expected * 2 > kMinSlots ? expected * 2 : kMinSlots);
  slots_.assign(slots, 0);
  mask_ = slots - 1;
}

std::size_t ValueSet::home_slot(std::int64_t value) const {
  const auto v = static_cast<std::uint64_t>(value);
  return static_cast<std::size_t>((mix((v >> 3) ^ salt_) << 3) | (v & 7)) & mask_;
}

std::size_t ValueSet::slot_of(std::int64_t value) const {
  std::size_t slot = home_slot(value);
  while (slots_[slot] != 0 && slots_[slot] != value) slot = (slot + 1) & mask_;
  return slot;
}

bool ValueSet::insert(std::int64_t value) {
  check_positive(value);
  reserve_more(1);
  const std::size_t slot = slot_of(value);
  if (slots_[slot] == value) return false;
  slots_[slot] = value;
  ++size_;
  return true;
}

std::size_t ValueSet::insert_all(std::span<const std::int64_t> values) {
  for (std::int64_t value : values) check_positive(value);
  reserve_more(values.size());  // no rehash below: prefetched slots stay valid
  std::size_t first_present = values.size();
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (i + kPrefetchDistance < values.size()) {
      __builtin_prefetch(&slots_[home_slot(values[i + kPrefetchDistance])], 1);
    }
    const std::size_t slot = slot_of(values[i]);
    if (slots_[slot] == values[i]) {
      if (first_present == values.size()) first_present = i;
    } else {
      slots_[slot] = values[i];
      ++size_;
    }
  }
  return first_present;
}

bool ValueSet::contains(std::int64_t value) const {
  if (value <= 0) return false;
  return slots_[slot_of(value)] == value;
}

void ValueSet::contains_each(std::span<const std::int64_t> values, std::vector<char>& found) const {
  found.assign(values.size(), 0);
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (i + kPrefetchDistance < values.size() && values[i + kPrefetchDistance] > 0) {
      __builtin_prefetch(&slots_[home_slot(values[i + kPrefetchDistance])], 0);
    }
    found[i] = values[i] > 0 && slots_[slot_of(values[i])] == values[i] ? 1 : 0;
  }
}

void ValueSet::reserve_more(std::size_t more) {
  std::size_t slots = slots_.size();
  while ((size_ + more) * 2 > slots) slots *= 2;
  if (slots != slots_.size()) rehash(slots);
}

void ValueSet::rehash(std::size_t slots) {
  std::vector<std::int64_t> old = std::move(slots_);
  slots_.assign(slots, 0);
  mask_ = slots - 1;
  for (std::int64_t value : old) {
    if (value != 0) slots_[slot_of(value)] = value;
  }
}

}  // namespace twin_cookies
