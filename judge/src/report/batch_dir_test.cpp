// The batch folder's layout written by report/batch_report.hpp and read back by
// batch/dir.hpp (here, above both: it writes through report/).
#include "batch/dir.hpp"

#include <stdlib.h>

#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "base/errors.hpp"
#include "base/temp_dir.hpp"
#include "base/text_file.hpp"
#include "batch/test_support.hpp"
#include "report/batch_report.hpp"
#include "report/standings.hpp"

namespace judge {
namespace {
namespace fs = std::filesystem;
using namespace batch_testing;

std::string read(const fs::path& path) { return read_file(path).value_or(""); }

TEST(BatchDir, WritesAndLoadsTheLayout) {
  TempDir dir;
  const BatchPlan plan = sample_plan();
  write_manifest(dir.path(), plan, Shard{2, 3}, "test");
  {
    JournalWriter journal(batch_files::journal(dir.path()));
    for (const auto& record : sample_records(plan)) journal.append(record);
  }
  const BatchDir loaded = load_batch_dir(dir.path());
  EXPECT_EQ(plan_to_json(loaded.plan), plan_to_json(plan));
  EXPECT_EQ(loaded.shard.text(), "2/3");
  EXPECT_EQ(loaded.journal.records.size(), 6u);

  const BatchGrades grades = grade_records(loaded.plan, loaded.journal.records);
  write_results_and_standings(dir.path(), loaded.plan, grades);
  const nlohmann::json bob = nlohmann::json::parse(read(dir.path() / "results/bob/p.json"));
  EXPECT_EQ(bob["verdict"], "WA");
  EXPECT_EQ(bob["submission"], "subs/bob/p.cpp");
  EXPECT_TRUE(fs::exists(dir.path() / "results/carol/q.json"));
  EXPECT_EQ(read(batch_files::standings_csv(dir.path())), standings_to_csv(grades.standings));
  EXPECT_EQ(nlohmann::json::parse(read(batch_files::standings_json(dir.path())))["rows"].size(), 3u);
  EXPECT_EQ(batch_files::transcripts_dir(plan.submissions[0]), "transcripts/alice/p");
}

TEST(BatchDir, AFolderWithoutManifestIsAConfigError) {
  TempDir dir;
  EXPECT_THROW(load_batch_dir(dir.path()), ConfigError);
  std::ofstream(batch_files::manifest(dir.path())) << "{\"format\": \"other\"}";
  EXPECT_THROW(load_batch_dir(dir.path()), ConfigError);
}

}  // namespace
}  // namespace judge
