#include "export/polygon_export.hpp"

#include <algorithm>
#include <map>
#include <set>

#include <fmt/core.h>

#include "base/errors.hpp"
#include "export/icpc_export.hpp"
#include "export/package_readme.hpp"
#include "export/standalone_sources.hpp"
#include "verify/example_submissions.hpp"

namespace judge {
namespace fs = std::filesystem;

namespace {

// Polygon's source type of a C++20 program (the interactor library needs C++20).
constexpr const char* cpp20_type = "cpp.gcc13-64-winlibs-g++20";

// What the interactor library (POSIX) needs on Windows, where Polygon compiles and runs
// the interactor (winlibs MinGW-w64): the open flags Windows lacks are no-ops or their
// Windows names, paths of std::filesystem (wide there) open through the wide calls, and
// there is no SIGPIPE (a write to a closed pipe fails instead) and no uid.
constexpr const char* windows_prelude = R"(#ifdef _WIN32
#include <direct.h>
#include <fcntl.h>
#include <io.h>
#include <sys/stat.h>
#ifndef O_CLOEXEC
#define O_CLOEXEC _O_NOINHERIT
#endif
#ifndef O_NOFOLLOW
#define O_NOFOLLOW 0
#endif
#ifndef O_NONBLOCK
#define O_NONBLOCK 0
#endif
#ifndef O_NOCTTY
#define O_NOCTTY 0
#endif
#ifndef SIGPIPE
#define SIGPIPE 13
#endif
inline int open(const wchar_t* path, int flags, int mode = 0) { return _wopen(path, flags | _O_BINARY, mode); }
inline int rename(const wchar_t* from, const wchar_t* to) { return _wrename(from, to); }
inline int unlink(const wchar_t* path) { return _wunlink(path); }
inline unsigned geteuid() { return 0; }
#endif
)";

// The adapter around the interactor's main (renamed judge_icpc_main): testlib's
// `interactor INPUT TOUT [ANSWER [RESULT]]` becomes the library's `INPUT ANSWER
// FEEDBACK_DIR/` in a fresh folder, and its 42 / 43 / other exit become testlib's
// 0 OK / 1 WA (2 PE when result.json says PE) / 3 FAIL; judgemessage.txt goes to stderr (Polygon shows it) and into
// TOUT, which the checker reads.
constexpr const char* adapter_main = R"(
// judge export: the adapter to testlib's convention (see the top of this file).

// Where the feedback folder goes: the judge's (or the system's) folder for temporary
// files, which a judge removes with its run even when the interactor is killed.
static std::string judge_export_temporary_base() {
#ifdef _WIN32
  for (const char* name : {"TMP", "TEMP"})
    if (const char* value = std::getenv(name); value != nullptr && *value != '\0') return value;
  return ".";
#else
  const char* value = std::getenv("TMPDIR");
  return value != nullptr && *value != '\0' ? value : "/tmp";
#endif
}

// Makes a new folder from `folder`, whose name ends in XXXXXX (replaced).
static bool judge_export_make_folder(std::string& folder) {
#ifdef _WIN32
  return _mktemp_s(folder.data(), folder.size() + 1) == 0 && _mkdir(folder.c_str()) == 0;
#else
  return mkdtemp(folder.data()) != nullptr;
#endif
}

// A feedback file's whole text ("" when the interactor wrote none).
static std::string judge_export_read_all(const std::string& path) {
  std::string text;
  if (std::FILE* file = std::fopen(path.c_str(), "r")) {
    char buffer[4096];
    for (std::size_t got; (got = std::fread(buffer, 1, sizeof buffer, file)) > 0;) text.append(buffer, got);
    std::fclose(file);
  }
  return text;
}

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: %s INPUT TOUT [ANSWER [RESULT]] (testlib's interactor)\n", argv[0]);
    return 3;
  }
#ifdef _WIN32
  // Testlib's convention on Windows: the protocol's bytes as they are, no CR LF.
  _setmode(0, _O_BINARY);
  _setmode(1, _O_BINARY);
#endif
  std::string folder = judge_export_temporary_base() + "/judge-export-feedback-XXXXXX";
  if (!judge_export_make_folder(folder)) {
    std::perror(folder.c_str());
    return 3;
  }
  std::string feedback = folder + "/";
  std::string answer = argc > 3 ? argv[3] : "/dev/null";
  std::vector<char*> args{argv[0], argv[1], answer.data(), feedback.data(), nullptr};
  const int code = judge_icpc_main(static_cast<int>(args.size()) - 1, args.data());
  const std::string message = judge_export_read_all(feedback + "judgemessage.txt");
  std::fputs(message.c_str(), stderr);
  if (std::FILE* tout = std::fopen(argv[2], "w")) {
    std::fputs(code == 42 ? "ok\n" : message.c_str(), tout);
    std::fclose(tout);
  }
  // A reject the library calls a presentation error (result.json) is testlib's PE. The
  // whole file is read: its keys are sorted, and an interactor's own keys (a test's
  // hidden sizes) can put "verdict" kilobytes in.
  const bool presentation_error =
      judge_export_read_all(feedback + "result.json").find("\"verdict\":\"PE\"") != std::string::npos;
  std::filesystem::remove_all(folder);
  return code == 42 ? 0 : code == 43 ? (presentation_error ? 2 : 1) : 3;
}
)";

// The checker Polygon runs after the interactor said OK: the interactor has judged
// everything already, so it accepts (testlib's exit 0) without testlib.h.
constexpr const char* accepting_checker =
    R"(// judge export: the interactor (files/interactor.cpp) judges the whole interaction;
// Polygon runs a checker after it said OK (exit 0), and this one agrees.
int main() { return 0; }
)";

// A problem's own source as it goes into files/: an anonymous namespace is a unique
// namespace and a using-directive (C++ [namespace.unnamed]); written so, the helpers
// of two of its files, now in one unit, do not collide.
std::string unit_text(const std::string& text, int& units) {
  std::string out;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    const std::string line = text.substr(start, end - start);
    start = end + 1;
    if (line == "namespace {") {
      out += fmt::format(
          "namespace judge_unit_{0} {{}}\nusing namespace judge_unit_{0};\nnamespace judge_unit_{0} {{\n", ++units);
      continue;
    }
    out += line + "\n";
  }
  return out;
}

// The interactor as Polygon compiles it: one source, files/interactor.cpp, holding the
// problem's main source as it was written (its main renamed judge_icpc_main) between
// the includes of everything else and the adapter; every other file of the standalone
// program (the problem's other sources as .ipp files, the interactor library, fmt and
// nlohmann/json, flat) a resource beside it, which problem.xml lists.
struct PolygonInteractor {
  std::string source;
  std::vector<SourceFile> resources;  // path relative to files/
};

PolygonInteractor polygon_interactor(const Problem& problem, const StandaloneProgram& program) {
  PolygonInteractor interactor;
  int units = 0;
  std::string own_units, library_units;
  std::set<std::string> taken;
  for (const SourceFile& file : program.files) taken.insert(file.path);
  for (std::size_t index = 1; index < program.files.size(); ++index) {
    const SourceFile& file = program.files[index];
    const bool unit = file.path.ends_with(".cpp") || file.path.ends_with(".cc");
    if (file.path == "interactor_library.cpp" && !file.from_problem) {
      library_units = "// The interactor library (its .ipp and .hpp files are resources beside this one).\n";
      for (const IncludeLine& include : include_lines(file.text))
        library_units += fmt::format("#include \"{}\"\n", include.target);
      continue;
    }
    if (!unit) {
      interactor.resources.push_back(file);
      continue;
    }
    // Polygon compiles one file: the problem's other sources are included by it, under a
    // name no judge compiles on its own.
    std::string renamed = fs::path(file.path).replace_extension(".ipp").generic_string();
    // The library's own session.ipp (or any file of that name) keeps its name.
    while (!taken.insert(renamed).second) renamed = "problem_" + renamed;
    interactor.resources.push_back({renamed, unit_text(file.text, units), true});
    own_units += fmt::format("#include \"{}\"\n", renamed);
  }
  interactor.source = fmt::format(
      "// judge export: the interactor of {0} in testlib's convention, for Polygon. Its own source\n"
      "// is below as it was written, its main renamed judge_icpc_main; the interactor library, fmt\n"
      "// and nlohmann/json are the resource files beside this one (problem.xml lists them), and the\n"
      "// adapter to testlib's convention is at the end. Builds with a C++20 compiler and nothing else\n"
      "// installed, on Linux or on Windows (Polygon's winlibs MinGW-w64 g++), in files/:\n"
      "//   g++ -O2 -std=gnu++20 interactor.cpp\n"
      "#include <cstdio>\n#include <cstring>\n#include <filesystem>\n#include <string>\n#include <vector>\n"
      "#include <stdlib.h>\n",
      problem.name);
  interactor.source += windows_prelude;
  if (!own_units.empty()) interactor.source += "\n// The problem's other sources.\n" + own_units;
  if (!library_units.empty()) interactor.source += "\n" + library_units;
  interactor.source += fmt::format("\n// ---- {} ----\n#define main judge_icpc_main\n", program.files.front().path) +
                       unit_text(program.files.front().text, units) + "#undef main\n" + adapter_main;
  return interactor;
}

PolygonInteractor interactor_files(const Problem& problem, std::vector<std::string>& not_carried) {
  const fs::path source = native_interactor_source(problem);
  if (source.extension() == ".py")
    throw ConfigError("cannot export a Python interactor to Polygon: Polygon builds a C++ interactor");
  const StandaloneProgram program = standalone_program(source);
  const auto own_units = std::count_if(program.files.begin(), program.files.end(), [](const SourceFile& file) {
    return file.from_problem && (file.path.ends_with(".cpp") || file.path.ends_with(".cc"));
  });
  if (own_units > 1)
    not_carried.push_back(fmt::format(
        "the interactor's {} source files as they are: Polygon compiles one file, so files/interactor.cpp includes "
        "the others (as .ipp resources); a helper of one file's anonymous namespace called where another file's "
        "helper of the same name is also seen does not compile (rename one)",
        own_units));
  // The library mentions nextpass.in itself: only the problem's own files ask for passes.
  for (const SourceFile& file : program.files)
    if (file.from_problem && file.text.find("nextpass.in") != std::string::npos) {
      not_carried.push_back(
          "multi-pass tests: Polygon runs one pass; the interactor's request for another (nextpass.in) is ignored, "
          "so only the first pass judges");
      break;
    }
  if (!problem.metrics.empty() || problem.scoring.value("type", "all_or_nothing") != "all_or_nothing")
    not_carried.push_back(
        fmt::format("the scoring ({}): this export judges each test OK or WA; give the "
                    "Polygon problem its points and groups there",
                    problem.scoring.value("type", "all_or_nothing")));
  return polygon_interactor(problem, program);
}

// Polygon's tag of a verdict folder ("" none).
std::string polygon_tag(const std::string& folder) {
  static const std::map<std::string, std::string> tags{
      {"accepted", "accepted"},
      {"wrong_answer", "wrong-answer"},
      {"query_limit_exceeded", "wrong-answer"},  // the interactor rejects the query over the limit
      {"presentation_error", "presentation-error"},
      {"time_limit_exceeded", "time-limit-exceeded"},
      {"idle_limit_exceeded", "time-limit-exceeded"},
      {"run_time_error", "failed"},
      {"memory_limit_exceeded", "memory-limit-exceeded"},
  };
  const auto tag = tags.find(folder);
  return tag == tags.end() ? "" : tag->second;
}

std::string source_type(const fs::path& path) {
  const std::string extension = path.extension().string();
  if (extension == ".cpp" || extension == ".cc") return cpp20_type;
  if (extension == ".c") return "c.gcc";
  if (extension == ".py") return "python.3";
  return "";
}

// solutions/ and their <solution> lines; the first accepted is Polygon's main.
std::string add_solutions(Package& package, const Problem& problem) {
  std::string xml;
  bool main_given = false;
  if (problem.submissions_dir.empty()) return xml;
  for (const ExampleSubmission& submission : list_example_submissions(problem)) {
    std::string tag = polygon_tag(submission.folder);
    const std::string type = source_type(submission.path);
    if (tag.empty() || type.empty() || fs::is_directory(submission.path)) {
      package.not_carried.push_back(fmt::format(
          "{}: Polygon has no tag for its folder, or it is not one C, C++ or Python file; left out", submission.name));
      continue;
    }
    if (tag == "accepted" && !main_given) tag = "main", main_given = true;
    const std::string path = fmt::format("solutions/{}-{}", submission.folder, submission.path.filename().string());
    package.add_copy(path, submission.path);
    xml += fmt::format("      <solution tag=\"{}\">\n        <source path=\"{}\" type=\"{}\"/>\n      </solution>\n",
                       tag, path, type);
  }
  return xml;
}

std::string xml_escaped(const std::string& text) {
  std::string out;
  for (const char c : text) {
    if (c == '&') out += "&amp;";
    else if (c == '<')
      out += "&lt;";
    else if (c == '>')
      out += "&gt;";
    else if (c == '"')
      out += "&quot;";
    else
      out += c;
  }
  return out;
}

// Text inside an XML comment: XML forbids "--" there and a '-' before the closing
// "-->", so every '-' of a pair is spaced out ("a--b" is "a- -b").
std::string xml_comment_text(const std::string& text) {
  std::string out;
  for (const char c : text) {
    if (c == '-' && !out.empty() && out.back() == '-') out += ' ';
    out += c;
  }
  if (!out.empty() && out.back() == '-') out += ' ';
  return out;
}

// tests/NN and tests/NN.a, and their <test> lines.
std::string add_tests(Package& package, const Problem& problem) {
  std::string xml;
  int number = 0;
  for (const TestCase& test : problem.tests) {
    const std::string stem = fmt::format("tests/{:02d}", ++number);
    package.add_copy(stem, test.input);
    if (test.answer == "/dev/null") package.add_text(stem + ".a", "");
    else
      package.add_copy(stem + ".a", test.answer);
    xml += fmt::format("        <test method=\"manual\"{}/>\n",
                       test.name.find("sample") != std::string::npos ? " sample=\"true\"" : "");
  }
  return xml;
}

std::string problem_xml(const Problem& problem, const std::string& tests, const std::string& solutions,
                        const std::string& resources) {
  return fmt::format(
      R"(<?xml version="1.0" encoding="utf-8" standalone="no"?>
<!-- Exported by judge export (Polygon format) from {7}: README.md says what could not be carried. -->
<problem revision="1" short-name="{0}">
  <names>
    <name language="english" value="{8}"/>
  </names>
  <judging input-file="" output-file="">
    <testset name="tests">
      <time-limit>{1}</time-limit>
      <memory-limit>{2}</memory-limit>
      <test-count>{3}</test-count>
      <input-path-pattern>tests/%02d</input-path-pattern>
      <answer-path-pattern>tests/%02d.a</answer-path-pattern>
      <tests>
{4}      </tests>
    </testset>
  </judging>
  <files>
    <resources>
{9}    </resources>
  </files>
  <assets>
    <checker type="testlib">
      <source path="files/check.cpp" type="{5}"/>
    </checker>
    <interactor>
      <source path="files/interactor.cpp" type="{5}"/>
    </interactor>
    <solutions>
{6}    </solutions>
  </assets>
</problem>
)",
      xml_escaped(problem.name), problem.limits.cpu_ms, problem.limits.memory_kib * 1024, problem.tests.size(), tests,
      cpp20_type, solutions, xml_comment_text(problem.name), xml_escaped(problem_title(problem)), resources);
}

void note_not_carried(const Problem& problem, std::vector<std::string>& not_carried) {
  if (!problem.input_validators.empty() || !problem.generator.empty())
    not_carried.push_back(
        "the input validators and the generator: Polygon's validator and generators speak "
        "testlib; the tests are carried as manual tests");
  not_carried.push_back("the statement: Polygon keeps statements in its own sections; statement.md is in files/");
  not_carried.push_back(fmt::format("the interactor's own limits ({} ms, {} MiB): Polygon gives the interactor its own",
                                    problem.limits.interactor_cpu_ms, problem.limits.interactor_memory_kib / 1024));
}

}  // namespace

Package polygon_package(const Problem& problem) {
  if (problem.format == ProblemFormat::cms || problem.format == ProblemFormat::tps)
    throw ConfigError(fmt::format(
        "--format polygon exports a problem.json problem; {} is a {}, which this judge runs but does not export",
        problem.dir.string(), problem.format == ProblemFormat::tps ? "TPS task" : "CMS task"));
  if (problem.format != ProblemFormat::native)
    throw ConfigError(
        fmt::format("--format polygon exports a problem.json problem; {} is a {} package (export it "
                    "with --format icpc)",
                    problem.dir.string(), format_name(problem.format)));
  Package package;
  package.user_folder = problem.dir;
  const PolygonInteractor interactor = interactor_files(problem, package.not_carried);
  package.add_text("files/interactor.cpp", interactor.source);
  std::string resources;
  for (const SourceFile& file : interactor.resources) {
    package.add_text("files/" + file.path, file.text);
    const bool header = file.path.ends_with(".h") || file.path.ends_with(".hpp");
    resources +=
        fmt::format("      <file path=\"files/{}\"{}/>\n", xml_escaped(file.path), header ? " type=\"h.g++\"" : "");
  }
  package.add_text("files/check.cpp", accepting_checker);
  if (fs::is_regular_file(problem.dir / "statement.md"))
    package.add_copy("files/statement.md", problem.dir / "statement.md");
  const std::string tests = add_tests(package, problem);
  const std::string solutions = add_solutions(package, problem);
  note_not_carried(problem, package.not_carried);
  package.add_text("problem.xml", problem_xml(problem, tests, solutions, resources));
  package.add_text("README.md", package_readme(problem, "Polygon", package.not_carried, false));
  return package;
}

}  // namespace judge
