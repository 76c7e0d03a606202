// The content hash that names cache entries (compiled submissions, a submission's
// files, built package programs): SHA-1 in hex, over an unambiguous encoding. Every
// piece given to add() is preceded by its length (8 bytes, little-endian), so no
// choice of bytes inside one piece can imitate a boundary between two: "ab" + "c"
// and "a" + "bc" differ, and a file holding P + "\x1fz.c\0" + Q is not the two files
// P and Q (issue 28). A piece too large to hold in memory is announced with its
// length (begin_piece) and then fed in chunks (add_raw); the caller feeds exactly
// that many bytes.
//
// SHA-1 and not a stronger hash: the keys only have to tell apart what the judge
// itself stores; a contestant who made two colliding files would gain nothing (each
// file gets the build of its own bytes either way but for the collision, which he
// could have submitted directly). Boost's SHA-1 is what the Debian headers offer
// without another library.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include <boost/uuid/detail/sha1.hpp>

namespace judge {

// Feed it pieces, then read the hex digest (40 characters).
class ContentHash {
 public:
  void add(std::string_view piece);
  void add(std::uint64_t number);  // 8 bytes, little-endian: a count, a size, a flag
  // A piece of `bytes` bytes fed by add_raw in as many chunks as it takes.
  void begin_piece(std::uint64_t bytes) { add(bytes); }
  void add_raw(std::string_view chunk);
  std::string hex();

 private:
  boost::uuids::detail::sha1 sha1_;
};

// The hex SHA-1 of one string (the plain SHA-1 of its bytes, no length prefix).
std::string sha1_hex(std::string_view bytes);

}  // namespace judge
