#include "base/utf8.hpp"

namespace judge {
namespace {

// The bytes a lead byte starts (0: not a lead byte) and the range its second byte
// must be in (narrower than 80..BF for E0, ED, F0 and F4: no overlong forms, no
// surrogates, nothing above U+10FFFF).
struct Lead {
  std::size_t length = 0;
  unsigned char low = 0x80, high = 0xBF;
};

Lead lead_of(unsigned char byte) {
  if (byte < 0x80) return {1};
  if (byte >= 0xC2 && byte <= 0xDF) return {2};
  if (byte == 0xE0) return {3, 0xA0, 0xBF};
  if (byte == 0xED) return {3, 0x80, 0x9F};
  if (byte >= 0xE1 && byte <= 0xEF) return {3};
  if (byte == 0xF0) return {4, 0x90, 0xBF};
  if (byte >= 0xF1 && byte <= 0xF3) return {4};
  if (byte == 0xF4) return {4, 0x80, 0x8F};
  return {};
}

// How many bytes from text[i] on form a valid start of the sequence text[i] leads
// (the lead byte counts): equal to the lead's length when the sequence is whole.
std::size_t valid_prefix(std::string_view text, std::size_t i, const Lead& lead) {
  std::size_t k = 1;
  for (; k < lead.length && i + k < text.size(); ++k) {
    const auto byte = static_cast<unsigned char>(text[i + k]);
    const unsigned char low = k == 1 ? lead.low : 0x80, high = k == 1 ? lead.high : 0xBF;
    if (byte < low || byte > high) break;
  }
  return k;
}

}  // namespace

std::size_t utf8_sequence_length(std::string_view text, std::size_t i) {
  const Lead lead = lead_of(static_cast<unsigned char>(text[i]));
  if (lead.length == 0) return 0;
  return valid_prefix(text, i, lead) == lead.length ? lead.length : 0;
}

bool is_valid_utf8(std::string_view text) {
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t length = utf8_sequence_length(text, i);
    if (length == 0) return false;
    i += length;
  }
  return true;
}

std::string valid_utf8(std::string_view text) {
  if (is_valid_utf8(text)) return std::string(text);
  std::string out;
  out.reserve(text.size() + 8);
  for (std::size_t i = 0; i < text.size();) {
    const Lead lead = lead_of(static_cast<unsigned char>(text[i]));
    const std::size_t prefix = lead.length == 0 ? 1 : valid_prefix(text, i, lead);
    if (lead.length != 0 && prefix == lead.length) {
      out.append(text.substr(i, prefix));
    } else {
      out += "\xEF\xBF\xBD";  // U+FFFD for the maximal invalid part
    }
    i += prefix;
  }
  return out;
}

}  // namespace judge
