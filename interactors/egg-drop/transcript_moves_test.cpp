#include "transcript_moves.hpp"

#include <string>

#include <gtest/gtest.h>

namespace egg_drop {
namespace {

// The statement's sample, as the interactor records it.
constexpr std::string_view kSampleTestText = "<3\n>? 2 1\n<1\n>? 1 3\n<1\n>? 3 2\n<0\n>! 2 1 3\n";

TEST(TranscriptMoves, StatementSample) {
  EXPECT_EQ(moves_from_transcript(kSampleTestText, 3, 3),
            (MoveCount{.moves = 9, .drops = 3, .floors_travelled = 3, .direction_changes = 1}));
  EXPECT_EQ(moves_from_transcript(kSampleTestText, 3, 1000).moves, 1006);
}

TEST(TranscriptMoves, EmptyOrNoQueries) {
  EXPECT_EQ(moves_from_transcript("", 3, 3), MoveCount{});
  EXPECT_EQ(moves_from_transcript("<3\n>! 2 1 3\n", 3, 3), MoveCount{});
  EXPECT_EQ(moves_from_transcript("<3", 3, 3), MoveCount{});  // no final newline
}

// The interactor answers -1 to a malformed query and stops: nothing after it counts.
TEST(TranscriptMoves, StopsAtTheFirstLineThatIsNotAQuery) {
  EXPECT_EQ(moves_from_transcript("<3\n>? 1 3\n<1\n>? 1 0\n<-1\n>? 1 1\n", 3, 3).drops, 1);
  for (const std::string bad : {"? 1 4", "? 0 1", "?  1 1", "? 1 1 ", "? 01 1", "? +1 1", "? 1", "2 1 3",
                                "? 1 1 1", "", "? 1 1\r", "! 2 1 3"}) {
    const std::string transcript = "<3\n>? 1 2\n<1\n>" + bad + "\n<-1\n>? 1 3\n";
    EXPECT_EQ(moves_from_transcript(transcript, 3, 3).drops, 1) << bad;
  }
}

TEST(TranscriptMoves, QueriesOverTheLimitAreNotCounted) {
  std::string transcript = "<10\n";
  for (int i = 0; i < 200001; ++i) transcript += i % 2 == 0 ? ">? 1 2\n<0\n" : ">? 1 1\n<1\n";
  const MoveCount count = moves_from_transcript(transcript, 10, 5);
  EXPECT_EQ(count.drops, 200000);
  EXPECT_EQ(count.floors_travelled, 200000);
  EXPECT_EQ(count.direction_changes, 199999);
}

TEST(TranscriptMoves, TruncatedOrForeignTranscriptsAreRefused) {
  EXPECT_THROW(moves_from_transcript("<3\n>? 1 2\n[transcript truncated]\n", 3, 3), TranscriptError);
  EXPECT_THROW(moves_from_transcript("<3\n? 1 2\n", 3, 3), TranscriptError);
}

}  // namespace
}  // namespace egg_drop
