#include "problem/polygon_package.hpp"

#include <future>

#include <boost/property_tree/ptree.hpp>
#include <boost/property_tree/xml_parser.hpp>
#include <fmt/core.h>

#include "base/atomic_file.hpp"
#include "base/content_hash.hpp"
#include "base/parse_number.hpp"
#include "base/text_file.hpp"
#include "problem/program_build.hpp"
#include "process/tool_run.hpp"

namespace judge {
namespace fs = std::filesystem;
namespace pt = boost::property_tree;

namespace {

std::string attribute(const pt::ptree& node, const std::string& name, const std::string& fallback = "") {
  return node.get<std::string>("<xmlattr>." + name, fallback);
}

// A positive whole number child (time-limit, memory-limit), or ConfigError.
std::int64_t positive_child(const pt::ptree& node, const std::string& key, const fs::path& file) {
  const std::string text = node.get<std::string>(key, "");
  try {
    std::size_t used = 0;
    const long long value = std::stoll(text, &used);
    if (used == text.size() && value > 0) return value;
  } catch (const std::exception&) {
  }
  throw ConfigError(fmt::format("{}: <{}> must be a positive whole number, got '{}'", file.string(), key, text));
}

// The testset the package is judged on: "tests", else the first.
const pt::ptree& main_testset(const pt::ptree& judging, const fs::path& file) {
  const pt::ptree* first = nullptr;
  for (const auto& [name, child] : judging) {
    if (name != "testset") continue;
    if (attribute(child, "name") == "tests") return child;
    if (first == nullptr) first = &child;
  }
  if (first == nullptr) throw ConfigError(fmt::format("{}: <judging> has no <testset>", file.string()));
  return *first;
}

// The generators of <files><executables>: name (file stem) -> source.
std::map<std::string, fs::path> generator_sources(const pt::ptree& root, const fs::path& dir) {
  std::map<std::string, fs::path> sources;
  const auto executables = root.get_child_optional("problem.files.executables");
  if (!executables) return sources;
  for (const auto& [name, executable] : *executables) {
    if (name != "executable") continue;
    const std::string path = executable.get<std::string>("source.<xmlattr>.path", "");
    if (!path.empty()) sources[fs::path(path).stem().string()] = dir / path;
  }
  return sources;
}

std::vector<std::string> split_command(const std::string& cmd) {
  std::vector<std::string> words;
  std::string word;
  for (char c : cmd + ' ') {
    if (c == ' ' || c == '\t') {
      if (!word.empty()) words.push_back(word);
      word.clear();
    } else {
      word += c;
    }
  }
  return words;
}

// The input of a generated test, from the cache or made now.
fs::path generate_test(const std::string& cmd, const std::map<std::string, fs::path>& generators,
                       const fs::path& cache_dir, const std::string& test_name) {
  const auto words = split_command(cmd);
  const auto found = words.empty() ? generators.end() : generators.find(words.front());
  if (found == generators.end())
    throw ConfigError(fmt::format("Polygon test {}: its cmd '{}' names no generator of <executables>", test_name, cmd));
  ContentHash hash;
  hash.add(read_file(found->second).value_or(""));
  hash.add(cmd);
  const fs::path output = cache_dir / "polygon-tests" / (hash.hex() + ".in");
  if (fs::is_regular_file(output)) return output;
  std::vector<std::string> argv = build_program(found->second, cache_dir);
  argv.insert(argv.end(), words.begin() + 1, words.end());
  fs::create_directories(output.parent_path());
  ToolRunRequest request;
  request.argv = argv;
  request.log_path = output.string() + ".log";
  request.stdout_path = output.string() + ".part";
  const ToolRun run = run_tool(request);
  if (!run.succeeded()) {
    std::error_code ec;
    fs::remove(request.stdout_path, ec);
    throw ConfigError(fmt::format("Polygon test {}: the generator failed ({}):\n{}", test_name, cmd,
                                  run.failure_message(words.front())));
  }
  fs::rename(request.stdout_path, output);  // whole or not at all
  return output;
}

void read_tests(const pt::ptree& root, const pt::ptree& testset, const fs::path& dir, const fs::path& cache_dir,
                Problem& problem) {
  const std::string input_pattern = testset.get<std::string>("input-path-pattern", "tests/%02d");
  const std::string answer_pattern = testset.get<std::string>("answer-path-pattern", "tests/%02d.a");
  const auto generators = generator_sources(root, dir);
  int index = 0;
  const auto tests = testset.get_child_optional("tests");
  if (tests)
    for (const auto& [name, test] : *tests) {
      if (name != "test") continue;
      ++index;
      TestCase test_case;
      test_case.name = fmt::format("{:02d}", index);
      test_case.input = dir / expand_test_pattern(input_pattern, index);
      test_case.sample = attribute(test, "sample") == "true";
      if (!fs::is_regular_file(test_case.input)) {
        if (attribute(test, "method") != "generated")
          throw ConfigError(fmt::format("Polygon test {}: {} is missing (a manual test must be in the package)",
                                        test_case.name, test_case.input.string()));
        test_case.input = generate_test(attribute(test, "cmd"), generators, cache_dir, test_case.name);
      }
      const fs::path answer = dir / expand_test_pattern(answer_pattern, index);
      test_case.answer = fs::is_regular_file(answer) ? answer : fs::path("/dev/null");
      problem.tests.push_back(std::move(test_case));
    }
  if (problem.tests.empty()) throw ConfigError(fmt::format("{}: the testset has no tests", (dir / "problem.xml").string()));
}

// An asset's program (interactor, checker), built from its source.
std::vector<std::string> asset_program(const pt::ptree& root, const std::string& asset, const fs::path& dir,
                                       const fs::path& cache_dir, bool required) {
  const std::string path = root.get<std::string>("problem.assets." + asset + ".source.<xmlattr>.path", "");
  if (path.empty()) {
    if (!required) return {};
    throw ConfigError(fmt::format("{}: no <{}> among the assets: is this an interactive problem?",
                                  (dir / "problem.xml").string(), asset));
  }
  if (!fs::is_regular_file(dir / path))
    throw ConfigError(fmt::format("{}: the {}'s source {} is missing", (dir / "problem.xml").string(), asset, path));
  return build_program(dir / path, cache_dir);
}

void read_solutions(const pt::ptree& root, const fs::path& dir, Problem& problem) {
  const auto solutions = root.get_child_optional("problem.assets.solutions");
  if (!solutions) return;
  for (const auto& [name, solution] : *solutions) {
    if (name != "solution") continue;
    const std::string path = solution.get<std::string>("source.<xmlattr>.path", "");
    if (!path.empty()) problem.tagged_submissions.emplace_back(dir / path, attribute(solution, "tag", "accepted"));
  }
}

}  // namespace

std::string expand_test_pattern(const std::string& pattern, int index) {
  std::string result;
  for (std::size_t i = 0; i < pattern.size(); ++i) {
    if (pattern[i] != '%') {
      result += pattern[i];
      continue;
    }
    if (i + 1 < pattern.size() && pattern[i + 1] == '%') {
      result += '%';
      ++i;
      continue;
    }
    std::size_t end = i + 1;
    while (end < pattern.size() && std::isdigit(static_cast<unsigned char>(pattern[end]))) ++end;
    if (end >= pattern.size() || pattern[end] != 'd') return pattern;  // not a pattern we know
    const std::string width = pattern.substr(i + 1, end - i - 1);
    const bool zeros = !width.empty() && width[0] == '0';
    // An int has at most 11 characters: a wider width pads nothing Polygon writes, and
    // "%99999999999999999999d" must not become a string of that many characters.
    constexpr std::size_t max_width = 20;
    const auto digits = width.empty() ? std::optional<std::size_t>(0) : parse_integer<std::size_t>(width);
    if (!digits || *digits > max_width) return pattern;  // not a pattern we know
    std::string number = std::to_string(index);
    if (number.size() < *digits) number.insert(0, *digits - number.size(), zeros ? '0' : ' ');
    result += number;
    i = end;
  }
  return result;
}

Problem load_polygon_package(const fs::path& dir, const fs::path& cache_dir) {
  const fs::path file = dir / "problem.xml";
  pt::ptree root;
  try {
    pt::read_xml(file.string(), root);
  } catch (const pt::xml_parser_error& error) {
    throw ConfigError(fmt::format("{} is not XML: {}", file.string(), error.what()));
  }
  if (!root.get_child_optional("problem"))
    throw ConfigError(fmt::format("{}: no <problem> element (is this a Polygon package?)", file.string()));
  Problem problem;
  problem.dir = dir;
  problem.format = ProblemFormat::polygon;
  problem.name = attribute(root.get_child("problem"), "short-name", dir.filename().string());
  const auto judging = root.get_child_optional("problem.judging");
  if (!judging) throw ConfigError(fmt::format("{}: no <judging> element", file.string()));
  const pt::ptree& testset = main_testset(*judging, file);
  const std::int64_t time_limit_ms = positive_child(testset, "time-limit", file);
  const std::int64_t memory_bytes = positive_child(testset, "memory-limit", file);
  check_limit_range(time_limit_range, time_limit_ms, file.string() + " <time-limit>");
  check_limit_range(memory_range, memory_bytes / (1024 * 1024), file.string() + " <memory-limit>/MiB");
  problem.limits.cpu_ms = time_limit_ms;
  problem.limits.wall_ms = default_wall_ms(time_limit_ms);
  problem.limits.memory_kib = memory_bytes / 1024;
  problem.convention = InteractorConvention::testlib;
  problem.interactor_writes_transcript = false;
  problem.scoring = {{"type", "points"}, {"max_score", 100}};  // testlib points count
  // The interactor and the checker are built at once, the checker on a thread of its
  // own: each is a testlib program of about 2 s on a cold cache, and a host has two
  // cores or more. The testlib.h precompiled header they share is made by the first
  // to ask; the other waits for it (its key's lock). A build that fails throws from
  // here, after the other has ended.
  auto checker = std::async(std::launch::async, [&] { return asset_program(root, "checker", dir, cache_dir, false); });
  problem.interactor_command = asset_program(root, "interactor", dir, cache_dir, true);
  problem.checker_command = checker.get();
  problem.testdata_dir = dir / "tests";
  read_tests(root, testset, dir, cache_dir, problem);
  read_solutions(root, dir, problem);
  problem.submissions_dir = dir / "solutions";
  return problem;
}

}  // namespace judge
