// The content hash: standard SHA-1 values (FIPS 180 test vectors), the length-prefixed
// encoding (no boundary can be imitated), and a file fed as one piece.
#include "base/content_hash.hpp"

#include <fstream>

#include <gtest/gtest.h>

#include "base/errors.hpp"
#include "base/temp_dir.hpp"

namespace judge {
namespace {

TEST(ContentHash, Sha1OfBytesIsTheStandardOne) {
  EXPECT_EQ(sha1_hex(""), "da39a3ee5e6b4b0d3255bfef95601890afd80709");
  EXPECT_EQ(sha1_hex("abc"), "a9993e364706816aba3e25717850c26c9cd0d89d");
  EXPECT_EQ(sha1_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "84983e441c3bd26ebaae4aa1f95129e5e54670f1");
}

// A piece is its length (8 bytes, little-endian) and then its bytes.
TEST(ContentHash, APieceIsPrecededByItsLength) {
  ContentHash hash;
  hash.add("abc");
  EXPECT_EQ(hash.hex(), sha1_hex(std::string("\x03\0\0\0\0\0\0\0abc", 11)));
  EXPECT_EQ(hash.hex().size(), 40u);
}

TEST(ContentHash, NoChoiceOfBytesImitatesABoundary) {
  auto of = [](std::initializer_list<std::string_view> pieces) {
    ContentHash hash;
    for (auto piece : pieces) hash.add(piece);
    return hash.hex();
  };
  EXPECT_NE(of({"ab", "c"}), of({"a", "bc"}));
  EXPECT_NE(of({"P", "Q"}), of({std::string_view("P\0Q", 3)}));
  EXPECT_NE(of({"x", ""}), of({"x"}));
}

TEST(ContentHash, AFileIsOnePieceOfItsBytes) {
  TempDir dir;
  const auto path = dir.path() / "f";
  std::string bytes(200000, '\0');
  for (std::size_t i = 0; i < bytes.size(); ++i) bytes[i] = static_cast<char>(i * 7);
  std::ofstream(path, std::ios::binary) << bytes;
  ContentHash from_file, from_bytes;
  from_file.add_file(path);
  from_bytes.add(bytes);
  EXPECT_EQ(from_file.hex(), from_bytes.hex());
}

TEST(ContentHash, AFileThatCannotBeReadIsAConfigError) {
  TempDir dir;
  ContentHash hash;
  EXPECT_THROW(hash.add_file(dir.path() / "missing"), ConfigError);
  EXPECT_THROW(hash.add_file(dir.path()), ConfigError);  // a folder
}

// A test without an answer file has /dev/null for it: the empty piece.
TEST(ContentHash, DevNullIsTheEmptyPiece) {
  ContentHash from_device, empty;
  from_device.add_file("/dev/null");
  empty.add("");
  EXPECT_EQ(from_device.hex(), empty.hex());
}

}  // namespace
}  // namespace judge
