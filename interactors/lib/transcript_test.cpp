#include "transcript.hpp"

#include <sys/stat.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>

#include <gtest/gtest.h>

#include "testing_support.hpp"

namespace interactor {
namespace {

using testing_support::read_text;
using testing_support::TempDir;

TEST(Transcript, DisabledRecordsNothing) {
  Transcript transcript;
  transcript.record_sent("5");
  EXPECT_FALSE(transcript.enabled());
  EXPECT_EQ(transcript.contents(), "");
  transcript.flush();
}

TEST(Transcript, RecordsBothDirectionsInTheInteractionForm) {
  TempDir dir;
  Transcript transcript(dir / "t.interaction", 1000);
  transcript.record_sent("5");
  transcript.record_received("? 1 1");
  transcript.record_sent("<");
  EXPECT_EQ(read_text(dir / "t.interaction"), "");  // nothing written before flush()
  transcript.flush();
  EXPECT_EQ(read_text(dir / "t.interaction"), "<5\n>? 1 1\n<<\n");
}

TEST(Transcript, StopsAtTheLimitWithWholeLines) {
  TempDir dir;
  Transcript transcript(dir / "t", 10);
  transcript.record_sent("abc");     // 5 bytes
  transcript.record_received("xyz"); // 10 bytes: exactly the limit, kept
  transcript.record_sent("a");       // would pass the limit
  transcript.record_sent("b");       // nothing more after the marker
  transcript.flush();
  EXPECT_EQ(read_text(dir / "t"), "<abc\n>xyz\n[transcript truncated]\n");
}

TEST(Transcript, FromTheEnvironment) {
  TempDir dir;
  ::unsetenv("JUDGE_TRANSCRIPT_FILE");
  ::unsetenv("JUDGE_TRANSCRIPT_LIMIT_BYTES");
  EXPECT_FALSE(Transcript::from_environment().enabled());

  const std::string path = (dir / "env.interaction").string();
  ::setenv("JUDGE_TRANSCRIPT_FILE", path.c_str(), 1);
  ::setenv("JUDGE_TRANSCRIPT_LIMIT_BYTES", "4", 1);
  Transcript transcript = Transcript::from_environment();
  EXPECT_TRUE(transcript.enabled());
  transcript.record_sent("12");
  transcript.record_sent("3");
  transcript.flush();
  EXPECT_EQ(read_text(path), "<12\n[transcript truncated]\n");

  ::setenv("JUDGE_TRANSCRIPT_LIMIT_BYTES", "1MB", 1);
  EXPECT_THROW(Transcript::from_environment(), std::invalid_argument);
  ::unsetenv("JUDGE_TRANSCRIPT_FILE");
  ::unsetenv("JUDGE_TRANSCRIPT_LIMIT_BYTES");
}

// What someone who can write the transcripts' folder may leave at the name: a link
// to another file, a FIFO with no reader (or one that never reads), a hard link to
// another file. None of them is written through, and none makes the writer wait.
TEST(Transcript, NothingLeftAtTheNameSteersTheWrite) {
  TempDir dir;
  const auto victim = dir / "victim";
  { std::ofstream(victim) << "precious\n"; }
  const auto link = dir / "link.interaction";
  std::filesystem::create_symlink(victim, link);
  const auto fifo = dir / "fifo.interaction";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const auto hard = dir / "hard.interaction";
  std::filesystem::create_hard_link(victim, hard);
  for (const auto& path : {link, fifo, hard}) {
    Transcript transcript(path, 100);
    transcript.record_sent("secret");
    EXPECT_THROW(transcript.flush(), std::system_error) << path;
  }
  EXPECT_EQ(read_text(victim), "precious\n");
  EXPECT_TRUE(std::filesystem::is_symlink(link));
}

TEST(Transcript, UnwritablePathThrows) {
  Transcript transcript("/nonexistent-dir/t", 100);
  transcript.record_sent("1");
  EXPECT_THROW(transcript.flush(), std::system_error);
}

}  // namespace
}  // namespace interactor
