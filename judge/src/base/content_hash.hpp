// The content hash that names cache entries (compiled submissions, built package
// programs): SHA-1 in hex. Not for security: two inputs that differ only have to get
// different names, and a cache entry is only ever written by the judge itself.
#pragma once

#include <string>
#include <string_view>

#include <boost/uuid/detail/sha1.hpp>

namespace judge {

// Feed it pieces, then read the hex digest (40 characters).
class ContentHash {
 public:
  void add(std::string_view bytes);
  std::string hex();

 private:
  boost::uuids::detail::sha1 sha1_;
};

// The hex SHA-1 of one string.
std::string sha1_hex(std::string_view bytes);

}  // namespace judge
