#include "export/standalone_sources.hpp"

#include <algorithm>
#include <deque>
#include <map>
#include <optional>

#include <fmt/core.h>

#include "base/errors.hpp"
#include "base/text_file.hpp"
#include "export/embedded_files.hpp"

namespace judge {
namespace fs = std::filesystem;

namespace {

// Where an #include line sits in its text: the directive from '#' to the closing
// quote or bracket.
struct IncludeAt {
  IncludeLine line;
  std::size_t begin = 0;
  std::size_t end = 0;
};

std::optional<IncludeAt> parse_include(const std::string& text, std::size_t line_begin, std::size_t line_end) {
  std::size_t at = text.find_first_not_of(" \t", line_begin);
  if (at >= line_end || text[at] != '#') return std::nullopt;
  const std::size_t hash = at;
  at = text.find_first_not_of(" \t", at + 1);
  if (at >= line_end || text.compare(at, 7, "include") != 0) return std::nullopt;
  at = text.find_first_not_of(" \t", at + 7);
  if (at >= line_end || (text[at] != '"' && text[at] != '<')) return std::nullopt;
  const char kind = text[at];
  const std::size_t close = text.find(kind == '"' ? '"' : '>', at + 1);
  if (close == std::string::npos || close >= line_end) return std::nullopt;
  return IncludeAt{{kind, text.substr(at + 1, close - at - 1)}, hash, close + 1};
}

std::vector<IncludeAt> includes_of(const std::string& text) {
  std::vector<IncludeAt> found;
  for (std::size_t begin = 0; begin < text.size();) {
    const std::size_t end = std::min(text.find('\n', begin), text.size());
    if (auto include = parse_include(text, begin, end)) found.push_back(std::move(*include));
    begin = end + 1;
  }
  return found;
}

enum class Origin { problem, library, vendored };

// Every file of the program in one folder: "nlohmann/detail/value_t.hpp" is
// "nlohmann_detail_value_t.hpp". BAPCtools refuses a program folder with a subfolder,
// DOMjudge stores each validator file under its bare name, and problemtools compiles
// every .cpp below the folder: flat, the folder builds the same under all three.
std::string flat_name(std::string path) {
  std::replace(path.begin(), path.end(), '/', '_');
  return path;
}

struct Gathered {
  Origin origin;
  fs::path disk;     // a problem file
  std::string name;  // an embedded file's path
  std::string out;   // where it goes in the program's folder
  std::string text;
  std::map<std::string, std::size_t> resolved{};  // "\"game.hpp" -> the gathered file it names
};

using EmbeddedIndex = std::map<std::string, std::string_view, std::less<>>;

EmbeddedIndex index_of(std::initializer_list<std::span<const EmbeddedFile>> sets) {
  EmbeddedIndex index;
  for (const auto& set : sets)
    for (const EmbeddedFile& file : set) index.emplace(std::string(file.path), file.text);
  return index;
}

class Gatherer {
 public:
  Gatherer(const fs::path& main_source, std::vector<fs::path> search_dirs)
      : main_dir_(fs::weakly_canonical(fs::absolute(main_source)).parent_path()),
        search_dirs_(std::move(search_dirs)),
        library_(index_of({embedded_interactor_library()})),
        vendored_(index_of({embedded_fmt_headers(), embedded_json_headers()})) {
    search_dirs_.insert(search_dirs_.begin(), main_dir_);
    add_problem_file(fs::weakly_canonical(fs::absolute(main_source)));
  }

  StandaloneProgram gather() {
    while (!queue_.empty()) {
      const std::size_t index = queue_.front();
      queue_.pop_front();
      for (const IncludeAt& include : includes_of(files_[index].text)) {
        const std::optional<std::size_t> target = resolve(index, include.line);
        if (target) files_[index].resolved[include.line.kind + include.line.target] = *target;
      }
    }
    return assemble();
  }

 private:
  std::size_t add(Gathered file, const std::string& key) {
    if (const auto known = keys_.find(key); known != keys_.end()) return known->second;
    for (const Gathered& other : files_)
      if (other.out == file.out)
        throw ConfigError(fmt::format("cannot export {}: two of its files would both be {} ({} and {})",
                                      files_.front().disk.string(), file.out, describe(other), describe(file)));
    files_.push_back(std::move(file));
    keys_.emplace(key, files_.size() - 1);
    queue_.push_back(files_.size() - 1);
    return files_.size() - 1;
  }

  static std::string describe(const Gathered& file) {
    return file.origin == Origin::problem ? file.disk.string() : "the embedded " + file.name;
  }

  std::size_t add_problem_file(const fs::path& path) {
    auto text = read_file(path);
    if (!text) throw ConfigError(fmt::format("cannot export: cannot read {}", path.string()));
    const fs::path relative = path.lexically_relative(main_dir_);
    const bool inside = !relative.empty() && *relative.begin() != "..";
    const std::string out = flat_name(inside ? relative.generic_string() : path.filename().string());
    const std::size_t index = add({Origin::problem, path, "", out, std::move(*text)}, "p:" + path.string());
    add_problem_implementation(path);
    return index;
  }

  // One concept per file: the .cpp beside a header defines what it declares.
  void add_problem_implementation(const fs::path& header) {
    if (header.extension() != ".hpp" && header.extension() != ".h") return;
    for (const char* extension : {".cpp", ".cc"}) {
      fs::path source = header;
      source.replace_extension(extension);
      if (fs::is_regular_file(source) && !keys_.contains("p:" + source.string())) add_problem_file(source);
    }
  }

  std::size_t add_embedded(Origin origin, const std::string& name, std::string_view text) {
    std::string out = flat_name(name);
    if (origin == Origin::library && out.ends_with(".cpp")) out.replace(out.size() - 4, 4, ".ipp");
    const std::string key = (origin == Origin::library ? "l:" : "v:") + name;
    const std::size_t index = add({origin, {}, name, out, std::string(text)}, key);
    if (origin == Origin::library && name.ends_with(".hpp")) {
      const std::string source = name.substr(0, name.size() - 4) + ".cpp";
      if (const auto found = library_.find(source); found != library_.end())
        add_embedded(Origin::library, source, found->second);
    }
    return index;
  }

  std::optional<std::size_t> resolve(std::size_t from, const IncludeLine& include) {
    const Gathered& includer = files_[from];
    if (include.kind == '<') {
      const auto found = vendored_.find(include.target);
      if (found == vendored_.end()) return std::nullopt;  // a system header
      return add_embedded(Origin::vendored, found->first, found->second);
    }
    if (includer.origin == Origin::vendored) {
      const std::string name =
          (fs::path(includer.name).parent_path() / include.target).lexically_normal().generic_string();
      const auto found = vendored_.find(name);
      if (found == vendored_.end()) return std::nullopt;
      return add_embedded(Origin::vendored, found->first, found->second);
    }
    if (includer.origin == Origin::problem) {
      std::vector<fs::path> dirs{includer.disk.parent_path()};
      dirs.insert(dirs.end(), search_dirs_.begin(), search_dirs_.end());
      for (const fs::path& dir : dirs)
        if (fs::is_regular_file(dir / include.target)) {
          const fs::path path = fs::weakly_canonical(dir / include.target);
          if (const auto known = keys_.find("p:" + path.string()); known != keys_.end()) return known->second;
          return add_problem_file(path);
        }
    }
    const auto found = library_.find(include.target);
    if (found == library_.end()) return std::nullopt;
    return add_embedded(Origin::library, found->first, found->second);
  }

  std::string rewritten(const Gathered& file) const {
    std::string text = file.text;
    const std::vector<IncludeAt> includes = includes_of(text);
    for (auto include = includes.rbegin(); include != includes.rend(); ++include) {
      const auto target = file.resolved.find(include->line.kind + include->line.target);
      if (target == file.resolved.end()) continue;
      text.replace(include->begin, include->end - include->begin,
                   fmt::format("#include \"{}\"", files_[target->second].out));
    }
    if (file.origin == Origin::vendored && file.name == "fmt/core.h")
      text =
          "// judge export: fmt is used header-only here (no libfmt to link).\n"
          "#ifndef FMT_HEADER_ONLY\n#define FMT_HEADER_ONLY\n#endif\n" +
          text;
    return text;
  }

  StandaloneProgram assemble() const {
    StandaloneProgram program;
    std::vector<std::string> library_units;
    for (const Gathered& file : files_) {
      program.files.push_back({file.out, rewritten(file), file.origin == Origin::problem});
      if (file.origin == Origin::library) program.uses_interactor_library = true;
      if (file.origin == Origin::library && file.out.ends_with(".ipp")) library_units.push_back(file.out);
    }
    if (!library_units.empty()) {
      std::sort(library_units.begin(), library_units.end());
      std::string unity =
          "// The interactor library of the judge this problem was exported from, compiled as one\n"
          "// unit: its implementation files are the .ipp files beside this one (one unit builds\n"
          "// several times faster than a dozen, each of which would compile fmt again).\n";
      for (const auto& unit : library_units) unity += fmt::format("#include \"{}\"\n", unit);
      program.files.push_back({"interactor_library.cpp", unity, false});
    }
    std::sort(program.files.begin() + 1, program.files.end(),
              [](const SourceFile& a, const SourceFile& b) { return a.path < b.path; });
    return program;
  }

  fs::path main_dir_;
  std::vector<fs::path> search_dirs_;
  EmbeddedIndex library_;
  EmbeddedIndex vendored_;
  std::vector<Gathered> files_;
  std::map<std::string, std::size_t> keys_;
  std::deque<std::size_t> queue_;
};

}  // namespace

std::vector<IncludeLine> include_lines(const std::string& text) {
  std::vector<IncludeLine> lines;
  for (const IncludeAt& include : includes_of(text)) lines.push_back(include.line);
  return lines;
}

StandaloneProgram standalone_program(const fs::path& main_source, const std::vector<fs::path>& search_dirs) {
  return Gatherer(main_source, search_dirs).gather();
}

}  // namespace judge
