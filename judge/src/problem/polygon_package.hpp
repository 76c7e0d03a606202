// A Polygon package (a folder with problem.xml, as Polygon exports it) read into a
// Problem with the testlib convention (grade/testlib_convention.hpp):
//
//   problem.xml                  name (short-name), the testset "tests" (time limit in
//                                ms, memory limit in bytes, input/answer path patterns
//                                such as tests/%02d and tests/%02d.a, one <test> per
//                                test: method manual or generated with its cmd, sample)
//   files/                       testlib.h, the generators' sources (<executables>)
//   assets interactor, checker   their sources, built once into the cache (with
//                                their folder, where testlib.h is, beside them)
//   assets solutions             the example submissions with their tags (main,
//                                accepted, wrong-answer, presentation-error,
//                                time-limit-exceeded, time-limit-exceeded-or-accepted,
//                                memory-limit-exceeded, time-limit-exceeded-or-memory-
//                                limit-exceeded, failed, rejected; do-not-run is left out)
//
// A test whose input file is in the package is used as it is; a generated test that
// is not (Polygon's packages without tests, whose doall.sh makes them) is generated
// here: the generator named by the first word of its cmd is built from its source
// in <executables>, run with the other words as arguments, its stdout kept in the
// cache under a key of the generator's source and the command, written atomically.
// A test without an answer file gets /dev/null as ANSWER.
#pragma once

#include <filesystem>

#include "problem/problem.hpp"

namespace judge {

// Throws ConfigError for an unreadable or malformed problem.xml, a missing source, a
// generator that fails (with its message).
Problem load_polygon_package(const std::filesystem::path& dir, const std::filesystem::path& cache_dir);

// "tests/%02d" with 7 -> "tests/07" (printf's %d with flags and width, %% for %).
std::string expand_test_pattern(const std::string& pattern, int index);

}  // namespace judge
