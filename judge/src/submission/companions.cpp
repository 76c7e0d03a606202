#include "submission/companions.hpp"

#include <algorithm>
#include <cctype>

#include <fmt/core.h>

#include "base/errors.hpp"

namespace judge {
namespace fs = std::filesystem;

namespace {

bool has_ending_of(const fs::path& file, const Language& language) {
  const std::string ending = file.extension().string();
  return !ending.empty() && std::find(language.extensions.begin(), language.extensions.end(), ending.substr(1)) !=
                                language.extensions.end();
}

void copy_into(const fs::path& from, const fs::path& to) {
  std::error_code ec;
  fs::create_directories(to.parent_path(), ec);
  fs::copy_file(from, to, fs::copy_options::overwrite_existing, ec);
  if (ec) throw JudgeFault(fmt::format("cannot copy {} to {}: {}", from.string(), to.string(), ec.message()));
}

}  // namespace

std::optional<fs::path> companion_for(const Companions& companions, const Language& language) {
  for (const fs::path& source : companions.sources)
    if (has_ending_of(source, language)) return source;
  return std::nullopt;
}

std::string no_companion_message(const Companions& companions, const Language& language, const Languages& languages) {
  std::string others;
  for (const fs::path& source : companions.sources) {
    const Language* other = languages.by_extension(source);
    others += fmt::format("{}{} ({})", others.empty() ? "" : ", ", other ? other->name : std::string("?"),
                          source.filename().string());
  }
  const std::string wanted = language.extensions.empty() ? std::string() : "." + language.extensions.front();
  return fmt::format(
      "this task compiles every submission with its {}, and it has none for {} ({}{}); it has one "
      "for: {}",
      companions.role, language.name, companions.role, wanted, others.empty() ? "none" : others);
}

std::string assemble_with_companion(const fs::path& source, const fs::path& companion, const Companions& companions,
                                    const fs::path& folder) {
  // The headers first: a companion or a contestant's file of the same name wins.
  for (const fs::path& header : companions.headers) copy_into(header, folder / header.filename());
  copy_into(companion, folder / companion.filename());
  copy_into(source, folder / (companions.name + source.extension().string()));
  return companion.filename().string();
}

std::vector<fs::path> include_folders_for(const fs::path& include_dir, const Language& language) {
  std::vector<std::string> names{"default", language.id};
  if (language.id.starts_with("cpp") && language.id != "cpp") names.back() = "cpp";
  std::vector<fs::path> folders;
  std::error_code ec;
  for (const std::string& name : names)
    if (fs::is_directory(include_dir / name, ec)) folders.push_back(include_dir / name);
  return folders;
}

std::string assemble_with_includes(const fs::path& base, const std::vector<fs::path>& files,
                                   const std::vector<fs::path>& include_folders, const Language& language,
                                   const fs::path& folder) {
  for (const fs::path& file : files) copy_into(base / file, folder / file);
  std::string entry;
  for (const fs::path& include : include_folders) {
    std::vector<fs::path> found;
    std::error_code ec;
    // Links are not followed: an include folder's files are its own.
    for (fs::recursive_directory_iterator it(include, ec), end; !ec && it != end; it.increment(ec))
      if (it->is_regular_file() && !it->is_symlink()) found.push_back(it->path().lexically_relative(include));
    if (ec) throw JudgeFault(fmt::format("cannot read {}: {}", include.string(), ec.message()));
    std::sort(found.begin(), found.end());
    for (const fs::path& file : found) {
      copy_into(include / file, folder / file);
      std::string stem = file.filename().stem().string();
      std::transform(stem.begin(), stem.end(), stem.begin(), [](unsigned char c) { return std::tolower(c); });
      // problemtools takes the mainfile from the language's own folder only.
      if (stem == "main" && has_ending_of(file, language) && include.filename() != "default" && entry.empty())
        entry = file.string();
    }
  }
  return entry;
}

}  // namespace judge
