#include "export/export_command.hpp"

#include <algorithm>
#include <cctype>
#include <iostream>

#include <fmt/core.h>

#include "base/errors.hpp"
#include "base/plural.hpp"
#include "base/temp_dir.hpp"
#include "base/text_file.hpp"
#include "export/cms_export.hpp"
#include "export/icpc_export.hpp"
#include "export/kattis_export.hpp"
#include "export/polygon_export.hpp"
#include "export/zip_writer.hpp"

namespace judge {
namespace fs = std::filesystem;

namespace {

Package icpc_format(const Problem& problem, const ExportCommandOptions& options) {
  ExportOptions export_options{options.uuid};
  export_options.sample_interactions = true;
  return icpc_package(problem, export_options);
}

Package kattis_format(const Problem& problem, const ExportCommandOptions& options) {
  ExportOptions export_options{options.uuid};
  export_options.sample_interactions = true;
  return kattis_package(problem, export_options);
}

Package polygon_format(const Problem& problem, const ExportCommandOptions&) { return polygon_package(problem); }

// CMS's exporter writes a folder (cms_export.hpp): written into a temporary one and
// taken back as a Package, so a .zip and the atomic folder write serve it too. What it
// changed on the way is said as what was not carried (its README.md lists it as well).
Package cms_format(const Problem& problem, const ExportCommandOptions&) {
  const TempDir scratch("judge-export-cms-");
  const fs::path folder = scratch.path() / "task";
  const CmsExport exported = export_cms_task(problem, folder);
  Package package;
  std::vector<fs::path> files;
  for (const auto& entry : fs::recursive_directory_iterator(folder))
    if (entry.is_regular_file()) files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  for (const fs::path& file : files) {
    std::optional<std::string> bytes = read_file(file);
    if (!bytes) throw JudgeFault(fmt::format("cannot read back {} of the CMS export", file.string()));
    const bool executable = (fs::status(file).permissions() & fs::perms::owner_exec) != fs::perms::none;
    package.add_text(file.lexically_relative(folder).generic_string(), std::move(*bytes), executable);
  }
  package.not_carried = exported.notes;
  return package;
}

const ExportFormat* find_format(const std::string& name) {
  for (const ExportFormat& format : export_formats())
    if (name == format.name) return &format;
  return nullptr;
}

}  // namespace

std::span<const ExportFormat> export_formats() {
  static constexpr ExportFormat formats[] = {
      {"icpc", "ICPC 2025-09", icpc_format},
      {"kattis", "legacy (Kattis, DOMjudge)", kattis_format},
      {"domjudge", "legacy (Kattis, DOMjudge)", kattis_format},
      {"polygon", "Polygon", polygon_format},
      {"cms", "CMS task folder (italy_yaml)", cms_format},
  };
  return formats;
}

Package export_package(const Problem& problem, const ExportCommandOptions& options) {
  if (const ExportFormat* format = find_format(options.format)) return format->make(problem, options);
  std::string names;
  for (const ExportFormat& format : export_formats()) names += std::string(names.empty() ? "" : ", ") + format.name;
  throw ConfigError(fmt::format("--format {}: use one of {}", options.format, names));
}

int run_export_command(const ExportCommandOptions& options) {
  const Problem problem = load_problem(options.problem, JudgePaths::from_environment());
  const Package package = export_package(problem, options);
  const fs::path dest = options.dest;
  // A missing parent folder is made, as `mkdir -p` would: DEST names the new package.
  if (std::error_code ec; !dest.parent_path().empty()) fs::create_directories(dest.parent_path(), ec);
  const bool zip = dest.extension() == ".zip";
  if (zip) write_package_zip(package, dest);
  else
    write_package_folder(package, dest);
  for (const std::string& item : package.not_carried) std::cerr << "judge export: not carried: " << item << "\n";
  const std::string stem = dest.stem().string();
  if ((options.format == "icpc" || options.format == "kattis" || options.format == "domjudge") &&
      !std::all_of(stem.begin(), stem.end(), [](unsigned char c) { return std::islower(c) || std::isdigit(c); }))
    std::cerr << fmt::format(
        "judge export: note: the ICPC format names a package folder (or NAME.zip) with a-z and "
        "0-9 only; {} is not\n",
        stem);
  if (!options.quiet)
    std::cout << fmt::format(
        "{}: {} written to {} ({} package){}\n", problem.name, count_of(package.files.size(), "file"), dest.string(),
        find_format(options.format)->description,
        package.not_carried.empty() ? ""
                                    : fmt::format("; not carried: {} (README.md lists {})", package.not_carried.size(),
                                                  package.not_carried.size() == 1 ? "it" : "them"));
  return 0;
}

}  // namespace judge
