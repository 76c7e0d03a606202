// The main of judge_core_test: the process-wide setting the judge's own main makes
// (cli/cli.cpp) before any code under test runs, so that code runs here as it runs in
// the judge. SIGPIPE is ignored: a write into a pipe whose reader has gone (an
// interactor that ended first, a transcript's reader) is EPIPE, handled where it is
// written, never the death of the process. With gtest's own main it was the death of
// the whole test binary whenever such a race went the other way
// (ProcessExecutorTest.ATestStartedAheadAndNotRunLeavesNoTranscript, 6 times in 8).
#include <signal.h>

#include <gtest/gtest.h>

int main(int argc, char** argv) {
  ::signal(SIGPIPE, SIG_IGN);
  testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
