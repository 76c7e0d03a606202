// Quoting untrusted bytes for messages. A contestant may send anything (NUL bytes,
// invalid UTF-8, megabytes on one line); a verdict message must stay one short,
// printable ASCII line. Printable ASCII is kept, `\` and `'` are escaped, \t \r \n are
// written as such and every other byte as \xHH. Long texts are cut to a window around
// the interesting spot, with "..." on the side(s) that were cut.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace interactor {

inline constexpr std::size_t kDefaultQuoteChars = 72;

// `text` escaped and wrapped in single quotes, at most about max_chars characters
// between the quotes (plus "..." markers), showing the neighbourhood of byte offset
// `focus` when the whole text does not fit.
std::string quote(std::string_view text, std::size_t focus = 0,
                  std::size_t max_chars = kDefaultQuoteChars);

}  // namespace interactor
