#include "batch/progress.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "base/printable.hpp"

namespace judge {

std::string format_duration(std::chrono::seconds duration) {
  const long long total = duration.count() < 0 ? 0 : duration.count();
  const long long hours = total / 3600, minutes = total / 60 % 60, seconds = total % 60;
  if (hours > 0) return fmt::format("{}:{:02}:{:02}", hours, minutes, seconds);
  return fmt::format("{}:{:02}", minutes, seconds);
}

namespace {

// Wall time left in ms, from each submission's own mean; nullopt if no test of any
// submission has a time yet.
std::optional<double> paced_work_ms(const ProgressCounts& counts) {
  std::size_t finished = 0;
  double wall_ms = 0;
  for (const auto& [submission, pace] : counts.pace) {
    finished += pace.finished;
    wall_ms += static_cast<double>(pace.wall.count());
  }
  if (finished == 0) return std::nullopt;
  const double overall_mean_ms = wall_ms / static_cast<double>(finished);
  double work_ms = 0;
  for (const auto& [submission, pace] : counts.pace) {
    const double mean_ms =
        pace.finished > 0 ? static_cast<double>(pace.wall.count()) / static_cast<double>(pace.finished)
                          : overall_mean_ms;
    work_ms += mean_ms * static_cast<double>(pace.left);
  }
  return work_ms;
}

}  // namespace

std::optional<std::chrono::seconds> estimate_remaining(const ProgressCounts& counts) {
  if (counts.finished == 0) return std::nullopt;
  if (const auto work_ms = paced_work_ms(counts)) {
    const double jobs = static_cast<double>(std::max<std::size_t>(1, counts.jobs));
    return std::chrono::seconds(static_cast<long long>(*work_ms / jobs / 1000.0 + 0.5));
  }
  const std::size_t done = counts.reused + counts.finished;
  const std::size_t remaining = counts.total > done ? counts.total - done : 0;
  const double per_test_ms =
      static_cast<double>(counts.elapsed.count()) / static_cast<double>(counts.finished);
  return std::chrono::seconds(
      static_cast<long long>(per_test_ms * static_cast<double>(remaining) / 1000.0 + 0.5));
}

std::string verdict_counts_text(const ProgressCounts& counts, const std::string& separator) {
  std::string text;
  for (const auto& [verdict, count] : counts.verdicts)
    if (verdict != Verdict::CE) text += fmt::format("{}{} {}", separator, verdict_name(verdict), count);
  if (counts.compile_errors > 0)
    text += fmt::format("{}CE {} submission{} ({} tests)", separator, counts.compile_errors,
                        counts.compile_errors == 1 ? "" : "s",
                        counts.verdicts.contains(Verdict::CE) ? counts.verdicts.at(Verdict::CE) : 0);
  return text;
}

namespace {

std::string eta_text(const ProgressCounts& counts) {
  const auto remaining = estimate_remaining(counts);
  return remaining ? "ETA " + format_duration(*remaining) : "ETA -";
}

}  // namespace

std::string format_status_line(const ProgressCounts& counts, std::size_t width) {
  constexpr std::size_t bar_width = 24;
  const std::size_t done = counts.reused + counts.finished;
  const std::size_t filled = counts.total == 0 ? bar_width : bar_width * done / counts.total;
  const int percent = counts.total == 0 ? 100 : static_cast<int>(100 * done / counts.total);
  std::string line = fmt::format("[{}{}] {:>{}}/{}  {:>3}%  {} running  {}",
                                 std::string(filled, '#'), std::string(bar_width - filled, '.'),
                                 done, fmt::formatted_size("{}", counts.total), counts.total,
                                 percent, counts.running, eta_text(counts));
  line += verdict_counts_text(counts, "  ");
  if (line.size() > width) line.resize(width);
  return line;
}

std::string format_finished_line(const ProgressCounts& counts, const std::string& unit,
                                 Verdict verdict, long long cpu_ms,
                                 long long memory_kib, const std::string& message) {
  const std::size_t done = counts.reused + counts.finished;
  // The unit's names and the message come from folders, files and the interactor:
  // escaped for the terminal (base/printable.hpp), on one line.
  std::string line = fmt::format("[{:>{}}/{}] {}  {:<4} {:>6} ms {:>7.1f} MiB  {}", done,
                                 fmt::formatted_size("{}", counts.total), counts.total, printable_line(unit),
                                 verdict_name(verdict), cpu_ms, static_cast<double>(memory_kib) / 1024.0,
                                 eta_text(counts));
  if (!message.empty()) {
    std::string shown = message.size() > 200 ? message.substr(0, 200) + "..." : message;
    for (char& c : shown)
      if (c == '\n') c = ' ';
    line += "  " + printable_line(shown);
  }
  return line;
}

}  // namespace judge
