#include "submission/precompiled_header.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <fstream>

#include <fmt/core.h>

#include "base/content_hash.hpp"
#include "base/temp_dir.hpp"
#include "base/text_file.hpp"
#include "box/sandbox.hpp"
#include "process/tool_run.hpp"

namespace judge {
namespace fs = std::filesystem;

namespace {

// Only so much of a source is searched for its first #include: a header comment of a
// megabyte is no contestant's, and the search must not read the whole of a huge file.
constexpr std::size_t scanned_bytes = 64 * 1024;
constexpr const char* stand_in_name = "stand-in.cpp";

// Where a submission's PCH was made from, in the box: one path for every submission,
// whatever its name (a contest's files are named as their authors like), so that one
// PCH serves them all; a compile that used it gets its messages with the submission's
// own path in place of this one (named_as_submission).
// (stand_in_name in the box's source folder)
constexpr const char* stand_in_box_path = "/box/src/stand-in.cpp";

bool is_blank_char(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v'; }

// The directive that starts at `at` (a '#'), its continued lines joined; `end` is left
// at the newline that ends it, `lines` counts the continuations.
std::string directive_at(std::string_view text, std::size_t at, std::size_t& end, int& lines) {
  std::string directive;
  for (end = at + 1; end < text.size(); ++end) {
    if (text[end] == '\n') {
      if (end == 0 || text[end - 1] != '\\') break;
      directive.pop_back();  // the backslash
      ++lines;
      continue;
    }
    directive += text[end];
  }
  return directive;
}

// `#include <x>` or `#include "x"` (the text after the '#'), or nullopt for any other
// directive (`#include MACRO` too: its header is not known before preprocessing).
std::optional<LeadingInclude> as_include(const std::string& directive, bool& is_include) {
  std::size_t at = 0;
  while (at < directive.size() && is_blank_char(directive[at])) ++at;
  is_include =
      directive.compare(at, 7, "include") == 0 && (at + 7 == directive.size() || is_blank_char(directive[at + 7]) ||
                                                   directive[at + 7] == '<' || directive[at + 7] == '"');
  if (!is_include) return std::nullopt;
  at += 7;
  while (at < directive.size() && is_blank_char(directive[at])) ++at;
  if (at >= directive.size() || (directive[at] != '<' && directive[at] != '"')) return std::nullopt;
  const char close = directive[at] == '<' ? '>' : '"';
  const std::size_t end = directive.find(close, at + 1);
  if (end == std::string::npos || end == at + 1) return std::nullopt;
  return LeadingInclude{directive.substr(at + 1, end - at - 1), close == '>', 0};
}

bool is_gxx(const std::string& program) {
  const std::string name = fs::path(program).filename().string();
  return name == "g++" || name == "c++" || name.starts_with("g++-") || name.ends_with("-g++") ||
         (name.find("-g++-") != std::string::npos);
}

// Options whose next word is their argument, dropped with it (include folders, link
// folders) or refused (a forced include, a language: the PCH would not be the
// header's alone).
bool takes_dropped_argument(const std::string& word) {
  return word == "-I" || word == "-L" || word == "-isystem" || word == "-iquote" || word == "-idirafter" ||
         word == "-MF" || word == "-MT" || word == "-MQ";
}

// Link-only options and include folders given in one word: they do not change how a
// header compiles (GCC checks the options that do when it loads a PCH).
bool dropped_word(const std::string& word) {
  static const std::vector<std::string> prefixes{"-l",       "-L",      "-Wl,",      "-I",
                                                 "-isystem", "-iquote", "-fuse-ld=", "-static"};
  if (word == "-s" || word == "-pie" || word == "-no-pie" || word == "-rdynamic") return true;
  for (const auto& prefix : prefixes)
    if (word.starts_with(prefix)) return true;
  return false;
}

std::string include_directive_text(const LeadingInclude& include) {
  return include.angled ? fmt::format("#include <{}>\n", include.header)
                        : fmt::format("#include \"{}\"\n", include.header);
}

std::string header_key(const std::vector<std::string>& flags, const LeadingInclude& include,
                       const std::string& stand_in_path, const fs::path& header_file) {
  ContentHash hash;
  hash.add("judge precompiled header v1");
  hash.add(std::uint64_t{flags.size()});
  for (const auto& word : flags) hash.add(word);
  hash.add(build_tool_identity(flags.front()));
  hash.add(include.header);
  hash.add(std::uint64_t{include.angled});
  hash.add(std::uint64_t(include.line));
  hash.add(stand_in_path);
  hash.add(header_file.empty() ? std::string() : read_file(header_file).value_or(""));
  return hash.hex();
}

// The header's compile command: the flags, the stand-in compiled as a header into
// HEADER.gch in `output`, the files it read listed in `output`/header.d.
std::vector<std::string> header_command(const std::vector<std::string>& flags, const std::string& stand_in,
                                        const std::string& output) {
  std::vector<std::string> command = flags;
  command.insert(command.end(),
                 {"-x", "c++-header", stand_in, "-o", output + "/header.gch", "-MD", "-MF", output + "/header.d"});
  return command;
}

// The compiled header moved to its name below `folder` (bits/stdc++.h.gch), and the
// files outside `own` its compile read (its manifest: a changed system header makes it
// again). The listing itself is removed.
std::vector<fs::path> finish_header(const fs::path& folder, const LeadingInclude& include, const fs::path& own,
                                    const fs::path& box_base) {
  const fs::path gch = folder / (include.header + ".gch");
  fs::create_directories(gch.parent_path());
  fs::rename(folder / "header.gch", gch);
  std::vector<fs::path> read;
  const std::string own_prefix = own.string() + "/";
  for (const auto& file : parse_dependencies(read_file(folder / "header.d").value_or(""), box_base))
    if (!file.string().starts_with(own_prefix) && !file.string().starts_with(folder.string() + "/"))
      read.push_back(file);
  std::error_code ec;
  fs::remove(folder / "header.d", ec);
  return read;
}

void record_failure(const fs::path& folder, const std::string& message) {
  std::error_code ec;
  for (const char* name : {"header.gch", "header.d"}) fs::remove(folder / name, ec);
  std::ofstream(folder / "failed.txt") << message << "\n";
}

// The compile box wrote the folder as its unprivileged uid: the judge's again.
void take_back(const fs::path& folder) {
  const uid_t uid = ::geteuid();
  const gid_t gid = ::getegid();
  std::error_code ec;
  (void)::lchown(folder.c_str(), uid, gid);
  for (auto it = fs::recursive_directory_iterator(folder, ec); !ec && it != fs::recursive_directory_iterator();
       it.increment(ec))
    (void)::lchown(it->path().c_str(), uid, gid);
}

// The entry's folder when it holds the compiled header (not a failure's record).
std::optional<fs::path> folder_with_header(const fs::path& folder, const LeadingInclude& include) {
  struct stat st {};
  if (::stat((folder / (include.header + ".gch")).c_str(), &st) != 0) return std::nullopt;
  return folder;
}

// A submission's PCH made in the box: the stand-in at /box/src/stand-in.cpp, its
// #include on the submission's line.
std::vector<fs::path> make_in_box(const fs::path& folder, const Sources& sources, const LeadingInclude& include,
                                  const std::vector<std::string>& flags, bool contain) {
  TempDir temporary("judge-pch-");
  // Read by the box's unprivileged uid (compile.cpp says why).
  fs::permissions(temporary.path(), fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                                        fs::perms::others_read | fs::perms::others_exec);
  const fs::path entry = stand_in_name;
  std::ofstream(temporary.path() / entry)
      << std::string(static_cast<std::size_t>(include.line - 1), '\n') << include_directive_text(include);
  Sources stand_in;
  stand_in.shown = "the precompiled header";
  stand_in.root = stand_in.base = temporary.path();
  stand_in.files = stand_in.language_files = {entry};
  stand_in.entry = entry;
  stand_in.language = sources.language;
  const CompileLimits limits;  // its own budget: not the submission's
  const CompileStep step = run_compile_step(header_command(flags, "{entry}", "{build}"), stand_in, folder, limits,
                                            contain, limits.message_bytes);
  take_back(folder);
  if (!step.ok) {
    record_failure(folder, step.message);
    return {};
  }
  return finish_header(folder, include, temporary.path(), temporary.path());
}

}  // namespace

std::optional<LeadingInclude> leading_include(std::string_view source) {
  source = source.substr(0, std::min(source.size(), scanned_bytes));
  int line = 1;
  for (std::size_t at = 0; at < source.size();) {
    const char c = source[at];
    const char next = at + 1 < source.size() ? source[at + 1] : '\0';
    if (c == '\n') {
      ++line;
      ++at;
    } else if (is_blank_char(c)) {
      ++at;
    } else if (c == '/' && next == '/') {
      at = source.find('\n', at);
      if (at == std::string_view::npos) return std::nullopt;
    } else if (c == '/' && next == '*') {
      const std::size_t end = source.find("*/", at + 2);
      if (end == std::string_view::npos) return std::nullopt;
      for (std::size_t i = at; i < end; ++i) line += source[i] == '\n' ? 1 : 0;
      at = end + 2;
    } else if (c == '#') {
      int continued = 0;
      std::size_t end = 0;
      bool is_include = false;
      auto include = as_include(directive_at(source, at, end, continued), is_include);
      if (is_include) {
        if (include) include->line = line;
        return include;
      }
      line += continued;
      at = end;
    } else {
      return std::nullopt;  // a token: no PCH is used after one
    }
  }
  return std::nullopt;
}

bool precompiled_header_known(const LeadingInclude& include) {
  return (include.angled && include.header == "bits/stdc++.h") || (!include.angled && include.header == "testlib.h");
}

std::optional<std::vector<std::string>> header_compile_flags(const std::vector<std::string>& compile) {
  if (compile.empty() || !is_gxx(compile[0])) return std::nullopt;
  std::vector<std::string> flags{compile[0]};
  bool output = false;
  for (std::size_t i = 1; i < compile.size(); ++i) {
    const std::string& word = compile[i];
    if (word == "-o" || takes_dropped_argument(word)) {
      output = output || word == "-o";
      ++i;
      continue;
    }
    if (word == "-include" || word == "-x" || word == "-E" || word == "-S") return std::nullopt;
    // Not an option (a source, a placeholder, an archive), or one that only links.
    if (!word.starts_with("-") || word.find('{') != std::string::npos || dropped_word(word)) continue;
    flags.push_back(word);
  }
  if (!output) return std::nullopt;
  return flags;
}

std::optional<fs::path> submission_header_folder(const BuildCache& cache, const Sources& sources, bool contain) {
  // Without a box (--sandbox none, or no judge-box) the compile reads the sources at
  // a path of its own build's, which no stand-in can share: no PCH (compile.hpp).
  if (!contain || find_box_executable().empty() || sources.language == nullptr || sources.language_files.size() != 1)
    return std::nullopt;
  const auto flags = header_compile_flags(sources.language->compile);
  if (!flags) return std::nullopt;
  const auto include = leading_include(read_head(sources.base / sources.entry, scanned_bytes));
  if (!include || !include->angled || !precompiled_header_known(*include)) return std::nullopt;
  // Not waited for while another judge makes it (a batch's other worker): this
  // compile goes on without it.
  const auto built = cache.build_in_place_unless_busy(
      header_key(*flags, *include, stand_in_box_path, {}),
      [&](const fs::path& folder) { return make_in_box(folder, sources, *include, *flags, contain); });
  if (!built) return std::nullopt;
  if (built->built_now) cache.evict(cache_bound_bytes());
  return folder_with_header(built->program, *include);
}

std::optional<fs::path> program_header_folder(const BuildCache& cache, const std::vector<std::string>& compile,
                                              const LeadingInclude& leading, const fs::path& header_file) {
  // One for every program: made from the stand-in's line 1, wherever the program's
  // #include is.
  const LeadingInclude include{leading.header, leading.angled, 1};
  const auto flags = header_compile_flags(compile);
  if (!flags || !precompiled_header_known(include)) return std::nullopt;
  std::vector<std::string> resolved = resolve_program(*flags);
  const auto built =
      cache.build_in_place(header_key(resolved, include, stand_in_name, header_file), [&](const fs::path& folder) {
        // The header's own copy beside the stand-in (a program's testlib.h): the PCH
        // names it in its notes, so it stays in the entry.
        if (!header_file.empty()) fs::copy_file(header_file, folder / include.header);
        std::ofstream(folder / stand_in_name) << include_directive_text(include);
        const ToolRun run = run_tool({header_command(resolved, (folder / stand_in_name).string(), folder.string()),
                                      folder,
                                      folder.parent_path() / "header.log",
                                      120000,
                                      8192,
                                      {},
                                      {}});
        if (!run.succeeded()) {
          record_failure(folder, run.failure_message(fs::path(resolved[0]).filename().string()));
          return std::vector<fs::path>{};
        }
        return finish_header(folder, include, folder, folder);
      });
  if (built.built_now) cache.evict(cache_bound_bytes());
  return folder_with_header(built.program, include);
}

std::string named_as_submission(std::string message, const Sources& sources) {
  const std::string stand_in = stand_in_box_path;
  const std::string own = "/box/src/" + compiled_name(sources, sources.entry).string();
  if (own == stand_in) return message;
  for (std::size_t at = message.find(stand_in); at != std::string::npos; at = message.find(stand_in, at + own.size()))
    message.replace(at, stand_in.size(), own);
  return message;
}

}  // namespace judge
