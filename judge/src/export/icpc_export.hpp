// A problem as an ICPC 2025-09 problem package (the specification in
// /work/shared/reference; docs/problem-format.md "judge export" has the whole map):
//
//   problem.json                     problem.yaml
//   name, statement.md "# Title"     name (the title; the folder's name without one)
//   time_limit_ms, memory_mib,       limits.time_limit (s), memory (MiB), output (MiB),
//   output_limit_kib,                validation_time (s), validation_memory (MiB)
//   interactor_time_limit_ms,
//   interactor_memory_mib
//   a nextpass.in in the             type multi-pass, limits.validation_passes =
//   interactor, or                   pass_limit; new_second_between_passes becomes the
//   new_second_between_passes        library's --new-second-before-next-pass
//   scoring                          type scoring and test_group.yaml
//                                    (icpc_testdata_export.hpp)
//   interactor (its source)          output_validator/: standalone sources
//                                    (standalone_sources.hpp), or the .py file
//   input_validator                  input_validators/<name>/ (sources) or <name>.py
//   generator, manifest              generators/ (the generator's sources, the
//                                    manifest, a README: judges do not run them)
//   submissions/<verdict>/           submissions/<folder>/, and submissions.yaml for the
//                                    verdicts ICPC has no folder for (PE, QLE: WA; ILE:
//                                    TLE; MLE, OLE: RTE; partially_accepted) and for
//                                    expect-score lines
//   statement.md                     statement/problem.en.tex (rendered by
//                                    statement_latex.hpp, the title as \problemname)
//
// An ICPC package is copied as it is. What the format cannot carry (a wall limit, a
// process limit, a probe pass that is not graded, ...) is listed in
// Package::not_carried and in the package's README.md.
#pragma once

#include <filesystem>
#include <string>

#include "export/package.hpp"
#include "problem/problem.hpp"

namespace judge {

struct ExportOptions {
  // problem.yaml uuid; empty: a name-based UUID (version 5) of the problem's name, so
  // that exporting the same problem again gives the same uuid.
  std::string uuid;
  // Test groups as the legacy format has them: no require_pass, so a subtask's group
  // holds copies of all its tests (the `kattis` export, kattis_export.hpp).
  bool legacy_groups = false;
  // data/sample/NAME.interaction from a run of the first accepted example submission
  // (sample_interactions.hpp): `judge export` and `judge new` ask for them; off, no
  // program runs (the unit tests).
  bool sample_interactions = false;
};

// Throws ConfigError for what cannot be exported at all (an interactor given only as
// an executable, a Polygon problem's testlib interactor, ...), saying why.
Package icpc_package(const Problem& problem, const ExportOptions& options);

// The source of a problem.json problem's interactor (NAME.cpp beside the executable
// it names, or the source it names). ConfigError when there is none, or when the
// interactor speaks testlib's convention.
std::filesystem::path native_interactor_source(const Problem& problem);

// The problem's name as judges show it: statement.md's "# Title", else the folder's
// name.
std::string problem_title(const Problem& problem);

// A version-5 UUID of `name` (in the URL namespace); a random version-4 one when
// `name` is empty.
std::string problem_uuid(const std::string& name);

}  // namespace judge
