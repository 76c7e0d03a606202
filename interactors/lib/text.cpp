#include "text.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace interactor {
namespace {

bool is_plain(unsigned char c) { return c >= 0x20 && c < 0x7f && c != '\\' && c != '\''; }

std::size_t escaped_width(unsigned char c) {
  if (is_plain(c)) return 1;
  if (c == '\\' || c == '\'' || c == '\t' || c == '\r' || c == '\n') return 2;
  return 4;  // \xHH
}

void append_escaped(std::string& out, unsigned char c) {
  if (is_plain(c)) {
    out += static_cast<char>(c);
    return;
  }
  switch (c) {
    case '\\': out += "\\\\"; return;
    case '\'': out += "\\'"; return;
    case '\t': out += "\\t"; return;
    case '\r': out += "\\r"; return;
    case '\n': out += "\\n"; return;
    default: out += fmt::format("\\x{:02x}", c); return;
  }
}

}  // namespace

std::string quote(std::string_view text, std::size_t focus, std::size_t max_chars) {
  focus = std::min(focus, text.size());
  std::size_t total_width = 0;
  for (unsigned char c : text) total_width += escaped_width(c);

  std::size_t begin = 0;
  std::size_t end = text.size();
  if (total_width > max_chars) {
    // Up to a third of the budget before the focus, the rest after it; if the text
    // ends early, give the unused part to the context before the focus.
    std::size_t after_width = 0;
    end = focus;
    while (end < text.size() && after_width + escaped_width(text[end]) <= max_chars * 2 / 3) {
      after_width += escaped_width(text[end]);
      ++end;
    }
    std::size_t before_budget = max_chars - after_width;
    begin = focus;
    while (begin > 0 && escaped_width(text[begin - 1]) <= before_budget) {
      before_budget -= escaped_width(text[begin - 1]);
      --begin;
    }
    while (end < text.size() && escaped_width(text[end]) <= before_budget) {
      before_budget -= escaped_width(text[end]);
      ++end;
    }
  }

  std::string out = "'";
  if (begin > 0) out += "...";
  for (std::size_t i = begin; i < end; ++i) append_escaped(out, static_cast<unsigned char>(text[i]));
  if (end < text.size()) out += "...";
  out += '\'';
  return out;
}

}  // namespace interactor
