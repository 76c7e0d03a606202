#include "batch/contest_time.hpp"

#include <ctime>

#include <fmt/format.h>

#include "base/parse_number.hpp"

namespace judge {

namespace {

// The digits text[at, at + count), or nullopt.
std::optional<int> digits(std::string_view text, std::size_t at, std::size_t count) {
  if (at + count > text.size()) return std::nullopt;
  int value = 0;
  for (std::size_t i = at; i < at + count; ++i) {
    if (text[i] < '0' || text[i] > '9') return std::nullopt;
    value = value * 10 + (text[i] - '0');
  }
  return value;
}

// ".mmm" at `at` (three digits, as the spec's pattern), or nothing: its milliseconds
// and where the text goes on; nullopt when it is malformed.
std::optional<std::pair<int, std::size_t>> fraction(std::string_view text, std::size_t at) {
  if (at >= text.size() || text[at] != '.') return std::pair{0, at};
  const auto ms = digits(text, at + 1, 3);
  if (!ms) return std::nullopt;
  return std::pair{*ms, at + 4};
}

// The zone's offset east of UTC in minutes: "Z", "+HH", "+HHMM", "+HH:MM".
std::optional<int> zone_minutes(std::string_view zone) {
  if (zone == "Z") return 0;
  if (zone.size() < 3 || (zone[0] != '+' && zone[0] != '-')) return std::nullopt;
  const auto hours = digits(zone, 1, 2);
  if (!hours) return std::nullopt;
  int minutes = 0;
  std::string_view rest = zone.substr(3);
  if (!rest.empty() && rest[0] == ':') rest.remove_prefix(1);
  if (!rest.empty()) {
    const auto parsed = digits(rest, 0, 2);
    if (!parsed || rest.size() != 2 || *parsed > 59) return std::nullopt;
    minutes = *parsed;
  }
  const int offset = *hours * 60 + minutes;
  return zone[0] == '-' ? -offset : offset;
}

}  // namespace

std::optional<std::int64_t> parse_abstime(std::string_view text) {
  const auto year = digits(text, 0, 4), month = digits(text, 5, 2), day = digits(text, 8, 2);
  const auto hour = digits(text, 11, 2), minute = digits(text, 14, 2), second = digits(text, 17, 2);
  if (!year || !month || !day || !hour || !minute || !second || text[4] != '-' || text[7] != '-' ||
      (text[10] != 'T' && text[10] != ' ') || text[13] != ':' || text[16] != ':')
    return std::nullopt;
  if (*month < 1 || *month > 12 || *day < 1 || *hour > 23 || *minute > 59 || *second > 60) return std::nullopt;
  const auto ms = fraction(text, 19);
  if (!ms) return std::nullopt;
  const auto zone = zone_minutes(text.substr(ms->second));
  if (!zone) return std::nullopt;
  std::tm parts{};
  parts.tm_year = *year - 1900;
  parts.tm_mon = *month - 1;
  parts.tm_mday = *day;
  parts.tm_hour = *hour;
  parts.tm_min = *minute;
  parts.tm_sec = *second;
  const std::time_t seconds = ::timegm(&parts);
  // timegm normalises 2026-02-30 into March: such a date is not one.
  if (parts.tm_mday != *day || parts.tm_mon != *month - 1) return std::nullopt;
  return (static_cast<std::int64_t>(seconds) - std::int64_t{*zone} * 60) * 1000 + ms->first;
}

std::string format_abstime(std::int64_t epoch_ms) {
  const std::int64_t floor_seconds = epoch_ms >= 0 ? epoch_ms / 1000 : -((-epoch_ms + 999) / 1000);
  const std::time_t seconds = static_cast<std::time_t>(floor_seconds);
  std::tm parts{};
  ::gmtime_r(&seconds, &parts);
  return fmt::format("{:04}-{:02}-{:02}T{:02}:{:02}:{:02}.{:03}Z", parts.tm_year + 1900, parts.tm_mon + 1,
                     parts.tm_mday, parts.tm_hour, parts.tm_min, parts.tm_sec, epoch_ms - floor_seconds * 1000);
}

std::optional<std::int64_t> parse_reltime(std::string_view text) {
  const bool negative = !text.empty() && text[0] == '-';
  if (negative) text.remove_prefix(1);
  const auto colon = text.find(':');
  if (colon == 0 || colon == std::string_view::npos) return std::nullopt;
  const auto hours = parse_integer<std::int64_t>(text.substr(0, colon));
  const auto minutes = digits(text, colon + 1, 2), seconds = digits(text, colon + 4, 2);
  if (!hours || *hours < 0 || !minutes || !seconds || colon + 3 >= text.size() || text[colon + 3] != ':' ||
      *minutes > 59 || *seconds > 59)
    return std::nullopt;
  const auto ms = fraction(text, colon + 6);
  if (!ms || ms->second != text.size()) return std::nullopt;
  const std::int64_t total = ((*hours * 60 + *minutes) * 60 + *seconds) * 1000 + ms->first;
  return negative ? -total : total;
}

std::string format_reltime(std::int64_t ms) {
  const bool negative = ms < 0;
  const std::int64_t magnitude = negative ? -ms : ms;
  return fmt::format("{}{}:{:02}:{:02}.{:03}", negative ? "-" : "", magnitude / 3600000, magnitude / 60000 % 60,
                     magnitude / 1000 % 60, magnitude % 1000);
}

std::string format_minutes(std::int64_t minutes) {
  const bool negative = minutes < 0;
  const std::int64_t magnitude = negative ? -minutes : minutes;
  return fmt::format("{}{}:{:02}:00", negative ? "-" : "", magnitude / 60, magnitude % 60);
}

}  // namespace judge
