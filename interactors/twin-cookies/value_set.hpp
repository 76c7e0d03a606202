// ValueSet: a set of positive 64-bit integers, as a flat open-addressing hash table
// (linear probing, kept at most 3/4 full, 0 marks an empty slot). The interactor keeps
// up to 505,000 ordered values and up to about 700,000 small signed sums in such sets;
// std::unordered_set would allocate a node per value.
//
// Speed: a lookup is one cache miss at worst, so the batch operations (insert_all,
// contains_each) prefetch the slots of the values a few steps ahead and keep several
// misses in flight. Values of a block of 8 consecutive ones share a hash and sit side
// by side, in one cache line: an order of consecutive values costs one miss per 8.
//
// Memory: the slots are zeroed by the kernel, not by a memset (a fresh anonymous
// mapping), and a table of 2 MiB or more asks for transparent huge pages: the
// interactor's two big tables (8 MiB each at the largest test) then cost a few page
// faults instead of four thousand, which was a fifth of its CPU time.
//
// The values come from the contestant, and the hash function is public: a contestant
// could pick values that all land in one run of slots and make every insert scan it
// (quadratic time). So each set salts its hash with a value from std::random_device.
// The salt changes where values sit, never what the set answers.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace twin_cookies {

class ValueSet {
 public:
  // Room for `expected` values before the first rehash.
  explicit ValueSet(std::size_t expected = 0);

  // Adds `value` (> 0, else std::invalid_argument); false if it was there already.
  bool insert(std::int64_t value);
  // Adds every value (each > 0, checked before any is added), in order; returns the
  // index of the first one that was there already when its turn came (added before,
  // or earlier in `values`), or values.size() if none was.
  std::size_t insert_all(std::span<const std::int64_t> values);
  bool contains(std::int64_t value) const;
  // found[i] = contains(values[i]).
  void contains_each(std::span<const std::int64_t> values, std::vector<char>& found) const;
  std::size_t size() const { return size_; }

 private:
  std::size_t home_slot(std::int64_t value) const;
  std::size_t slot_of(std::int64_t value) const;
  // Makes room for `more` values without a rehash.
  void reserve_more(std::size_t more);
  void rehash(std::size_t slots);

  // `count` zeroed slots; move-only.
  class Slots {
   public:
    Slots() = default;
    explicit Slots(std::size_t count);
    Slots(Slots&& other) noexcept;
    Slots& operator=(Slots&& other) noexcept;
    Slots(const Slots&) = delete;
    Slots& operator=(const Slots&) = delete;
    ~Slots();
    std::int64_t& operator[](std::size_t i) { return data_[i]; }
    const std::int64_t& operator[](std::size_t i) const { return data_[i]; }
    std::size_t size() const { return size_; }

   private:
    void map_huge_aligned(std::size_t bytes);  // Linux only: mmap, aligned to a huge page
    void release();
    std::int64_t* data_ = nullptr;
    std::size_t size_ = 0;
    std::size_t mapped_bytes_ = 0;  // 0: data_ came from calloc
  };

  Slots slots_;
  std::size_t mask_ = 0;
  std::size_t size_ = 0;
  std::uint64_t salt_ = 0;
};

}  // namespace twin_cookies
