#include "judge_batch/merge.hpp"

#include <stdlib.h>

#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "base/errors.hpp"
#include "base/temp_dir.hpp"
#include "base/text_file.hpp"
#include "batch/test_support.hpp"
#include "file_text.hpp"

namespace judge {
namespace {
namespace fs = std::filesystem;
using namespace batch_testing;

// Writes DIR as `judge batch --shard I/N` would have: the plan and its share of records.
void write_shard(const fs::path& dir, const BatchPlan& plan, const Shard& shard,
                 const std::vector<nlohmann::json>& records) {
  fs::create_directories(dir);
  write_manifest(dir, plan, shard, "test");
  JournalWriter journal(batch_files::journal(dir));
  const auto [begin, end] = shard_range(records.size(), shard);
  for (std::size_t i = end; i > begin; --i) journal.append(records[i - 1]);  // any order
}

TEST(Merge, ShardsMergeIntoWhatOneRunGives) {
  TempDir root;
  const BatchPlan plan = sample_plan();
  const auto records = sample_records(plan);
  // The unsharded batch.
  const fs::path whole = root.path() / "whole";
  write_shard(whole, plan, Shard{}, records);
  write_results_and_standings(whole, plan, grade_records(plan, records));
  // Three shards, merged.
  std::vector<fs::path> shards;
  for (std::size_t i = 1; i <= 3; ++i) {
    shards.push_back(root.path() / ("shard-" + std::to_string(i)));
    write_shard(shards.back(), plan, Shard{i, 3}, records);
  }
  const fs::path merged = root.path() / "merged";
  EXPECT_EQ(merge_batches({shards[2], shards[0], shards[1]}, merged, {}, true), 1);
  for (const char* file :
       {"standings.json", "standings.csv", "results/alice/p.json", "results/bob/p.json", "results/carol/q.json"})
    EXPECT_EQ(test_support::text_of(merged / file), test_support::text_of(whole / file)) << file;
  EXPECT_EQ(load_batch_dir(merged).shard.text(), "1/1");
  // The merged journal holds each unit once, in canonical order.
  const auto journal = read_journal(batch_files::journal(merged)).records;
  ASSERT_EQ(journal.size(), records.size());
  for (std::size_t i = 0; i < records.size(); ++i) EXPECT_EQ(journal[i], records[i]);
}

TEST(Merge, AMissingShardIsNamed) {
  TempDir root;
  const BatchPlan plan = sample_plan();
  const auto records = sample_records(plan);
  write_shard(root.path() / "a", plan, Shard{1, 3}, records);
  write_shard(root.path() / "c", plan, Shard{3, 3}, records);
  try {
    merge_batches({root.path() / "a", root.path() / "c"}, root.path() / "out", {}, true);
    FAIL() << "expected a ConfigError";
  } catch (const ConfigError& error) {
    EXPECT_NE(std::string(error.what()).find("no folder is shard 2/3"), std::string::npos)
        << error.what();
  }
  EXPECT_FALSE(fs::exists(root.path() / "out" / "standings.json"));
}

TEST(Merge, OutputMayNotBeAnInput) {
  TempDir root;
  write_shard(root.path() / "a", sample_plan(), Shard{}, sample_records(sample_plan()));
  EXPECT_THROW(merge_batches({root.path() / "a"}, root.path() / "a", {}, true), ConfigError);
}

TEST(Merge, BatchesOfOtherSubmissionsCombine) {
  TempDir root;
  BatchPlan plan = sample_plan();
  const auto records = sample_records(plan);
  BatchPlan first = plan, second = plan;
  first.submissions.resize(2);                                      // alice
  second.submissions.erase(second.submissions.begin(), second.submissions.begin() + 2);  // bob, carol
  write_shard(root.path() / "a", first, Shard{}, records);
  write_shard(root.path() / "b", second, Shard{}, records);
  EXPECT_EQ(merge_batches({root.path() / "a", root.path() / "b"}, root.path() / "out", {}, true), 1);
  EXPECT_EQ(load_batch_dir(root.path() / "out").plan.submissions.size(), 4u);
}

}  // namespace
}  // namespace judge
