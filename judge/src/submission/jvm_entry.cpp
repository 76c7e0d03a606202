#include "submission/jvm_entry.hpp"

#include <algorithm>
#include <cctype>
#include <optional>
#include <regex>
#include <vector>

#include <fmt/core.h>

#include "base/errors.hpp"
#include "base/text_file.hpp"

namespace judge {
namespace fs = std::filesystem;

namespace {

// The text with comments, string, text-block and character literals replaced by
// spaces (newlines kept): what is left is declarations and code.
std::string blanked(std::string_view text) {
  std::string out(text);
  std::size_t i = 0;
  auto blank_to = [&](std::size_t end) {
    for (; i < end && i < out.size(); ++i)
      if (out[i] != '\n') out[i] = ' ';
  };
  while (i < out.size()) {
    if (text.substr(i, 2) == "//") {
      blank_to(text.find('\n', i) == std::string_view::npos ? text.size() : text.find('\n', i));
    } else if (text.substr(i, 2) == "/*") {
      const std::size_t end = text.find("*/", i + 2);
      blank_to(end == std::string_view::npos ? text.size() : end + 2);
    } else if (text.substr(i, 3) == "\"\"\"") {
      const std::size_t end = text.find("\"\"\"", i + 3);
      blank_to(end == std::string_view::npos ? text.size() : end + 3);
    } else if (text[i] == '"' || text[i] == '\'') {
      const char quote = text[i];
      std::size_t end = i + 1;
      while (end < text.size() && text[end] != quote && text[end] != '\n') end += text[end] == '\\' ? 2 : 1;
      blank_to(std::min(end + 1, text.size()));
    } else {
      ++i;
    }
  }
  return out;
}

bool identifier_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$'; }

// Identifiers and the punctuation that shapes declarations ({ } ; ( . @), in order.
std::vector<std::string> tokens_of(const std::string& code) {
  std::vector<std::string> tokens;
  for (std::size_t i = 0; i < code.size();) {
    if (identifier_char(code[i])) {
      std::size_t end = i;
      while (end < code.size() && identifier_char(code[end])) ++end;
      tokens.push_back(code.substr(i, end - i));
      i = end;
    } else {
      if (std::string_view("{};(.@").find(code[i]) != std::string_view::npos) tokens.emplace_back(1, code[i]);
      ++i;
    }
  }
  return tokens;
}

struct OpenType {
  std::string binary_name;  // Outer$Inner
  int depth = 0;            // the depth inside its body
};

struct JavaScan {
  std::string package;
  std::vector<std::string> with_main;  // binary names, in order
  std::vector<std::string> public_top;
  std::vector<std::string> top;
};

bool type_keyword(const std::string& token) {
  return token == "class" || token == "interface" || token == "enum" || token == "record";
}

JavaScan scan_java(const std::vector<std::string>& tokens) {
  JavaScan scan;
  std::vector<OpenType> open;
  std::optional<std::string> pending;  // a declared type whose body opens at the next {
  int depth = 0;
  bool is_public = false, is_static = false;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    const std::string& token = tokens[i];
    const bool after_dot = i > 0 && tokens[i - 1] == ".";
    if (token == "package" && depth == 0) {
      for (++i; i < tokens.size() && tokens[i] != ";"; ++i) scan.package += tokens[i];
    } else if (type_keyword(token) && !after_dot && i + 1 < tokens.size() && identifier_char(tokens[i + 1][0]) &&
               (token != "record" || (i + 2 < tokens.size() && tokens[i + 2] == "("))) {
      const std::string name = tokens[++i];
      pending = open.empty() ? name : open.back().binary_name + "$" + name;
      if (open.empty()) {
        scan.top.push_back(name);
        if (is_public) scan.public_top.push_back(name);
      }
    } else if (token == "public") {
      is_public = true;
    } else if (token == "static") {
      is_static = true;
    } else if (token == "main" && i > 0 && tokens[i - 1] == "void" && i + 1 < tokens.size() && tokens[i + 1] == "(" &&
               is_static && !open.empty() && open.back().depth == depth) {
      scan.with_main.push_back(open.back().binary_name);
    } else if (token == "{") {
      ++depth;
      if (pending) open.push_back({*pending, depth});
      pending.reset();
      is_public = is_static = false;
    } else if (token == "}") {
      if (!open.empty() && open.back().depth == depth) open.pop_back();
      --depth;
      is_public = is_static = false;
    } else if (token == ";") {
      is_public = is_static = false;
    }
  }
  return scan;
}

bool contains(const std::vector<std::string>& names, const std::string& name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

// kotlinc's sanitising of a file name into a class name (letters and digits kept).
std::string kotlin_facade_name(const std::string& stem) {
  std::string name;
  for (char c : stem) name += std::isalnum(static_cast<unsigned char>(c)) || (c & 0x80) ? c : '_';
  if (name.empty()) return "_Kt";
  if (std::isdigit(static_cast<unsigned char>(name[0]))) return "_" + name + "Kt";
  name[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(name[0])));
  return name + "Kt";
}

}  // namespace

JavaEntry java_entry(std::string_view source_text) {
  const JavaScan scan = scan_java(tokens_of(blanked(source_text)));
  JavaEntry entry;
  if (!scan.public_top.empty()) entry.public_class = scan.public_top.front();
  std::string chosen;
  for (const auto& name : scan.with_main)
    if (contains(scan.public_top, name)) chosen = name;
  if (chosen.empty() && !scan.with_main.empty()) chosen = scan.with_main.front();
  if (!chosen.empty()) entry.main_class = scan.package.empty() ? chosen : scan.package + "." + chosen;
  return entry;
}

std::string kotlin_main_class(std::string_view source_text, const fs::path& file) {
  const std::string code = blanked(source_text);
  std::string package;
  static const std::regex package_line(R"re((^|\n)[ \t]*package[ \t]+([A-Za-z_][A-Za-z0-9_.]*))re");
  if (std::smatch match; std::regex_search(code, match, package_line)) package = match[2].str() + ".";
  // @file:JvmName("Name"): the string is blanked in `code`, so read it from the text.
  static const std::regex jvm_name(R"re(@file\s*:\s*JvmName\s*\(\s*"([^"]+)"\s*\))re");
  const std::string text(source_text);
  if (std::smatch match; std::regex_search(text, match, jvm_name)) return package + match[1].str();
  return package + kotlin_facade_name(file.stem().string());
}

void find_jvm_entry(Sources& sources) {
  const fs::path& entry = sources.entry;
  const std::string ending = entry.extension().string();
  if (ending != ".java" && ending != ".kt") return;
  const auto text = read_file(sources.base / entry);
  if (!text) return;
  if (ending == ".kt") {
    sources.entry_class = kotlin_main_class(*text, entry);
    return;
  }
  const JavaEntry java = java_entry(*text);
  if (!java.main_class.empty()) sources.entry_class = java.main_class;
  if (!java.public_class.empty() && entry.stem() != java.public_class)
    sources.compiled_as[entry] = entry.parent_path() / (java.public_class + ".java");
}

Sources staged_under_compiled_names(const Sources& sources, const fs::path& folder) {
  if (sources.compiled_as.empty()) return sources;
  Sources staged = sources;
  staged.base = folder;
  staged.root = folder;
  staged.compiled_as.clear();
  auto renamed = [&](const fs::path& file) {
    const auto found = sources.compiled_as.find(file);
    return found == sources.compiled_as.end() ? file : found->second;
  };
  for (auto* list : {&staged.files, &staged.language_files})
    for (auto& file : *list) file = renamed(file);
  staged.entry = renamed(sources.entry);
  std::error_code ec;
  for (const auto& file : sources.files) {
    fs::create_directories((folder / renamed(file)).parent_path(), ec);
    fs::copy_file(sources.base / file, folder / renamed(file), fs::copy_options::overwrite_existing, ec);
    if (ec) throw JudgeFault(fmt::format("cannot copy {} to compile it: {}", file.string(), ec.message()));
  }
  return staged;
}

}  // namespace judge
