#include "transcript_moves.hpp"

#include <optional>
#include <string>

#include <fmt/format.h>

#include "interactor.hpp"
#include "limits.hpp"

namespace egg_drop {
namespace {

// The floor of a strict "? e f" line with 1 <= e, f <= n, or nothing.
std::optional<int> query_floor(std::string_view line, int n) {
  if (!line.starts_with("? ")) return std::nullopt;
  line.remove_prefix(2);
  const std::size_t space = line.find(' ');
  if (space == std::string_view::npos) return std::nullopt;
  std::int64_t egg = 0;
  std::int64_t floor = 0;
  if (interactor::parse_int64(line.substr(0, space), egg) != interactor::IntError::none ||
      interactor::parse_int64(line.substr(space + 1), floor) != interactor::IntError::none) {
    return std::nullopt;
  }
  if (egg < 1 || egg > n || floor < 1 || floor > n) return std::nullopt;
  return static_cast<int>(floor);
}

}  // namespace

MoveCount moves_from_transcript(std::string_view transcript, int n, std::int64_t penalty) {
  MoveCounter counter(penalty);
  bool game_over = false;
  std::int64_t line_number = 0;
  while (!transcript.empty()) {
    ++line_number;
    const std::size_t newline = transcript.find('\n');
    const std::string_view line = transcript.substr(0, newline);
    transcript.remove_prefix(newline == std::string_view::npos ? transcript.size() : newline + 1);
    if (line == interactor::kTranscriptTruncated) {
      throw TranscriptError(fmt::format("line {}: the transcript was truncated at the judge's size cap", line_number));
    }
    if (line.starts_with('<')) continue;
    if (!line.starts_with('>')) {
      throw TranscriptError(fmt::format("line {}: neither '<' nor '>': {}", line_number, interactor::quote(line)));
    }
    if (game_over) continue;
    const std::optional<int> floor = query_floor(line.substr(1), n);
    if (!floor || counter.count().drops == kQueryLimit) {
      game_over = true;
      continue;
    }
    counter.drop_at(*floor);
  }
  return counter.count();
}

}  // namespace egg_drop
