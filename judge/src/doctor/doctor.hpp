// `judge doctor`: what this host gives the judge, checked the way isolate's
// isolate-check-environment does, each item with what it costs when missing and the
// one command that fixes it. The checks read only files under HostRoots (a fake
// /proc and /sys tree in doctor_test.cpp), plus facts passed in (root, judge-box,
// and the folders where the judge keeps its files, which are looked at as they are).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace judge {

struct HostRoots {
  std::filesystem::path proc = "/proc";
  std::filesystem::path sys = "/sys";
};

struct HostFacts {
  bool root = false;            // the judge runs as root (cgroups, the box's uid switch)
  bool judge_box_found = false;  // judge-box beside the judge
  // Where the judge keeps its files on this host (empty: not checked): the base of the
  // run folders (process/private_tmpdir.hpp), the CPU locks (process/cpu_claim.hpp),
  // the compile cache (submission/submission.hpp). Each is looked at, never made.
  std::filesystem::path run_base;
  std::filesystem::path cpu_lock_dir;
  std::filesystem::path cache_dir;
};

enum class CheckStatus {
  ok,          // as good as it gets
  slower,      // verdicts stay exact, tests cost more time
  less_exact,  // some verdict or figure is less exact, or containment is weaker
};

struct Check {
  std::string name;
  CheckStatus status = CheckStatus::ok;
  std::string found;  // what the host has
  std::string cost;   // what it costs when not ok
  std::string fix;    // the one command that fixes it, when not ok
};

std::vector<Check> check_host(const HostRoots& roots, const HostFacts& facts);

// 0: nothing that makes verdicts less exact is missing ("slower" items alone keep 0);
// 1: something is.
int doctor_exit_code(const std::vector<Check>& checks);

std::string_view status_name(CheckStatus status);

// The table for a terminal, and the JSON for scripts.
std::string doctor_table(const std::vector<Check>& checks);
std::string doctor_json(const std::vector<Check>& checks);

// `judge doctor [--json]` on this host.
int run_doctor_command(bool as_json);

}  // namespace judge
