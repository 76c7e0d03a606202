// The batch folder's layout: the manifest and journal written and read back
// (batch/dir.hpp). The results and standings in it: report/batch_report_test.cpp.
#include "batch/dir.hpp"

#include <stdlib.h>

#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "base/errors.hpp"
#include "base/temp_dir.hpp"
#include "batch/test_support.hpp"

namespace judge {
namespace {
namespace fs = std::filesystem;
using namespace batch_testing;

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
