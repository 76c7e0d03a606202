#include "base/content_hash.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include <fmt/core.h>

#include "base/errors.hpp"
#include "base/unique_fd.hpp"

namespace judge {

ContentHash::ContentHash() { sha1_init(&sha1_); }

void ContentHash::add(std::uint64_t number) {
  unsigned char bytes[8];
  for (int i = 0; i < 8; ++i) bytes[i] = static_cast<unsigned char>(number >> (8 * i));
  sha1_update(&sha1_, sizeof bytes, bytes);
}

void ContentHash::add(std::string_view piece) {
  add(static_cast<std::uint64_t>(piece.size()));
  add_raw(piece);
}

void ContentHash::add_raw(std::string_view chunk) {
  sha1_update(&sha1_, chunk.size(), reinterpret_cast<const std::uint8_t*>(chunk.data()));
}

void ContentHash::add_file(const std::filesystem::path& path) {
  const UniqueFd fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
  struct stat st {};
  if (!fd.valid() || ::fstat(fd.get(), &st) != 0 || S_ISDIR(st.st_mode))
    throw ConfigError(fmt::format("cannot read {}: {}", path.string(),
                                  fd.valid() && S_ISDIR(st.st_mode) ? "a folder" : std::strerror(errno)));
  char buffer[1 << 16];
  if (!S_ISREG(st.st_mode)) {
    // Not a regular file (/dev/null stands for a test's missing answer): its length is
    // known only once it is read, so it is read whole, then added as one piece.
    std::string bytes;
    for (ssize_t n; (n = ::read(fd.get(), buffer, sizeof buffer)) > 0;)
      bytes.append(buffer, static_cast<std::size_t>(n));
    add(bytes);
    return;
  }
  begin_piece(static_cast<std::uint64_t>(st.st_size));
  off_t done = 0;
  for (ssize_t n; (n = ::read(fd.get(), buffer, sizeof buffer)) > 0; done += n) {
    if (done + n > st.st_size) break;
    add_raw(std::string_view(buffer, static_cast<std::size_t>(n)));
  }
  if (done != st.st_size)
    throw ConfigError(fmt::format("{} changed while it was read (its size was {} bytes)", path.string(), st.st_size));
}

std::string ContentHash::hex() {
  std::uint8_t digest[SHA1_DIGEST_SIZE];
  sha1_digest(&sha1_, sizeof digest, digest);  // also starts the context again
  std::string hex;
  for (std::uint8_t byte : digest) hex += fmt::format("{:02x}", byte);
  return hex;
}

std::string sha1_hex(std::string_view bytes) {
  ContentHash hash;
  hash.add_raw(bytes);
  return hash.hex();
}

}  // namespace judge
