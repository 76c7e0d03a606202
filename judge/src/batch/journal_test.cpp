#include "batch/journal.hpp"

#include <stdlib.h>

#include <chrono>
#include <fstream>
#include <functional>
#include <sstream>

#include <gtest/gtest.h>

#include "base/temp_dir.hpp"
#include "base/text_file.hpp"
#include "file_text.hpp"

namespace judge {
namespace {
namespace fs = std::filesystem;

nlohmann::json record(const std::string& test) {
  return {{"participant", "alice"}, {"problem", "p"}, {"test", test}, {"verdict", "AC"}};
}

TEST(BatchJournal, AppendsOneLinePerRecord) {
  TempDir dir;
  const fs::path file = dir.path() / "journal.jsonl";
  {
    JournalWriter writer(file);
    writer.append(record("01"));
    writer.append(record("02"));
  }
  JournalWriter(file).append(record("03"));  // reopened: appends
  const JournalContents contents = read_journal(file);
  ASSERT_EQ(contents.records.size(), 3u);
  EXPECT_EQ(contents.records[2]["test"], "03");
  EXPECT_EQ(contents.skipped_lines, 0u);
  const std::string text = test_support::text_of(file);
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 3);
}

TEST(BatchJournal, TornLastLineIsSkippedAndNextRecordStartsALine) {
  TempDir dir;
  const fs::path file = dir.path() / "journal.jsonl";
  JournalWriter(file).append(record("01"));
  {
    std::ofstream torn(file, std::ios::app);
    torn << R"({"participant":"alice","problem":"p","te)";  // killed mid-write
  }
  EXPECT_EQ(read_journal(file).records.size(), 1u);
  EXPECT_EQ(read_journal(file).skipped_lines, 1u);
  JournalWriter(file).append(record("02"));
  const JournalContents contents = read_journal(file);
  ASSERT_EQ(contents.records.size(), 2u);
  EXPECT_EQ(contents.records[1]["test"], "02");
  EXPECT_EQ(contents.skipped_lines, 1u);
}

TEST(BatchJournal, CompleteLastLineWithoutNewlineCounts) {
  TempDir dir;
  const fs::path file = dir.path() / "journal.jsonl";
  std::ofstream(file) << record("01").dump();
  EXPECT_EQ(read_journal(file).records.size(), 1u);
  JournalWriter(file).append(record("02"));
  EXPECT_EQ(read_journal(file).records.size(), 2u);
}

TEST(BatchJournal, MissingFileIsEmpty) {
  EXPECT_TRUE(read_journal("/nonexistent/journal.jsonl").records.empty());
}

TEST(BatchJournal, GarbageAndRecordsWithoutKeysAreSkipped) {
  TempDir dir;
  const fs::path file = dir.path() / "journal.jsonl";
  std::ofstream(file) << "not json\n[1,2]\n{\"test\":\"x\"}\n\n" << record("01").dump() << "\n";
  const JournalContents contents = read_journal(file);
  EXPECT_EQ(contents.records.size(), 1u);
  EXPECT_EQ(contents.skipped_lines, 3u);
}

// A clock the test moves by hand: the window is decided on it, not on the machine's pace.
struct ManualClock {
  JournalWriter::Clock::time_point now{};
  void advance(int ms) { now += std::chrono::milliseconds(ms); }
  std::function<JournalWriter::Clock::time_point()> reader() {
    return [this] { return now; };
  }
};

TEST(BatchJournal, WithoutAWindowEveryAppendIsSynced) {
  TempDir dir;
  JournalWriter writer(dir.path() / "journal.jsonl");
  writer.append(record("01"));
  writer.append(record("02"));
  EXPECT_EQ(writer.syncs(), 2u);
  EXPECT_FALSE(writer.sync_due_in().has_value());
}

TEST(BatchJournal, LinesOfOneWindowShareAnFsyncAndAreReadableBeforeIt) {
  TempDir dir;
  const fs::path file = dir.path() / "journal.jsonl";
  ManualClock clock;
  JournalWriter writer(file, std::chrono::milliseconds(50), clock.reader());
  writer.append(record("01"));  // t = 0: the window starts
  clock.advance(20);
  writer.append(record("02"));
  EXPECT_EQ(writer.syncs(), 0u);
  // Written, not yet synced: another reader (a batch killed now and resumed) sees both.
  EXPECT_EQ(read_journal(file).records.size(), 2u);
  ASSERT_TRUE(writer.sync_due_in().has_value());
  EXPECT_EQ(writer.sync_due_in()->count(), 30);  // measured from the oldest line, not the newest
  clock.advance(29);
  writer.sync_if_due();
  EXPECT_EQ(writer.syncs(), 0u);
  clock.advance(1);
  writer.sync_if_due();  // t = 50: due
  EXPECT_EQ(writer.syncs(), 1u);
  EXPECT_FALSE(writer.sync_due_in().has_value());
  writer.sync_if_due();  // nothing waits: no fsync
  writer.sync();
  EXPECT_EQ(writer.syncs(), 1u);

  // The next line starts a new window; an append past it syncs by itself.
  clock.advance(100);
  writer.append(record("03"));
  clock.advance(60);
  writer.append(record("04"));
  EXPECT_EQ(writer.syncs(), 2u);
  // sync() does not wait for the window: the batch calls it before a result is written.
  writer.append(record("05"));
  writer.sync();
  EXPECT_EQ(writer.syncs(), 3u);
  EXPECT_EQ(read_journal(file).records.size(), 5u);
}

TEST(BatchJournal, KeysNameTheUnit) {
  EXPECT_EQ(record_key(record("01")), unit_key("alice", "p", "01"));
  EXPECT_NE(unit_key("a", "b", "c"), unit_key("a", "bc", ""));
}

}  // namespace
}  // namespace judge
