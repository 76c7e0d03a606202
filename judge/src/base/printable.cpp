#include "base/printable.hpp"

#include <cstdio>

#include "base/utf8.hpp"

namespace judge {
namespace {

void append_escaped(std::string& out, unsigned char byte) {
  char escaped[5];
  std::snprintf(escaped, sizeof escaped, "\\x%02x", byte);
  out += escaped;
}

std::string escaped(std::string_view text, bool keep_newlines_and_tabs) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    const std::size_t length = utf8_sequence_length(text, i);
    const bool kept_space = keep_newlines_and_tabs && (c == '\n' || c == '\t');
    const bool c0_or_del = (c < 0x20 && !kept_space) || c == 0x7F;
    // U+0080..U+009F are C2 80..C2 9F in UTF-8.
    const bool c1 = length == 2 && c == 0xC2 && static_cast<unsigned char>(text[i + 1]) < 0xA0;
    if (length == 0 || c0_or_del || c1) {
      const std::size_t bytes = length == 0 ? 1 : length;
      for (std::size_t k = 0; k < bytes; ++k) append_escaped(out, static_cast<unsigned char>(text[i + k]));
      i += bytes;
      continue;
    }
    out.append(text.substr(i, length));
    i += length;
  }
  return out;
}

}  // namespace

std::string printable(std::string_view text) { return escaped(text, true); }

std::string printable_line(std::string_view text) { return escaped(text, false); }

}  // namespace judge
