// UTF-8 validity, said once: where a sequence of bytes is valid UTF-8 (RFC 3629: no
// overlong forms, no surrogates, nothing above U+10FFFF), and text made valid by
// replacing each maximal invalid part with U+FFFD, exactly as nlohmann::json's
// dump does with error_handler_t::replace (json_text.hpp). Names and messages the
// judge did not make (file and folder names, an interactor's or a compiler's
// bytes) pass through here before they reach a file whose format wants UTF-8
// (JSON, XML, CSV); the terminal gets printable.hpp's escapes instead.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace judge {

// Length of the valid UTF-8 sequence that starts at text[i] (1..4), or 0 if none does.
std::size_t utf8_sequence_length(std::string_view text, std::size_t i);

// Whether all of `text` is valid UTF-8.
bool is_valid_utf8(std::string_view text);

// `text` with each maximal part that is not valid UTF-8 (a lead byte and the
// continuation bytes that may follow it, or one stray byte) replaced by U+FFFD, as
// the Unicode standard recommends ("maximal subpart") and nlohmann::json does.
std::string valid_utf8(std::string_view text);

}  // namespace judge
