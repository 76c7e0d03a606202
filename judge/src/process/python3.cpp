#include "process/python3.hpp"

#include <cstdlib>
#include <string>

#include <fmt/core.h>

#include "base/errors.hpp"
#include "base/search_path.hpp"
#include "base/temp_dir.hpp"
#include "base/text_file.hpp"
#include "process/tool_run.hpp"

namespace judge {
namespace fs = std::filesystem;

namespace {

bool is_elf(const fs::path& file) { return read_head(file, 4) == "\x7f" "ELF"; }

// What the launcher starts, or the launcher itself if it does not answer.
fs::path interpreter_behind(const fs::path& launcher) {
  const TempDir scratch("judge-python3-");
  const ToolRun run = run_tool({{launcher.string(), "-c", "import sys; sys.stdout.write(sys.executable)"},
                                scratch.path(), scratch.path() / "out", 20000, 4096, {}, {}});
  const fs::path answer = run.output;
  std::error_code ec;
  if (run.succeeded() && answer.is_absolute() && fs::is_regular_file(answer, ec)) return answer;
  return launcher;
}

}  // namespace

fs::path python3_for(std::string_view what) {
  const auto found = find_on_path("python3");
  if (!found)
    throw ConfigError(fmt::format(
        "{} is a Python program, but python3 is not on PATH ({}): install python3 or add "
        "its folder to PATH",
        what, std::getenv("PATH") ? std::getenv("PATH") : "unset"));
  std::error_code ec;
  if (is_elf(fs::canonical(*found, ec))) return *found;
  return interpreter_behind(*found);
}

}  // namespace judge
