// `judge merge DIR... --out DIR`: combines batch folders (the shards of one batch,
// or batches of other submissions) into one batch folder, the same one an
// unsharded run of the union of their plans gives: the plans' union
// (union_of_plans; a problem or submission that differs between folders is an
// error), the journal records that finish its units (the first folder given wins
// when two finished the same unit), written in canonical order, the transcripts
// they name, then results and standings derived exactly as `judge batch` derives
// them. Merging refuses when a unit is finished nowhere (a shard missing or not
// done), naming the shards to finish.
#pragma once

#include <filesystem>
#include <vector>

#include "base/errors.hpp"
#include "report/batch_report.hpp"

namespace judge {

// Returns the exit status (as judge batch: 0 all AC, 1 some not AC, 3 a JE).
// Throws ConfigError when the folders cannot be merged or a unit is missing.
int merge_batches(const std::vector<std::filesystem::path>& dirs,
                  const std::filesystem::path& out_dir, const ReportFiles& files, bool quiet);

}  // namespace judge
