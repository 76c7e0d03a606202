#include "batch/progress.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "base/plural.hpp"
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
    text += fmt::format("{}CE {} ({})", separator, count_of(counts.compile_errors, "submission"),
                        count_of(counts.verdicts.contains(Verdict::CE) ? counts.verdicts.at(Verdict::CE) : 0, "test"));
  return text;
}

std::optional<std::chrono::seconds> smooth_eta(ProgressCounts& counts) {
  const auto estimate = estimate_remaining(counts);
  if (!estimate) return std::nullopt;
  const double fresh_ms = static_cast<double>(estimate->count()) * 1000.0;
  double shown_ms = fresh_ms;
  if (counts.shown_eta_ms) {
    const double counted_down =
        std::max(0.0, *counts.shown_eta_ms - static_cast<double>((counts.elapsed - counts.shown_at).count()));
    shown_ms = counted_down + (fresh_ms - counted_down) / 5.0;
  }
  counts.shown_eta_ms = shown_ms;
  counts.shown_at = counts.elapsed;
  return std::chrono::seconds(static_cast<long long>(shown_ms / 1000.0 + 0.5));
}

namespace {

std::string counts_list(const std::map<Verdict, std::size_t>& verdicts) {
  std::string text;
  for (const auto& [verdict, count] : verdicts)
    text += fmt::format("{}{} {}", text.empty() ? "" : ", ", verdict_name(verdict), count);
  return text;
}

}  // namespace

std::string submission_summary_line(const std::string& submission, std::size_t tests,
                                    const std::vector<FailedTest>& failed, std::size_t width) {
  std::map<Verdict, std::size_t> verdicts;
  for (const auto& test : failed) ++verdicts[test.verdict];
  std::string line = fmt::format("{}: {} of {} not AC: {}", printable_line(submission), failed.size(),
                                 count_of(tests, "test"), counts_list(verdicts));
  if (!failed.empty()) {
    std::string message = failed.front().message;
    for (char& c : message)
      if (c == '\n') c = ' ';
    line += fmt::format("; first {} {}{}", printable_line(failed.front().test), verdict_name(failed.front().verdict),
                        message.empty() ? "" : ": " + printable_line(message));
  }
  if (line.size() > width && width > 3) line = line.substr(0, width - 3) + "...";
  return line;
}

std::string batch_summary_text(const ProgressCounts& counts, std::chrono::seconds elapsed) {
  std::map<Verdict, std::size_t> all = counts.reused_verdicts;
  for (const auto& [verdict, count] : counts.verdicts) all[verdict] += count;
  std::string text = fmt::format("{}", count_of(counts.reused + counts.finished, "test"));
  if (counts.reused > 0)
    text += fmt::format(": {} from the journal ({}), {} run now in {}", counts.reused,
                        counts_list(counts.reused_verdicts), counts.finished, format_duration(elapsed));
  else
    text += fmt::format(" run in {}", format_duration(elapsed));
  if (counts.reused > 0 && counts.finished > 0) text += fmt::format(" ({})", counts_list(counts.verdicts));
  if (!all.empty()) text += fmt::format("; {}{}", counts.reused > 0 ? "in all " : "", counts_list(all));
  if (counts.compile_errors > 0)
    text += fmt::format("; {} did not compile", count_of(counts.compile_errors, "submission"));
  return text;
}

namespace {

std::string eta_text(const ProgressCounts& counts) {
  if (counts.shown_eta_ms) {  // smoothed (smooth_eta), counted down since
    const double left_ms =
        std::max(0.0, *counts.shown_eta_ms - static_cast<double>((counts.elapsed - counts.shown_at).count()));
    return "ETA " + format_duration(std::chrono::seconds(static_cast<long long>(left_ms / 1000.0 + 0.5)));
  }
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
