// What a test reads back from a file it made or the judge wrote: the file's bytes, ""
// when it is missing. One helper for every test file of judge_core_test (they are
// compiled in unity batches, where two file-local helpers of one name would clash).
#pragma once

#include <filesystem>
#include <string>

#include "base/text_file.hpp"

namespace judge::test_support {

inline std::string text_of(const std::filesystem::path& path) { return read_file(path).value_or(""); }

}  // namespace judge::test_support
