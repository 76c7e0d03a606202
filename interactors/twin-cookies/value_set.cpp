#include "value_set.hpp"

#ifdef __linux__
#include <sys/mman.h>  // huge pages; elsewhere (Polygon's Windows build) the slots are calloc'ed
#endif

#include <bit>
#include <cstdlib>
#include <new>
#include <random>
#include <stdexcept>
#include <utility>

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

constexpr std::size_t kHugePageBytes = 2 * 1024 * 1024;

}  // namespace

ValueSet::Slots::Slots(std::size_t count) : size_(count) {
  const std::size_t bytes = count * sizeof(std::int64_t);
#ifdef __linux__
  if (bytes >= kHugePageBytes) {
    map_huge_aligned(bytes);
    return;
  }
#endif
  data_ = static_cast<std::int64_t*>(std::calloc(count, sizeof(std::int64_t)));
  if (data_ == nullptr) throw std::bad_alloc();
}

#ifdef __linux__
// A mapping aligned to a huge page: map one huge page more than needed, unmap the
// slack on both sides. Anonymous memory reads as zeros until written.
void ValueSet::Slots::map_huge_aligned(std::size_t bytes) {
  const std::size_t rounded = (bytes + kHugePageBytes - 1) / kHugePageBytes * kHugePageBytes;
  void* raw = ::mmap(nullptr, rounded + kHugePageBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (raw == MAP_FAILED) throw std::bad_alloc();
  const auto start = reinterpret_cast<std::uintptr_t>(raw);
  const std::uintptr_t aligned = (start + kHugePageBytes - 1) / kHugePageBytes * kHugePageBytes;
  if (aligned > start) ::munmap(raw, aligned - start);
  const std::uintptr_t end = start + rounded + kHugePageBytes;
  if (end > aligned + rounded) ::munmap(reinterpret_cast<void*>(aligned + rounded), end - (aligned + rounded));
  ::madvise(reinterpret_cast<void*>(aligned), rounded, MADV_HUGEPAGE);  // a hint: may fail
  data_ = reinterpret_cast<std::int64_t*>(aligned);
  mapped_bytes_ = rounded;
}
#endif

ValueSet::Slots::Slots(Slots&& other) noexcept
    : data_(std::exchange(other.data_, nullptr)),
      size_(std::exchange(other.size_, 0)),
      mapped_bytes_(std::exchange(other.mapped_bytes_, 0)) {}

ValueSet::Slots& ValueSet::Slots::operator=(Slots&& other) noexcept {
  if (this != &other) {
    release();
    data_ = std::exchange(other.data_, nullptr);
    size_ = std::exchange(other.size_, 0);
    mapped_bytes_ = std::exchange(other.mapped_bytes_, 0);
  }
  return *this;
}

ValueSet::Slots::~Slots() { release(); }

void ValueSet::Slots::release() {
  if (data_ == nullptr) return;
#ifdef __linux__
  if (mapped_bytes_ != 0) ::munmap(data_, mapped_bytes_);
  else
#endif
    std::free(data_);
  data_ = nullptr;
}

ValueSet::ValueSet(std::size_t expected) {
  std::random_device device;
  salt_ = (std::uint64_t{device()} << 32) | device();
  const std::size_t needed = expected * 4 / 3 + 1;
  const std::size_t slots = std::bit_ceil(needed > kMinSlots ? needed : kMinSlots);
  slots_ = Slots(slots);
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
  while ((size_ + more) * 4 > slots * 3) slots *= 2;
  if (slots != slots_.size()) rehash(slots);
}

void ValueSet::rehash(std::size_t slots) {
  Slots old = std::move(slots_);
  slots_ = Slots(slots);
  mask_ = slots - 1;
  for (std::size_t i = 0; i < old.size(); ++i) {
    if (old[i] != 0) slots_[slot_of(old[i])] = old[i];
  }
}

}  // namespace twin_cookies
