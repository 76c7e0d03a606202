#include "export/testlib_adapter.hpp"

#include <fmt/core.h>

namespace judge {

// judge/templates/testlib_adapter.cc, compiled in (judge/CMakeLists.txt).
extern const char* const testlib_adapter_cc;

std::string testlib_adapter_source() { return testlib_adapter_cc; }

namespace {

std::string build_line(const std::string& program, const std::string& source) {
  if (source.ends_with(".py"))
    return fmt::format("printf '#!/bin/sh\\nexec python3 \"$(dirname \"$0\")/{0}\" \"$@\"\\n' > {1}\nchmod +x {1}\n",
                       source, program);
  return fmt::format("c++ -O2 -std=gnu++20 -o {} {}\n", program, source);
}

}  // namespace

std::string testlib_adapter_build_script(const std::string& interactor_source, const std::string& checker_source) {
  std::string script =
      "#!/bin/sh\n"
      "# judge export: builds the Polygon problem's testlib interactor and checker, and the\n"
      "# adapter (testlib_adapter.cc) that runs them as an ICPC output validator: `run`.\n"
      "set -e\n";
  script += build_line("interactor", interactor_source);
  if (!checker_source.empty()) script += build_line("checker", checker_source);
  script += "c++ -O2 -std=gnu++20 -o run testlib_adapter.cc\n";
  return script;
}

}  // namespace judge
