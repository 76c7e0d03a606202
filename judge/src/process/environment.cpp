#include "process/environment.hpp"

#include <cstdlib>

namespace judge {
namespace {

std::string from_judge(const char* name, const char* fallback) {
  const char* value = std::getenv(name);
  return value != nullptr && *value != '\0' ? value : fallback;
}

void add_common(Environment& environment) {
  environment.emplace_back("LANG", "C.UTF-8");
  environment.emplace_back("LC_ALL", "C.UTF-8");
  if (const char* run_id = std::getenv("JUDGE_RUN_ID"); run_id != nullptr && *run_id != '\0')
    environment.emplace_back("JUDGE_RUN_ID", run_id);
}

}  // namespace

Environment program_environment(const std::string& home, const std::string& tmpdir) {
  Environment environment{{"PATH", box_search_path}, {"HOME", home}, {"TMPDIR", tmpdir}};
  add_common(environment);
  return environment;
}

Environment interactor_environment() {
  Environment environment{{"PATH", from_judge("PATH", box_search_path)},
                          {"HOME", from_judge("HOME", "/")},
                          {"TMPDIR", from_judge("TMPDIR", "/tmp")}};
  add_common(environment);
  return environment;
}

}  // namespace judge
