#include "export/package.hpp"

#include <minizip/unzip.h>
#include <sys/stat.h>

#include <fstream>
#include <map>

#include <gtest/gtest.h>

#include "base/errors.hpp"
#include "base/temp_dir.hpp"
#include "base/text_file.hpp"
#include "export/zip_writer.hpp"

namespace judge {
namespace {

namespace fs = std::filesystem;

Package sample_package(const fs::path& copied) {
  Package package;
  package.add_text("problem.yaml", "name: x\n");
  package.add_text("output_validator/build", "#!/bin/sh\n", true);
  package.add_copy("data/secret/01.in", copied);
  return package;
}

TEST(PackageFolder, WritesEveryFileWithItsModeAndRefusesAFolderInTheWay) {
  const TempDir scratch("package-test-");
  std::ofstream(scratch.path() / "01.in") << "5 3\n";
  const Package package = sample_package(scratch.path() / "01.in");
  write_package_folder(package, scratch.path() / "out");
  EXPECT_EQ(read_file(scratch.path() / "out" / "problem.yaml"), "name: x\n");
  EXPECT_EQ(read_file(scratch.path() / "out" / "data" / "secret" / "01.in"), "5 3\n");
  EXPECT_NE(fs::status(scratch.path() / "out" / "output_validator" / "build").permissions() & fs::perms::owner_exec,
            fs::perms::none);
  EXPECT_THROW(write_package_folder(package, scratch.path() / "out"), ConfigError);
  // Nothing is left beside it from the refused export or the written one.
  int entries = 0;
  for ([[maybe_unused]] const auto& entry : fs::directory_iterator(scratch.path())) ++entries;
  EXPECT_EQ(entries, 2);  // 01.in and out
}

TEST(PackageFolder, AnUnreadableSourceLeavesNothing) {
  const TempDir scratch("package-test-");
  const Package package = sample_package(scratch.path() / "missing.in");
  EXPECT_THROW(write_package_folder(package, scratch.path() / "out"), ConfigError);
  EXPECT_TRUE(fs::is_empty(scratch.path()));
}

// The archive as unzip reads it: each entry's bytes and its Unix mode.
std::map<std::string, std::pair<std::string, unsigned>> read_zip(const fs::path& zip) {
  std::map<std::string, std::pair<std::string, unsigned>> entries;
  unzFile archive = unzOpen64(zip.c_str());
  EXPECT_NE(archive, nullptr);
  for (int status = unzGoToFirstFile(archive); status == UNZ_OK; status = unzGoToNextFile(archive)) {
    unz_file_info64 info{};
    char name[512] = {};
    unzGetCurrentFileInfo64(archive, &info, name, sizeof name, nullptr, 0, nullptr, 0);
    std::string bytes(info.uncompressed_size, '\0');
    unzOpenCurrentFile(archive);
    unzReadCurrentFile(archive, bytes.data(), static_cast<unsigned>(bytes.size()));
    unzCloseCurrentFile(archive);
    entries[name] = {bytes, static_cast<unsigned>(info.external_fa >> 16)};
  }
  unzClose(archive);
  return entries;
}

TEST(PackageZip, TheSameFilesAtTheRootWithTheirModesAndTheSameBytesEveryTime) {
  const TempDir scratch("package-test-");
  std::ofstream(scratch.path() / "01.in") << "5 3\n";
  const Package package = sample_package(scratch.path() / "01.in");
  write_package_zip(package, scratch.path() / "p.zip");
  const auto entries = read_zip(scratch.path() / "p.zip");
  ASSERT_EQ(entries.size(), 3u);
  EXPECT_EQ(entries.at("problem.yaml").first, "name: x\n");
  EXPECT_EQ(entries.at("data/secret/01.in").first, "5 3\n");
  EXPECT_EQ(entries.at("output_validator/build").second, 0100755u);
  EXPECT_EQ(entries.at("problem.yaml").second, 0100644u);
  write_package_zip(package, scratch.path() / "again.zip");
  EXPECT_EQ(read_file(scratch.path() / "p.zip"), read_file(scratch.path() / "again.zip"));
  EXPECT_THROW(write_package_zip(package, scratch.path() / "no-such-folder" / "p.zip"), ConfigError);
}

}  // namespace
}  // namespace judge
