// DirectPipes with real pipes: what the judge's own read end of the interactor's
// output can tell (the order issue 31's race needs as a fact).
#include "process/pipe_keeper.hpp"

#include <unistd.h>

#include <gtest/gtest.h>

namespace judge {
namespace {

struct Pipe {
  UniqueFd read_end, write_end;
  Pipe() {
    int fds[2];
    EXPECT_EQ(::pipe(fds), 0);
    read_end = UniqueFd(fds[0]);
    write_end = UniqueFd(fds[1]);
  }
};

// The interactor's output has ended once every write end is closed, whether or not it
// wrote something the submission has not read yet; not before.
TEST(DirectPipes, TheInteractorsOutputHasEndedOnceNoWriterIsLeft) {
  Pipe to_submission, from_submission;
  DirectPipes pipes(duplicate(to_submission.read_end.get()), duplicate(from_submission.read_end.get()));
  EXPECT_FALSE(pipes.interactor_output_ended()) << "the interactor still holds its stdout";
  ASSERT_EQ(::write(to_submission.write_end.get(), "WA\n", 3), 3);
  EXPECT_FALSE(pipes.interactor_output_ended()) << "unread bytes are not an end";
  to_submission.write_end.reset();  // the interactor exits (or closes its stdout)
  EXPECT_TRUE(pipes.interactor_output_ended()) << "ended, with bytes still unread";
  pipes.interactor_reaped();
  EXPECT_TRUE(pipes.interactor_output_ended()) << "reaped: ended";
}

}  // namespace
}  // namespace judge
