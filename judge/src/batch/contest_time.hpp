// Times of a contest as the ICPC CCS specification writes them (JSON_Format.md):
// an absolute time (TIME, "2014-06-25T10:00:00+01", ISO 8601 with an optional
// ".mmm" and a zone "Z", "+HH" or "+HH:MM") and a contest-relative one (RELTIME,
// "4:13:07.832", "-0:05:00"). A batch keeps submission times in milliseconds since
// the Unix epoch (UTC) and writes them in these shapes: plan, scoreboards, the
// contest package. Hand-written (std::chrono's parse is not in GCC 12's library).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace judge {

// Milliseconds since the Unix epoch of a TIME; nullopt when `text` is not one
// (also a date that does not exist, 2026-02-30).
std::optional<std::int64_t> parse_abstime(std::string_view text);
// "2026-11-29T18:02:31.250Z": the shape parse_abstime reads and the spec's schema
// (common.json abstime) accepts.
std::string format_abstime(std::int64_t epoch_ms);
// Milliseconds of a RELTIME ("1:02:03", "-0:00:05.5" is not one: three decimals or none).
std::optional<std::int64_t> parse_reltime(std::string_view text);
// "H:MM:SS.mmm", with '-' in front when negative ("0:20:00.000", "-0:01:00.000").
std::string format_reltime(std::int64_t ms);
// "H:MM:SS" of whole minutes: how a scoreboard writes minutes (the spec's example:
// "total_time": "5:40:00").
std::string format_minutes(std::int64_t minutes);

}  // namespace judge
