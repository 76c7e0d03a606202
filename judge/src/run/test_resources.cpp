#include "run/test_resources.hpp"

#include <algorithm>
#include <utility>

#include "base/errors.hpp"

namespace judge {

TestResources::TestResources(std::filesystem::path cgroup_root) : cgroup_root_(std::move(cgroup_root)) {}

TestResources::~TestResources() {
  // Every TempDir and TestCgroup removes itself; the boxes are waited for.
  for (ExitingBox& box : exiting_boxes_) box.reap(true);
}

void TestResources::reap_later(ExitingBox box) { exiting_boxes_.push_back(std::move(box)); }

std::vector<pid_t> TestResources::spared_pids() const {
  std::vector<pid_t> pids;
  for (const ExitingBox& box : exiting_boxes_) pids.push_back(box.pid);
  return pids;
}

TempDir TestResources::folder(const std::string& prefix) {
  if (!folder_prefixes_.insert(prefix).second) asked_again_ = true;
  const auto spare = std::find_if(spare_folders_.begin(), spare_folders_.end(),
                                  [&](const auto& entry) { return entry.first == prefix; });
  if (spare == spare_folders_.end()) return TempDir(prefix);
  TempDir taken = std::move(spare->second);
  spare_folders_.erase(spare);
  return taken;
}

TestCgroup TestResources::cgroup(std::int64_t memory_kib, std::int64_t process_limit) {
  const CgroupLimits limits{memory_kib, process_limit};
  cgroup_limits_ = limits;
  if (spare_cgroup_ && spare_cgroup_->first == limits) {
    TestCgroup taken = std::move(spare_cgroup_->second);
    spare_cgroup_.reset();
    return taken;
  }
  // A spare made with other limits is not used: it is removed with the retired ones.
  if (spare_cgroup_) {
    retired_cgroups_.push_back(std::move(spare_cgroup_->second));
    spare_cgroup_.reset();
  }
  return TestCgroup::create(memory_kib, process_limit, cgroup_root_);
}

void TestResources::retire(TempDir folder) { retired_folders_.push_back(std::move(folder)); }

void TestResources::retire(TestCgroup cgroup) { retired_cgroups_.push_back(std::move(cgroup)); }

void TestResources::while_test_runs() {
  // Removal first: the cgroups of the last test are empty by now (its box reported
  // that every process of it had ended), and removing them before making the next
  // keeps at most two tests' worth of cgroup folders on the machine.
  retired_cgroups_.clear();
  retired_folders_.clear();
  exiting_boxes_.erase(std::remove_if(exiting_boxes_.begin(), exiting_boxes_.end(),
                                      [](ExitingBox& box) { return box.reap(false); }),
                       exiting_boxes_.end());
  if (!asked_again_) return;
  for (const std::string& prefix : folder_prefixes_) {
    const bool have = std::any_of(spare_folders_.begin(), spare_folders_.end(),
                                  [&](const auto& entry) { return entry.first == prefix; });
    if (have) continue;
    try {
      spare_folders_.emplace_back(prefix, TempDir(prefix));
    } catch (const JudgeFault&) {
      // Made (and its failure reported as the judge's) when a test asks for it.
    }
  }
  if (cgroup_limits_ && !spare_cgroup_)
    spare_cgroup_.emplace(*cgroup_limits_,
                          TestCgroup::create(cgroup_limits_->memory_kib, cgroup_limits_->process_limit, cgroup_root_));
}

}  // namespace judge
