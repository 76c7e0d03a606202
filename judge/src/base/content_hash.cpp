#include "base/content_hash.hpp"

#include <fmt/core.h>

namespace judge {

void ContentHash::add(std::string_view bytes) { sha1_.process_bytes(bytes.data(), bytes.size()); }

std::string ContentHash::hex() {
  boost::uuids::detail::sha1::digest_type digest;
  sha1_.get_digest(digest);
  std::string hex;
  for (unsigned int word : digest) hex += fmt::format("{:08x}", word);
  return hex;
}

std::string sha1_hex(std::string_view bytes) {
  ContentHash hash;
  hash.add(bytes);
  return hash.hex();
}

}  // namespace judge
