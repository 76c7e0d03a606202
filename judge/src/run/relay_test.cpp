// The relay's copying, transcript and pipe rules, with plain pipes standing in for
// the two programs (no process).
#include "run/relay.hpp"

#include <poll.h>
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

#include <gtest/gtest.h>

#include "base/temp_dir.hpp"
#include "base/text_file.hpp"

namespace judge {
namespace {
namespace fs = std::filesystem;

// The judge ignores SIGPIPE (cli.cpp): a write into a pipe without reader is EPIPE.
struct IgnoreSigpipe {
  IgnoreSigpipe() { ::signal(SIGPIPE, SIG_IGN); }
};

// The programs' ends of the four pipes, and the relay between them.
struct Scene {
  IgnoreSigpipe ignore_sigpipe;
  TempDir dir{"relay-test-"};
  Pipe a = make_pipe(), b = make_pipe(), c = make_pipe(), d = make_pipe();
  UniqueFd interactor_out = std::move(a.write_end);   // the interactor writes here
  UniqueFd submission_in = std::move(b.read_end);     // the submission reads here
  UniqueFd submission_out = std::move(c.write_end);   // the submission writes here
  UniqueFd interactor_in = std::move(d.read_end);     // the interactor reads here
  TranscriptRelay relay{TranscriptRelay::Ends{std::move(a.read_end), std::move(b.write_end),
                                              std::move(c.read_end), std::move(d.write_end)},
                        dir.path() / "t.interaction", 1 << 20, -1};
  std::string transcript() const { return read_file(dir.path() / "t.interaction").value_or("?"); }
};

void put(const UniqueFd& fd, const std::string& text) {
  ASSERT_EQ(::write(fd.get(), text.data(), text.size()), static_cast<ssize_t>(text.size()));
}

// What arrives within `wait_ms` ("" on end-of-file or nothing).
std::string take(const UniqueFd& fd, int wait_ms = 5000) {
  struct pollfd ready {fd.get(), POLLIN, 0};
  if (::poll(&ready, 1, wait_ms) != 1) return "<nothing>";
  char buffer[4096];
  const ssize_t n = ::read(fd.get(), buffer, sizeof buffer);
  return n <= 0 ? "" : std::string(buffer, static_cast<std::size_t>(n));
}

bool at_end_of_file(const UniqueFd& fd, int wait_ms) { return take(fd, wait_ms).empty(); }

TEST(TranscriptRelay, PassesMessagesBothWaysAndRecordsThem) {
  Scene scene;
  put(scene.interactor_out, "5\n");
  EXPECT_EQ(take(scene.submission_in), "5\n");
  put(scene.submission_out, "6\n");
  EXPECT_EQ(take(scene.interactor_in), "6\n");
  put(scene.interactor_out, "bye");  // an unfinished last line
  EXPECT_EQ(take(scene.submission_in), "bye");
  scene.interactor_out.reset();
  scene.submission_out.reset();
  scene.relay.submission_reaped();
  scene.relay.finish();
  EXPECT_EQ(scene.transcript(), "<5\n>6\n<bye\n");
}

// Rule 1: the submission is gone; the interactor goes on writing (3 MiB, three times
// a pipe's buffer) and never gets EPIPE: the relay drains it.
TEST(TranscriptRelay, TheInteractorNeverWritesIntoAPipeWithoutReader) {
  Scene scene;
  scene.submission_in.reset();
  const std::string chunk(65536, 'x');
  for (int i = 0; i < 48; ++i) {
    std::size_t written = 0;
    while (written < chunk.size()) {
      const ssize_t n = ::write(scene.interactor_out.get(), chunk.data() + written, chunk.size() - written);
      ASSERT_GT(n, 0) << "write failed: " << std::strerror(errno);
      written += static_cast<std::size_t>(n);
    }
  }
}

// Rule 2: the interactor's end-of-file reaches the submission at once.
TEST(TranscriptRelay, TheInteractorsEndReachesTheSubmissionAtOnce) {
  Scene scene;
  put(scene.interactor_out, "last\n");
  scene.interactor_out.reset();
  EXPECT_EQ(take(scene.submission_in), "last\n");
  EXPECT_TRUE(at_end_of_file(scene.submission_in, 5000));
}

// Rule 3: the submission's end-of-file reaches the interactor only once the
// submission has been reaped.
TEST(TranscriptRelay, TheSubmissionsEndWaitsForItsReap) {
  Scene scene;
  put(scene.submission_out, "partial");
  scene.submission_out.reset();
  EXPECT_EQ(take(scene.interactor_in), "partial");
  EXPECT_EQ(take(scene.interactor_in, 200), "<nothing>") << "end-of-file before the reap";
  scene.relay.submission_reaped();
  EXPECT_TRUE(at_end_of_file(scene.interactor_in, 5000));
}

TEST(TranscriptRelay, ATranscriptPastItsLimitEndsWithAMark) {
  TempDir dir("relay-test-");
  Pipe a = make_pipe(), b = make_pipe(), c = make_pipe(), d = make_pipe();
  UniqueFd interactor_out = std::move(a.write_end);
  UniqueFd submission_in = std::move(b.read_end);
  TranscriptRelay relay({std::move(a.read_end), std::move(b.write_end), std::move(c.read_end),
                         std::move(d.write_end)},
                        dir.path() / "t", 20, -1);
  c.write_end.reset();
  put(interactor_out, "0123456789\n0123456789\n0123456789\n");
  interactor_out.reset();
  EXPECT_EQ(take(submission_in).size(), 33u);
  relay.submission_reaped();
  relay.finish();
  EXPECT_EQ(read_file(dir.path() / "t"), "<0123456789\n[transcript truncated]\n");
}

}  // namespace
}  // namespace judge
