#include "skeleton/skeleton.hpp"

#include <iostream>
#include <sstream>

#include <fmt/core.h>

#include "base/atomic_file.hpp"
#include "base/errors.hpp"
#include "base/json_text.hpp"
#include "base/temp_dir.hpp"
#include "export/embedded_files.hpp"
#include "export/icpc_export.hpp"
#include "generate/generate.hpp"

namespace judge {
namespace fs = std::filesystem;

namespace {

// Where a template file of judge/templates/skeleton/ names the problem.
constexpr std::string_view name_mark = "@NAME@";

std::string with_name(std::string text, const std::string& name) {
  for (std::size_t at = text.find(name_mark); at != std::string::npos; at = text.find(name_mark, at + name.size()))
    text.replace(at, name_mark.size(), name);
  return text;
}

}  // namespace

std::vector<std::pair<std::string, std::string>> skeleton_files(const std::string& name) {
  // The files of judge/templates/skeleton/, compiled in (judge/CMakeLists.txt), the
  // problem's name where they say @NAME@ (in problem.json as a JSON string's inside).
  const std::string json_string = json_text(name);
  const std::string json_name = json_string.substr(1, json_string.size() - 2);
  std::vector<std::pair<std::string, std::string>> files;
  for (const EmbeddedFile& file : embedded_skeleton()) {
    const bool is_json = file.path.ends_with(".json");
    files.emplace_back(std::string(file.path), with_name(std::string(file.text), is_json ? json_name : name));
  }
  return files;
}

std::vector<fs::path> write_skeleton(const fs::path& dir) {
  std::error_code ec;
  if (fs::exists(dir, ec) && !(fs::is_directory(dir, ec) && fs::is_empty(dir, ec)))
    throw ConfigError(fmt::format("{} already exists and is not an empty folder; judge new writes a new problem "
                                  "into a new folder",
                                  dir.string()));
  const std::string name = fs::absolute(dir).lexically_normal().filename().string();
  std::vector<fs::path> written;
  for (const auto& [relative, text] : skeleton_files(name.empty() ? "problem" : name)) {
    const fs::path path = dir / relative;
    fs::create_directories(path.parent_path());
    write_file_atomically(path, text);
    written.push_back(path);
  }
  return written;
}

namespace {

void generate_data(const fs::path& dir) {
  GenerateOptions generate;
  generate.problem = fs::absolute(dir).string();
  generate.quiet = true;
  if (const int status = run_generate_command(generate); status != 0)
    throw JudgeFault(fmt::format("judge generate failed on the new skeleton in {} (exit {})", dir.string(), status));
}

constexpr const char* icpc_readme = R"(# {0}

A guess-the-number problem made by `judge new`, as an ICPC 2025-09 problem package. Make it
yours:

- `statement/problem.en.tex` (LaTeX, with `\problemname`, as BAPCtools and Kattis
  read statements) and `name` in `problem.yaml`;
- `output_validator/interactor.cpp`: the interactor, on this judge's interactor library
  (its sources are beside it: `g++ -O2 -std=gnu++20 output_validator/*.cpp` builds it);
- `generators/`: how `data/` was made (`generators/README.md`);
- `input_validators/input_validator.py`, `submissions/`.

Then `judge validate {0}` (every input through the input validators) and
`judge verify {0}` (each submission gets what its folder says).
)";

// The ICPC package: the problem.json skeleton in a temporary folder of the same
// name, its data generated, exported into `dir`.
std::vector<std::string> write_icpc_skeleton(const fs::path& dir) {
  std::error_code ec;
  if (fs::exists(dir, ec) && !(fs::is_directory(dir, ec) && fs::is_empty(dir, ec)))
    throw ConfigError(
        fmt::format("{} already exists and is not an empty folder; judge new writes a new problem "
                    "into a new folder",
                    dir.string()));
  const TempDir scratch("judge-new-");
  const std::string name = fs::absolute(dir).lexically_normal().filename().string();
  const fs::path native = scratch.path() / (name.empty() ? "problem" : name);
  write_skeleton(native);
  {
    // judge generate's summary names the temporary folder: not the setter's business.
    std::ostringstream discarded;
    std::streambuf* const terminal = std::cout.rdbuf(discarded.rdbuf());
    try {
      generate_data(native);
    } catch (...) {
      std::cout.rdbuf(terminal);
      throw;
    }
    std::cout.rdbuf(terminal);
  }
  const Problem problem = load_problem(native.string(), JudgePaths::from_environment());
  ExportOptions options{problem_uuid("")};
  options.sample_interactions = true;
  Package package = icpc_package(problem, options);
  for (PackageFile& file : package.files) {
    if (file.path == "README.md") file.text = fmt::format(icpc_readme, dir.string());
    // The export's first line names the problem.json it came from, which the setter
    // never saw: the package says what made it instead.
    if (file.path == "problem.yaml" && file.text.starts_with("# Exported by"))
      file.text =
          "# Made by `judge new`: a guess-the-number problem to make your own (README.md says what to edit).\n" +
          file.text.substr(file.text.find('\n') + 1);
  }
  write_package_folder(package, dir);
  std::vector<std::string> written;
  for (const PackageFile& file : package.files)
    if (!file.path.starts_with("output_validator/") || file.path == "output_validator/interactor.cpp")
      written.push_back((dir / file.path).string());
  return written;
}

}  // namespace

int run_new_command(const NewProblemOptions& options) {
  const fs::path dir = options.dir;
  if (options.format == "icpc") {
    const auto written = write_icpc_skeleton(dir);
    if (!options.quiet)
      for (const auto& path : written) std::cout << fmt::format("  wrote {}\n", path);
    std::cout << fmt::format(
        "A guess-the-number problem in {0}, an ICPC 2025-09 package (README.md there says what to edit). Then:\n"
        "  judge validate {0}    (every test through input_validators/)\n"
        "  judge verify {0}      (each submission gets its folder's verdict)\n",
        dir.string());
    return 0;
  }
  if (options.format != "judge")
    throw ConfigError(
        fmt::format("--format {}: use icpc (an ICPC 2025-09 package) or judge (problem.json)", options.format));
  const auto written = write_skeleton(dir);
  if (!options.quiet)
    for (const auto& path : written) std::cout << fmt::format("  wrote {}\n", path.string());
  generate_data(dir);
  std::cout << fmt::format(
      "A guess-the-number problem in {0}. Make it yours: edit statement.md, interactor.cpp,\n"
      "generator.py with data/manifest.txt, input_validator.py and the submissions, then:\n"
      "  judge generate {0}    (the tests from the manifest)\n"
      "  judge validate {0}    (every test through input_validator.py)\n"
      "  judge verify {0}      (each submission gets its folder's verdict)\n",
      dir.string());
  return 0;
}

}  // namespace judge
