// What `judge run` checks before it runs any test, so that a mistake costs a
// second instead of a whole run that then cannot be saved: the result file can be
// created where --json says, the transcript folder can be written, every selected
// test file can be read, and no *.in of the problem is a broken link that listing
// the tests would skip in silence. Each failure is a ConfigError (exit status 2)
// that names the file and says what to do. A disk that fills up during the run is
// still found only when the result is written (exit status 3).
#pragma once

#include <filesystem>
#include <vector>

#include "base/errors.hpp"
#include "problem/tests.hpp"

namespace judge {

// --json FILE (`what` names the option): FILE can be written by the rules of
// base/output_file.hpp (no link, an existing folder); for a file replaced atomically
// a file can be created in its folder (a temporary, removed at once: a read-only or
// full file system, or missing permissions, show up here).
void check_result_file(const std::filesystem::path& file, const std::string& what);

// --transcripts DIR: DIR exists (it is created if missing) and a file can be
// created in it.
void check_transcripts_dir(const std::filesystem::path& dir);

// Every selected test's input (and answer, if it has one) can be opened for
// reading. With every_test (no --tests given), also: each *.in entry of the
// problem's testdata folder is a file (a dangling symbolic link is a test that
// went missing, not one to leave out).
void check_test_files(const Problem& problem, const std::vector<TestCase>& tests, bool every_test);

}  // namespace judge
