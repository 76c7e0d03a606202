#include "base/content_hash.hpp"

#include <fmt/core.h>

namespace judge {

void ContentHash::add(std::uint64_t number) {
  unsigned char bytes[8];
  for (int i = 0; i < 8; ++i) bytes[i] = static_cast<unsigned char>(number >> (8 * i));
  sha1_.process_bytes(bytes, sizeof bytes);
}

void ContentHash::add(std::string_view piece) {
  add(static_cast<std::uint64_t>(piece.size()));
  add_raw(piece);
}

void ContentHash::add_raw(std::string_view chunk) { sha1_.process_bytes(chunk.data(), chunk.size()); }

std::string ContentHash::hex() {
  boost::uuids::detail::sha1::digest_type digest;
  sha1_.get_digest(digest);
  std::string hex;
  for (unsigned int word : digest) hex += fmt::format("{:08x}", word);
  return hex;
}

std::string sha1_hex(std::string_view bytes) {
  ContentHash hash;
  hash.add_raw(bytes);
  return hash.hex();
}

}  // namespace judge
