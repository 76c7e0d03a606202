// Transcript: the interaction in the ICPC `.interaction` form, when the judge asks for it
// through JUDGE_TRANSCRIPT_FILE. Every line sent to the contestant is recorded as
// "<" + line, every line received as ">" + line. Whole lines only: the first line that
// would take the transcript past JUDGE_TRANSCRIPT_LIMIT_BYTES (default 1 MiB) is replaced
// by a last line "[transcript truncated]" and nothing more is recorded.
//
// Kept in memory (bounded by the limit) and written once by flush(): recording must not
// cost a syscall per message.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>

namespace interactor {

inline constexpr std::size_t kDefaultTranscriptLimitBytes = 1048576;
inline constexpr std::string_view kTranscriptTruncated = "[transcript truncated]";

class Transcript {
 public:
  Transcript() = default;  // disabled: records nothing, flush() writes nothing
  Transcript(std::filesystem::path path, std::size_t limit_bytes);

  // From JUDGE_TRANSCRIPT_FILE and JUDGE_TRANSCRIPT_LIMIT_BYTES (a decimal byte count);
  // disabled when the first is unset or empty. Throws std::invalid_argument on a
  // malformed limit.
  static Transcript from_environment();

  bool enabled() const { return enabled_; }
  void record_sent(std::string_view line) { record('<', line); }
  void record_received(std::string_view line) { record('>', line); }
  // Writes everything recorded to the file (replacing it). Throws std::system_error.
  void flush() const;

  const std::string& contents() const { return buffer_; }

 private:
  void record(char prefix, std::string_view line);

  bool enabled_ = false;
  std::filesystem::path path_;
  std::size_t limit_bytes_ = kDefaultTranscriptLimitBytes;
  bool truncated_ = false;
  std::string buffer_;
};

}  // namespace interactor
