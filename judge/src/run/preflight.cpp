#include "run/preflight.hpp"

#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include <fmt/core.h>

#include "base/atomic_file.hpp"
#include "base/errors.hpp"
#include "base/output_file.hpp"

namespace judge {
namespace fs = std::filesystem;

namespace {

// Creates and removes a temporary file named PREFIX.XXXXXX in `dir`; on failure,
// the reason (strerror), else empty.
std::string try_create_file_in(const fs::path& dir, const std::string& prefix) {
  std::string name = (dir / (prefix + ".XXXXXX")).string();
  const int fd = ::mkostemp(name.data(), O_CLOEXEC);
  if (fd < 0) return std::strerror(errno);
  ::close(fd);
  ::unlink(name.c_str());
  return {};
}

void check_readable(const fs::path& file, const std::string& test_name) {
  const int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    throw ConfigError(fmt::format("test {}: cannot read {}: {}", test_name, file.string(),
                                  std::strerror(errno)));
  ::close(fd);
  std::error_code ec;
  if (!fs::is_regular_file(file, ec) && file != "/dev/null")
    throw ConfigError(fmt::format("test {}: {} is not a file", test_name, file.string()));
}

}  // namespace

void check_result_file(const fs::path& file, const std::string& what) {
  const OutputTarget target = resolve_output(file, what);
  if (target.kind == OutputKind::standard_output || target.kind == OutputKind::descriptor) return;
  if (target.kind == OutputKind::write_in_place) {
    // Not opened now: opening a FIFO and closing it again would end its reader's input.
    if (::access(target.path.c_str(), W_OK) != 0)
      throw ConfigError(fmt::format("{} {}: cannot write to it: {}", what, file.string(), std::strerror(errno)));
    return;
  }
  // Its folder exists (resolve_output refuses a missing one, as README says).
  const fs::path dir = target.path.has_parent_path() ? target.path.parent_path() : fs::path(".");
  // The temporary is named as write_file_atomically names its own.
  if (const std::string error = try_create_file_in(dir, fmt::format(".{}", target.path.filename().string()));
      !error.empty())
    throw ConfigError(fmt::format("{} {}: cannot create a file in {}: {}", what, file.string(),
                                  dir.string(), error));
}

void check_transcripts_dir(const fs::path& dir) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec)
    throw ConfigError(fmt::format("--transcripts {}: cannot create the folder: {}", dir.string(),
                                  ec.message()));
  if (!fs::is_directory(dir, ec))
    throw ConfigError(fmt::format("--transcripts {}: not a folder", dir.string()));
  if (const std::string error = try_create_file_in(dir, ".judge-transcript-check");
      !error.empty())
    throw ConfigError(fmt::format("--transcripts {}: cannot create a file in it: {}",
                                  dir.string(), error));
}

void check_test_files(const Problem& problem, const std::vector<TestCase>& tests, bool every_test) {
  if (every_test) {
    std::error_code ec;
    for (const auto& entry : fs::recursive_directory_iterator(problem.testdata_dir, ec)) {
      if (entry.path().extension() != ".in" || fs::is_regular_file(entry.path(), ec)) continue;
      if (fs::is_symlink(entry.symlink_status(ec)))
        throw ConfigError(fmt::format(
            "test file {} is a broken symbolic link (to {}): restore the file or remove the link",
            entry.path().string(), fs::read_symlink(entry.path(), ec).string()));
      throw ConfigError(fmt::format("test file {} is not a file: rename or remove it",
                                    entry.path().string()));
    }
  }
  for (const TestCase& test : tests) {
    check_readable(test.input, test.name);
    check_readable(test.answer, test.name);
  }
}

}  // namespace judge
