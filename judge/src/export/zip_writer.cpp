#include "export/zip_writer.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <memory>

#include <fmt/core.h>
#include <minizip/zip.h>

#include "base/errors.hpp"

namespace judge {
namespace fs = std::filesystem;

namespace {

struct ZipCloser {
  void operator()(void* zip) const {
    if (zip != nullptr) zipClose(zip, nullptr);
  }
};

void add_entry(zipFile zip, const PackageFile& file, const fs::path& user_folder, const fs::path& archive) {
  const std::string bytes = package_file_bytes(file, user_folder);
  zip_fileinfo info{};
  // 2020-01-01 00:00: a fixed date, so the archive depends on the files only.
  info.tmz_date = {0, 0, 0, 1, 0, 2020};
  const unsigned mode = file.executable ? 0100755 : 0100644;
  info.external_fa = static_cast<uLong>(mode) << 16;  // Unix mode in the high half
  constexpr uLong unix_made_by = 3 << 8;              // "version made by": Unix, so the mode is read
  const int opened = zipOpenNewFileInZip4_64(zip, file.path.c_str(), &info, nullptr, 0, nullptr, 0, nullptr, Z_DEFLATED,
                                             Z_DEFAULT_COMPRESSION, 0, -MAX_WBITS, DEF_MEM_LEVEL, Z_DEFAULT_STRATEGY,
                                             nullptr, 0, unix_made_by, 0, bytes.size() >= 0xffffffffu ? 1 : 0);
  if (opened != ZIP_OK || zipWriteInFileInZip(zip, bytes.data(), static_cast<unsigned>(bytes.size())) != ZIP_OK ||
      zipCloseFileInZip(zip) != ZIP_OK)
    throw ConfigError(fmt::format("cannot write {} into {} (disk full?)", file.path, archive.string()));
}

}  // namespace

void write_package_zip(const Package& package, const fs::path& zip) {
  const fs::path parent = fs::absolute(zip).lexically_normal().parent_path();
  std::error_code ec;
  if (!fs::is_directory(parent, ec))
    throw ConfigError(fmt::format("the folder {} (where {} would go) does not exist", parent.string(), zip.string()));
  std::string pattern = (parent / ".judge-export-XXXXXX.zip").string();
  const int fd = ::mkstemps(pattern.data(), 4);
  if (fd < 0) throw ConfigError(fmt::format("cannot create a file in {}: {}", parent.string(), std::strerror(errno)));
  ::close(fd);
  const fs::path temporary = pattern;
  try {
    {
      // APPEND_STATUS_CREATE truncates the empty file mkstemps made.
      std::unique_ptr<void, ZipCloser> archive(zipOpen64(temporary.c_str(), APPEND_STATUS_CREATE));
      if (!archive) throw ConfigError(fmt::format("cannot write {}", temporary.string()));
      for (const PackageFile& file : package.files) add_entry(archive.get(), file, package.user_folder, zip);
      const int closed = zipClose(archive.release(), nullptr);
      if (closed != ZIP_OK) throw ConfigError(fmt::format("cannot finish {} (disk full?)", zip.string()));
    }
    fs::permissions(temporary, fs::perms(0644), fs::perm_options::replace);
    fs::rename(temporary, zip);
  } catch (...) {
    fs::remove(temporary, ec);
    throw;
  }
}

}  // namespace judge
