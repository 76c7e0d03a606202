#include "problem/program_build.hpp"

#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <optional>

#include <fmt/core.h>

#include "base/content_hash.hpp"
#include "base/errors.hpp"
#include "base/printable.hpp"
#include "base/search_path.hpp"
#include "base/text_file.hpp"
#include "process/python3.hpp"
#include "process/tool_run.hpp"
#include "submission/build_cache.hpp"
#include "submission/compile.hpp"
#include "submission/languages.hpp"
#include "submission/precompiled_header.hpp"

namespace judge {
namespace fs = std::filesystem;

namespace {

// CPU time of one build step; the wall-clock bound is twice this (tool_run.hpp).
constexpr std::int64_t build_step_cpu_limit_ms = 120000;
constexpr std::size_t build_output_limit_bytes = 8192;
// Placeholders in build steps and run commands: the copy of the program, and the
// folder it is in (compiled binaries go there, beside the copy, never into it).
constexpr std::string_view copy_token = "{copy}";
constexpr std::string_view work_token = "{work}";

using Command = std::vector<std::string>;

// How one program is made runnable: its build steps and its run command, written
// with the placeholders above (the key is computed from this text).
struct Plan {
  std::string form;
  std::vector<Command> steps;
  Command run;
  std::vector<std::string> notes;
  bool scripts = false;  // build/run: make them executable, check `run` exists
  // Files outside the program that its build reads (a library): hashed into the key.
  std::vector<fs::path> extra_inputs;
  // A single source's neighbours copied beside it (its folder's headers: testlib.h
  // beside a Polygon interactor, limits.hpp beside an interactor of problem.json),
  // relative to the source's folder: copied with it and hashed into the key.
  std::vector<fs::path> beside;
  // A compiled program's `dependencies` command of the languages table (make-style
  // rules of every file the compile reads): the files outside the program it names
  // are kept in the build's manifest, so a changed system header rebuilds it.
  Command dependencies;
  // The one C++ source of a compiled program (relative to its copy), whose leading
  // #include may get a precompiled header (submission/precompiled_header.hpp).
  fs::path single_cpp_source;
};

bool ignored_name(const std::string& name) {
  // The specification: names starting with '.' are as if absent. __pycache__ is
  // what Python leaves behind when the program ran in place before.
  return name.empty() || name[0] == '.' || name == "__pycache__";
}

bool is_c_source(const fs::path& file) { return file.extension() == ".c"; }
bool is_cpp_source(const fs::path& file) {
  static const std::vector<std::string> extensions{".cpp", ".cc", ".cxx", ".c++", ".C"};
  return std::find(extensions.begin(), extensions.end(), file.extension().string()) !=
         extensions.end();
}

// A header by its ending: what `#include "..."` names in a package's C/C++ program.
bool is_header(const fs::path& file) {
  static const std::vector<std::string> extensions{".h",   ".hh",  ".hpp", ".hxx", ".h++", ".H",
                                                   ".inc", ".ipp", ".tcc", ".tpp", ".inl"};
  return std::find(extensions.begin(), extensions.end(), file.extension().string()) !=
         extensions.end();
}

// Every file of a program folder, relative to it, sorted (the key's order).
std::vector<fs::path> files_of(const fs::path& folder) {
  std::vector<fs::path> files;
  for (auto it = fs::recursive_directory_iterator(folder); it != fs::recursive_directory_iterator();
       ++it) {
    if (ignored_name(it->path().filename().string())) {
      if (it->is_directory()) it.disable_recursion_pending();
      continue;
    }
    if (it->is_regular_file()) files.push_back(it->path().lexically_relative(folder));
  }
  std::sort(files.begin(), files.end());
  return files;
}

// The entries directly in a folder (not ignored), sorted.
std::vector<fs::path> top_level_files(const fs::path& folder) {
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(folder))
    if (!ignored_name(entry.path().filename().string()) && entry.is_regular_file())
      files.push_back(entry.path().filename());
  std::sort(files.begin(), files.end());
  return files;
}

fs::path tool(std::string_view name) {
  if (auto found = find_on_path(name)) return *found;
  throw ConfigError(fmt::format("{} is needed to build a package's program but is not on PATH", name));
}

// The language of the table (languages.yaml, with the user's file over it) a
// package's C or C++ program is compiled in: the same entry, so the same flags, as a
// submission in that language, as problemtools builds a package's programs with its
// languages.yaml.
const Language& table_language(const Languages& languages, bool cpp) {
  const char* id = cpp ? "cpp" : "c";
  const Language* language = languages.by_id(id);
  if (language == nullptr || language->compile.empty() || language->run.empty())
    throw ConfigError(fmt::format(
        "the languages table has no `{}` entry with compile and run commands, which a package's {} program is "
        "built with (`judge languages` lists the table)",
        id, cpp ? "C++" : "C"));
  return *language;
}

// `command` with the compiler found on PATH and the include folders after it: the
// program's copy (the headers beside it) and a library's.
Command with_include_dirs(Command command, const ProgramLibrary* library) {
  if (command[0].find('/') == std::string::npos) command[0] = tool(command[0]).string();
  Command includes{"-I", std::string(copy_token)};
  if (library != nullptr) includes.insert(includes.end(), {"-I", library->include_dir.string()});
  command.insert(command.begin() + 1, includes.begin(), includes.end());
  return command;
}

// The build step, its dependency listing and the run command, from the table.
void fill_from_table(Plan& plan, const Language& language, const std::vector<fs::path>& chosen,
                     const ProgramLibrary* library) {
  Placeholders values;
  values.build = std::string(work_token);
  for (const auto& source : chosen) values.files.push_back(std::string(copy_token) + "/" + source.string());
  values.entry = values.files.front();
  Placeholders linked = values;  // the sources, then the library on the link line
  if (library != nullptr) {
    linked.files.push_back(library->archive.string());
    linked.files.insert(linked.files.end(), library->link_flags.begin(), library->link_flags.end());
  }
  Command step = with_include_dirs(expand_command(language.compile, linked), library);
  // Debian ships fmt, which the judge's interactor library uses, as a shared library
  // only: a program linked with that library cannot be linked statically.
  if (library != nullptr) std::erase(step, "-static");
  plan.steps.push_back(std::move(step));
  if (!language.dependencies.empty())
    plan.dependencies = with_include_dirs(expand_command(language.dependencies, values), library);
  plan.run = expand_command(language.run, values);
}

Plan compiled_plan(const std::vector<fs::path>& sources, const ProgramLibrary* library = nullptr) {
  std::vector<fs::path> c_files, cpp_files;
  for (const auto& source : sources) {
    if (is_c_source(source)) c_files.push_back(source);
    if (is_cpp_source(source)) cpp_files.push_back(source);
  }
  const bool cpp = cpp_files.size() >= c_files.size();
  const std::vector<fs::path>& chosen = cpp ? cpp_files : c_files;
  const Languages languages = Languages::load();
  Plan plan;
  plan.form = cpp ? "C++ sources" : "C sources";
  fill_from_table(plan, table_language(languages, cpp), chosen, library);
  if (cpp && chosen.size() == 1) plan.single_cpp_source = chosen.front();
  if (library != nullptr) {
    plan.extra_inputs.push_back(library->archive);
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(library->include_dir, ec))
      if (entry.path().extension() == ".hpp") plan.extra_inputs.push_back(entry.path());
    std::sort(plan.extra_inputs.begin(), plan.extra_inputs.end());
  }
  const std::vector<fs::path>& left_out = cpp ? c_files : cpp_files;
  if (!left_out.empty()) {
    std::string names;
    for (const auto& file : left_out) names += " " + file.string();
    plan.notes.push_back(fmt::format(
        "compiled as {} (the language of most of its sources, as problemtools decides); "
        "not compiled:{}",
        cpp ? "C++" : "C", names));
  }
  return plan;
}

// Words in a program's own files that let code outside its one source reach into it:
// a replaced operator new or delete (the C++ library's own calls must reach it), C
// linkage, weak or aliased symbols, asm, symbols looked up at run time.
bool reached_from_outside(const std::vector<fs::path>& files) {
  static const std::vector<std::string_view> words{"operator new", "operator delete", "extern \"C\"",
                                                   "weak",         "alias",           "asm",
                                                   "visibility",   "dlsym",           "externally_visible"};
  for (const auto& file : files) {
    const std::string text = read_head(file, 16 * 1024 * 1024);
    for (const std::string_view word : words)
      if (text.find(word) != std::string::npos) return true;
  }
  return false;
}

// A package program of one C++ source, linked with nothing of the judge's, is the whole
// program: with -fwhole-program GCC generates code only for what main and the global
// constructors reach. testlib defines ~880 functions in its header, and generating all
// of them was most of a testlib program's build (docs/performance.md, row 6b). The
// program's behaviour is its source's; only the inlining of its functions may differ,
// and a package program's speed is no verdict. A submission is never built so: it gets
// the contest system's program. `files`: the files its compile reads from the package.
void build_as_whole_program(Plan& plan, const std::vector<fs::path>& files) {
  if (plan.single_cpp_source.empty() || plan.steps.size() != 1 || reached_from_outside(files)) return;
  Command& step = plan.steps.front();
  step.insert(step.begin() + 1, "-fwhole-program");
}

// The headers in a single source's folder (not below it: a problem.json folder holds
// its tests there), which its build gets beside the source as Polygon's files/,
// problemtools' and DOMjudge's build folders give them. The source's sibling sources
// are not compiled with it: Polygon's files/ holds the interactor, the checker and the
// generators side by side, each a program of its own.
std::vector<fs::path> headers_beside(const fs::path& source) {
  std::vector<fs::path> headers;
  for (const auto& file : top_level_files(source.parent_path()))
    if (is_header(file)) headers.push_back(file);
  return headers;
}

Plan folder_plan(const fs::path& folder) {
  const std::vector<fs::path> files = top_level_files(folder);
  auto has = [&](const char* name) {
    return std::find(files.begin(), files.end(), fs::path(name)) != files.end();
  };
  std::vector<fs::path> sources, python;
  for (const auto& file : files) {
    if (is_c_source(file) || is_cpp_source(file)) sources.push_back(file);
    if (file.extension() == ".py") python.push_back(file);
  }
  const std::string copy(copy_token);
  if (has("build") || has("run")) {
    Plan plan{"build/run scripts", {}, {copy + "/run"}, {}, true, {}, {}, {}, {}};
    if (has("build")) plan.steps.push_back({copy + "/build"});
    return plan;
  }
  const std::string python3 = python3_for(fmt::format("the program {}", folder.string())).string();
  if (has("__main__.py")) return {"Python folder (__main__.py)", {}, {python3, copy}, {}, false, {}, {}, {}, {}};
  if (!sources.empty()) {
    Plan plan = compiled_plan(sources);
    std::vector<fs::path> read;
    for (const auto& file : files)
      if (is_c_source(file) || is_cpp_source(file) || is_header(file)) read.push_back(folder / file);
    build_as_whole_program(plan, read);
    return plan;
  }
  if (python.size() == 1)
    return {"Python file in a folder", {}, {python3, copy + "/" + python[0].string()}, {}, false, {}, {}, {}, {}};
  std::string names;
  for (const auto& file : files) names += " " + file.string();
  if (python.size() > 1)
    throw ConfigError(fmt::format(
        "the program {} has several .py files and no __main__.py: which one is the program? "
        "(name it __main__.py, or add build/run scripts); files:{}",
        folder.string(), names));
  throw ConfigError(fmt::format(
      "the program {} is in no form this judge can build: it needs build/run scripts, "
      "__main__.py, C/C++ sources or one .py file; files:{}",
      folder.string(), names.empty() ? " none" : names));
}

std::string substituted(const std::string& word, const fs::path& work) {
  std::string result = word;
  for (const auto& [token, value] :
       {std::pair{copy_token, (work / "program").string()}, std::pair{work_token, work.string()}}) {
    if (result.starts_with(token)) result = value + result.substr(token.size());
  }
  return result;
}

Command substituted(const Command& command, const fs::path& work) {
  Command result;
  for (const auto& word : command) result.push_back(substituted(word, work));
  return result;
}

// One field of the key: its length, then its bytes. Lengths, not separators: no
// file name or content can pass for the boundary between two fields (a name holding
// "\n-\n5\n" is only a longer name), so two different programs never share a key.
void add_field(ContentHash& hash, std::string_view bytes) {
  hash.add(std::to_string(bytes.size()));
  hash.add(":");
  hash.add(bytes);
}

void add_command(ContentHash& hash, const Command& command) {
  add_field(hash, std::to_string(command.size()));
  for (const auto& word : command) add_field(hash, word);
}

// A file's name (as the build sees it), whether it is executable, and its bytes.
void add_file(ContentHash& hash, const fs::path& name, const fs::path& path) {
  const auto bytes = read_file(path);
  if (!bytes) throw ConfigError(fmt::format("cannot read {}", path.string()));
  add_field(hash, name.string());
  add_field(hash, ::access(path.c_str(), X_OK) == 0 ? "x" : "-");
  add_field(hash, *bytes);
}

std::string cache_key(const fs::path& program, const Plan& plan) {
  ContentHash hash;
  add_field(hash, "judge package program v3");
  add_field(hash, plan.form);
  add_field(hash, std::to_string(plan.steps.size()));
  for (const auto& step : plan.steps) add_command(hash, step);
  // A compiler's identity (a compiler upgraded in place rebuilds); build scripts name
  // no compiler: what they read is theirs.
  add_field(hash, plan.scripts || plan.steps.empty() ? "" : build_tool_identity(plan.steps[0][0]));
  add_command(hash, plan.dependencies);
  add_command(hash, plan.run);
  add_field(hash, std::to_string(plan.extra_inputs.size()));
  for (const auto& input : plan.extra_inputs) add_file(hash, input, input);
  const bool folder = fs::is_directory(program);
  std::vector<fs::path> files = folder ? files_of(program) : std::vector{program.filename()};
  if (!folder) files.insert(files.end(), plan.beside.begin(), plan.beside.end());
  const fs::path base = folder ? program : program.parent_path();
  add_field(hash, std::to_string(files.size()));
  for (const auto& file : files) add_file(hash, file, base / file);
  return hash.hex();
}

void copy_program(const fs::path& program, const Plan& plan, const fs::path& destination) {
  fs::create_directories(destination);
  if (!fs::is_directory(program)) {
    fs::copy_file(program, destination / program.filename());
    for (const auto& file : plan.beside)
      if (file != program.filename()) fs::copy_file(program.parent_path() / file, destination / file);
    return;
  }
  for (const auto& file : files_of(program)) {
    fs::create_directories((destination / file).parent_path());
    fs::copy_file(program / file, destination / file);
  }
}

void make_executable(const fs::path& file) {
  std::error_code ec;
  fs::permissions(file, fs::perms::owner_exec | fs::perms::group_exec | fs::perms::others_exec,
                  fs::perm_options::add, ec);
}

// A script without "#!" is run by sh, as a shell would (exec alone refuses it).
Command script_command(const fs::path& script) {
  const std::string start = read_head(script, 4);
  if (start.starts_with("#!") || start == "\x7f" "ELF") return {script.string()};
  return {"/bin/sh", script.string()};
}

// Where a compile offered a precompiled header lists what it read (-MD): the
// dependency step then does not run (it preprocessed every header again: 0.1 s of a
// testlib interactor's 2 s build here).
constexpr const char* compile_listing = "dependencies.d";

// The files outside `work` a compile read: by its own listing where it wrote one,
// else by the plan's dependencies command (none when it has none). The headers a
// precompiled header was made from are named there from its cache entry
// (`header_folder`), which is not the program's input: the PCH's own key covers them.
// A listing that fails says nothing the build did not already say, so it only leaves
// the manifest empty: the key still covers the program.
std::vector<fs::path> files_read(const Plan& plan, const fs::path& work, const fs::path& header_folder) {
  std::optional<std::string> listing = read_file(work / compile_listing);
  std::error_code ec;
  fs::remove(work / compile_listing, ec);  // the entry holds the program, not how it was made
  if (!listing && !plan.dependencies.empty()) {
    const ToolRun run = run_tool({substituted(plan.dependencies, work),
                                  work / "program",
                                  work / "dependencies.log",
                                  build_step_cpu_limit_ms,
                                  1 << 20,
                                  {},
                                  {}});
    if (run.succeeded()) listing = run.output;
  }
  if (!listing) return {};
  std::vector<fs::path> outside;
  for (const fs::path& file : parse_dependencies(*listing, work / "program")) {
    const fs::path path = (file.is_absolute() ? file : work / "program" / file).lexically_normal();
    const std::string relative = path.lexically_relative(work).string();
    if (!relative.empty() && !relative.starts_with("..")) continue;  // its own: the key covers them
    if (!header_folder.empty() && path.string().starts_with(header_folder.string() + "/")) continue;
    outside.push_back(path);
  }
  return outside;
}

// A build's output as the setter reads it: the cache's copy of the program's folder
// named as the folder itself, so "…/builds/<key>/program/interactor.cpp:35: error"
// reads "<their folder>/interactor.cpp:35: error".
std::string with_own_paths(std::string text, const fs::path& copy, const fs::path& program) {
  const std::string from = copy.string() + "/";
  const std::string to = (fs::is_directory(program) ? program : program.parent_path()).string() + "/";
  for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
    text.replace(at, from.size(), to);
  return text;
}

// The precompiled header a compiled program's leading #include may use, offered to
// its compile step as a submission's is (GCC decides): a system header's folder first
// on the include path, a quoted header's .gch linked beside the copy's header (GCC
// looks beside the source first for "testlib.h"). An offered compile lists what it
// read itself, as a submission's does (-fpch-deps: with the headers the PCH was made
// from), where the plan has a dependency step to spare.
struct OfferedHeader {
  fs::path folder;  // the PCH's folder in the cache; empty: none offered
  fs::path link;    // the .gch link beside the copy's header, to remove after
};

OfferedHeader offer_header(const BuildCache& cache, const Plan& plan, const fs::path& copy, const fs::path& work,
                           Command& compile) {
  if (plan.single_cpp_source.empty() || plan.steps.empty()) return {};
  const auto include = leading_include(read_head(copy / plan.single_cpp_source, 64 * 1024));
  if (!include || !precompiled_header_known(*include)) return {};
  const fs::path own = include->angled ? fs::path() : (copy / plan.single_cpp_source).parent_path() / include->header;
  if (!own.empty() && !fs::is_regular_file(own)) return {};  // found elsewhere on the include path
  const auto folder = program_header_folder(cache, plan.steps.front(), *include, own);
  if (!folder) return {};
  if (!plan.dependencies.empty())
    compile.insert(compile.end(), {"-MD", "-MF", (work / compile_listing).string(), "-fpch-deps"});
  if (include->angled) {
    compile.insert(compile.begin() + 1, {"-I", folder->string()});
    return {*folder, {}};
  }
  const fs::path link = own.string() + ".gch";
  std::error_code ec;
  fs::create_symlink(*folder / (include->header + ".gch"), link, ec);
  return {*folder, ec ? fs::path() : link};
}

std::vector<fs::path> run_build_steps(const BuildCache& cache, const fs::path& program, const Plan& plan,
                                      const fs::path& work) {
  const fs::path copy = work / "program";
  copy_program(program, plan, copy);
  if (plan.scripts) {
    make_executable(copy / "build");
    make_executable(copy / "run");
  }
  OfferedHeader header;
  for (const Command& step : plan.steps) {
    Command argv = substituted(step, work);
    if (&step == &plan.steps.front()) header = offer_header(cache, plan, copy, work, argv);
    if (plan.scripts) argv = script_command(argv[0]);
    const ToolRun run = run_tool({argv, copy, work / "build.log", build_step_cpu_limit_ms,
                                  build_output_limit_bytes, {}, {}});
    std::error_code ec;
    if (!header.link.empty()) fs::remove(header.link, ec);  // the program's folder holds its own files only
    if (!run.succeeded())
      throw ConfigError(fmt::format(
          "cannot build {} ({}): {}", program.string(), plan.form,
          with_own_paths(run.failure_message(plan.scripts ? "build" : fs::path(argv[0]).filename().string()), copy,
                         program)));
  }
  if (plan.scripts && !fs::is_regular_file(copy / "run"))
    throw ConfigError(fmt::format("cannot build {}: there is no `run` file after `build` ran",
                                  program.string()));
  if (plan.scripts) make_executable(copy / "run");
  return files_read(plan, work, header.folder);
}

BuiltProgram built_program(const Plan& plan, const fs::path& built, bool built_now) {
  BuiltProgram program{substituted(plan.run, built), {}, plan.form, built_now, plan.notes};
  if (plan.scripts) {
    program.command = script_command(program.command[0]);
    program.working_dir = built / "program";
  }
  return program;
}

// A line on a terminal for a build that may take seconds (issue 48: the first `judge
// verify` of a package said nothing for half a minute while its validator built).
// Said on stderr, and only to a person: a terminal; what is said on stdout and in
// files is unchanged.
void announce_build(const fs::path& program, const Plan& plan) {
  if (::isatty(STDERR_FILENO) != 1) return;
  std::fputs(build_progress_line(program, plan.form).c_str(), stderr);
  std::fflush(stderr);
}

// Built once into the build cache, which submissions share (build_cache.hpp): its
// folder builds/<key>/program/ is `work`, made in place and never moved. The stages
// of a submission's way (submission.hpp), for a program the setter wrote: 1. take in
// is the plan (its files and commands: build_package_program), 2. the key covers
// them, 3-5. build_in_place looks the key up, builds on a miss (outside the box:
// the setter's code is trusted) and publishes the entry whole (its manifest last).
BuiltProgram build_in_cache(const fs::path& program, const Plan& plan, const fs::path& cache_dir) {
  const BuildCache cache(cache_dir);
  const auto built = cache.build_in_place(cache_key(program, plan), [&](const fs::path& work) {
    announce_build(program, plan);
    return run_build_steps(cache, program, plan, work);
  });
  if (built.built_now) cache.evict(cache_bound_bytes());
  return built_program(plan, built.program, built.built_now);
}

}  // namespace

BuiltProgram build_package_program(const fs::path& program_path, const fs::path& cache_dir,
                                   const ProgramLibrary* library) {
  const fs::path program = fs::absolute(program_path).lexically_normal();
  std::error_code ec;
  if (fs::is_directory(program, ec)) return build_in_cache(program, folder_plan(program), cache_dir);
  if (!fs::is_regular_file(program, ec))
    throw ConfigError(fmt::format("the program {} does not exist", program.string()));
  if (program.extension() == ".py")
    return {{python3_for(fmt::format("the program {}", program.string())).string(), program.string()},
            {}, "Python file", false, {}};
  if (is_c_source(program) || is_cpp_source(program)) {
    Plan plan = compiled_plan({program.filename()}, library);
    plan.beside = headers_beside(program);
    if (library == nullptr) {
      std::vector<fs::path> read{program};
      for (const auto& header : plan.beside) read.push_back(program.parent_path() / header);
      build_as_whole_program(plan, read);
    }
    return build_in_cache(program, plan, cache_dir);
  }
  if (::access(program.c_str(), X_OK) == 0) return {{program.string()}, {}, "executable", false, {}};
  throw ConfigError(fmt::format(
      "the program {} is neither a .py, .c or .cpp file nor executable", program.string()));
}

std::string build_progress_line(const fs::path& program, const std::string& form) {
  return fmt::format("  building {} ({}) into the build cache ...\n", printable_line(program.string()), form);
}

std::vector<std::string> build_program(const fs::path& program, const fs::path& cache_dir) {
  return build_package_program(program, cache_dir).command;
}

}  // namespace judge
