#include "skeleton/skeleton.hpp"

#include <iostream>
#include <sstream>

#include <fmt/core.h>

#include "base/atomic_file.hpp"
#include "base/errors.hpp"
#include "base/temp_dir.hpp"
#include "export/icpc_export.hpp"
#include "generate/generate.hpp"

namespace judge {
namespace fs = std::filesystem;

namespace {

constexpr const char* interactor_cpp = R"(// The interactor: reads the test (n and the secret), talks to the submission and
// gives the verdict. Library reference: the header comment of interactor.hpp.
#include <string>

#include "interactor.hpp"

int main(int argc, char** argv) {
  return interactor::run(argc, argv, [](interactor::Session& s) {
    interactor::Line first = s.test().read_line("n and the secret");  // test file: errors are JE
    const std::int64_t n = first.read_int(1, 1000000000, "n");
    const std::int64_t secret = first.read_int(1, n, "secret");
    first.expect_end();
    s.test().expect_eof();
    s.set_query_limit(30);  // ceil(log2(10^9)) questions suffice
    s.send(std::to_string(n));
    for (;;) {
      interactor::Line line = s.read_line("a question or the answer");  // contestant: errors are PE
      line.set_shape("'? x' or '! x'");
      const std::string kind(line.read_token("'?' or '!'"));
      if (kind != "?" && kind != "!") line.fail("expected '?' or '!'");
      const std::int64_t x = line.read_int(1, n, "x");
      line.expect_end();
      if (kind == "!") {
        if (x == secret) s.accept("found {} with {} questions", secret, s.queries());
        s.reject(interactor::Verdict::WA, "answered {} but the secret is {}", x, secret);
      }
      s.count_query();  // the 31st question is QLE
      s.send(secret <= x ? "yes" : "no");
    }
  });
}
)";

constexpr const char* generator_py = R"(# The generator: `generator.py N SECRET|random SEED` prints one test input, "N SECRET".
# `judge generate` runs it once per line of data/manifest.txt; the seed comes from
# there, so the data is reproducible byte for byte (judge generate --check).
import random
import sys

n, secret, seed = int(sys.argv[1]), sys.argv[2], int(sys.argv[3])
rng = random.Random(seed)
print(n, rng.randint(1, n) if secret == "random" else int(secret))
)";

constexpr const char* manifest_txt = R"(# NAME GENERATOR-ARGS...: data/NAME.in is what `generator.py ARGS` prints.
01-sample 10 7 0
02-one 1 1 0
03-top 1000 1000 0
04-bottom 1000 1 0
05-random 1000 random 1
06-large 1000000000 random 2
07-large-top 1000000000 1000000000 0
)";

constexpr const char* input_validator_py = R"(# The input validator: a test input on stdin; exit 42 when it keeps every constraint
# of the statement, 43 (with the reason) when not. `judge validate` runs it.
import re
import sys

def invalid(reason):
    print(f"line 1: {reason}", file=sys.stderr)
    sys.exit(43)

text = sys.stdin.read()
match = re.fullmatch(r"(0|[1-9][0-9]*) (0|[1-9][0-9]*)\n", text)
if not match:
    invalid("expected 'N SECRET' and a newline, nothing else")
n, secret = int(match[1]), int(match[2])
if not 1 <= n <= 10**9:
    invalid(f"n = {n} is outside 1..10^9")
if not 1 <= secret <= n:
    invalid(f"secret = {secret} is outside 1..n = {n}")
sys.exit(42)
)";

constexpr const char* accepted_py = R"(# Binary search: at most ceil(log2(n)) questions.
n = int(input())
lo, hi = 1, n
while lo < hi:
    mid = (lo + hi) // 2
    print("?", mid, flush=True)
    if input() == "yes":
        hi = mid
    else:
        lo = mid + 1
print("!", lo, flush=True)
)";


// The accepted solution with one bound off by one: it never considers n itself, so it
// is wrong exactly when the secret is n (tests 03-top and 07-large-top).
std::string wrong_answer_py() {
  std::string text = accepted_py;
  const std::string right = "lo, hi = 1, n\n", wrong = "lo, hi = 1, max(1, n - 1)\n";
  text.replace(text.find(right), right.size(), wrong);
  const std::string comment = "# Binary search: at most ceil(log2(n)) questions.";
  text.replace(text.find(comment), comment.size(), "# Off by one: never considers n itself, so it is wrong exactly when the secret is n.");
  return text;
}

std::string problem_json(const std::string& name) {
  return fmt::format(R"({{
  "name": "{}",
  "interactor": "interactor.cpp",
  "testdata": "data",
  "time_limit_ms": 1000,
  "memory_mib": 256,
  "generator": "generator.py",
  "input_validator": "input_validator.py"
}}
)",
                     name);
}

std::string statement_md(const std::string& name) {
  return fmt::format(R"(# {}

I think of a number between 1 and n. Find it with at most 30 questions.

## Interaction

First read a line with n (1 <= n <= 10^9). Then ask questions: print `? x`
(1 <= x <= n) and read `yes` when the number is at most x, `no` otherwise. When you
know it, print `! x` and exit. Flush after every line. A 31st question is
Query Limit Exceeded.

## Sample interaction

| you   | the judge |
|-------|-----------|
|       | `10`      |
| `? 5` | `no`      |
| `? 8` | `yes`     |
| `? 6` | `no`      |
| `? 7` | `yes`     |
| `! 7` |           |
)",
                     name);
}

}  // namespace

std::vector<std::pair<std::string, std::string>> skeleton_files(const std::string& name) {
  return {{"problem.json", problem_json(name)},
          {"statement.md", statement_md(name)},
          {"interactor.cpp", interactor_cpp},
          {"generator.py", generator_py},
          {"data/manifest.txt", manifest_txt},
          {"input_validator.py", input_validator_py},
          {"submissions/accepted/binary_search.py", accepted_py},
          {"submissions/wrong_answer/off_by_one.py", wrong_answer_py()}};
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
  for (PackageFile& file : package.files)
    if (file.path == "README.md") file.text = fmt::format(icpc_readme, dir.string());
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
