#include "export/package.hpp"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>

#include <fmt/core.h>

#include "base/errors.hpp"
#include "base/text_file.hpp"
#include "submission/submission_files.hpp"

namespace judge {
namespace fs = std::filesystem;

void Package::add_text(std::string path, std::string text, bool executable) {
  files.push_back({std::move(path), {}, std::move(text), executable});
}

bool lies_inside(const fs::path& folder, const fs::path& file) {
  if (folder.empty()) return false;
  const fs::path relative =
      fs::absolute(file).lexically_normal().lexically_relative(fs::absolute(folder).lexically_normal());
  return !relative.empty() && *relative.begin() != ".." && relative != ".";
}

void Package::add_copy(std::string path, fs::path source) {
  if (lies_inside(user_folder, source)) {
    std::string refusal;
    if (!read_file_beneath(user_folder, source, refusal)) {
      not_carried.push_back(fmt::format("{} of the problem folder is left out: {}",
                                        shown_name(source.lexically_relative(user_folder).string()), refusal));
      return;
    }
  }
  std::error_code ec;
  const auto status = fs::status(source, ec);
  const bool executable = !ec && (status.permissions() & fs::perms::owner_exec) != fs::perms::none;
  files.push_back({std::move(path), std::move(source), "", executable});
}

bool Package::has(const std::string& path) const {
  for (const PackageFile& file : files)
    if (file.path == path) return true;
  return false;
}

std::string package_file_bytes(const PackageFile& file, const fs::path& user_folder) {
  if (file.source.empty()) return file.text;
  if (lies_inside(user_folder, file.source)) {
    // Read again by the rules: the file may have been swapped for a link since add_copy.
    std::string refusal;
    auto bytes = read_file_beneath(user_folder, file.source, refusal);
    if (!bytes)
      throw ConfigError(fmt::format("{} (for {} of the package) is no longer a file to take: {}",
                                    shown_name(file.source.string()), file.path, refusal));
    return std::move(*bytes);
  }
  auto bytes = read_file(file.source);
  if (!bytes) throw ConfigError(fmt::format("cannot read {} (for {} of the package)", file.source.string(), file.path));
  return std::move(*bytes);
}

namespace {

void write_one(const fs::path& root, const PackageFile& file, const fs::path& user_folder) {
  const fs::path path = root / file.path;
  fs::create_directories(path.parent_path());
  const std::string bytes = package_file_bytes(file, user_folder);
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  out.close();
  if (!out) throw JudgeFault(fmt::format("cannot write {}", path.string()));
  const fs::perms mode = file.executable ? fs::perms(0755) : fs::perms(0644);
  fs::permissions(path, mode, fs::perm_options::replace);
}

}  // namespace

void write_package_folder(const Package& package, const fs::path& dest) {
  std::error_code ec;
  if (fs::exists(dest, ec) && !(fs::is_directory(dest, ec) && fs::is_empty(dest, ec)))
    throw ConfigError(
        fmt::format("{} already exists and is not an empty folder; export into a new folder (or a "
                    "FILE.zip)",
                    dest.string()));
  const fs::path parent = fs::absolute(dest).lexically_normal().parent_path();
  if (!fs::is_directory(parent, ec))
    throw ConfigError(fmt::format("the folder {} (where {} would go) does not exist", parent.string(), dest.string()));
  // Beside the destination, so that the rename stays on one file system.
  std::string pattern = (parent / ".judge-export-XXXXXX").string();
  if (::mkdtemp(pattern.data()) == nullptr)
    throw ConfigError(fmt::format("cannot create a folder in {}: {}", parent.string(), std::strerror(errno)));
  const fs::path staging = pattern;
  try {
    for (const PackageFile& file : package.files) write_one(staging, file, package.user_folder);
    fs::permissions(staging, fs::perms(0755), fs::perm_options::replace);
    // rename(2) replaces an empty folder, and fails (ENOTEMPTY) on anything else.
    fs::rename(staging, dest);
  } catch (...) {
    fs::remove_all(staging, ec);
    throw;
  }
}

}  // namespace judge
