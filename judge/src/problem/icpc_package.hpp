// An ICPC/Kattis problem package (a folder with problem.yaml) read into a Problem:
// the legacy format (problem.yaml without problem_format_version, or "legacy",
// "legacy-icpc") and 2023-07 and later ("2023-07", "2023-07-draft", "2025-09",
// "2025-09-draft", "draft"). The public specification decides; where it is silent,
// problemtools' behaviour does.
//
//   problem.yaml                 Problem
//   name (string, or map of      name ("en", else the first language; when absent,
//   languages)                   the statement's \problemname, else the folder's name)
//   validation: custom           mode interactive; legacy
//   interactive / type:
//   interactive (or a list
//   holding it)
//   custom multi-pass /          limits.passes = limits.validation_passes (default 2);
//   type: multi-pass             without interactive: mode offline. A problem that is
//                                not multi-pass gets one pass (a nextpass.in from its
//                                validator is then more passes than allowed: JE)
//   type: scoring / validation   scoring {"type": "icpc_groups", ...} (scoring.hpp)
//   ... score / type: scoring
//   limits.time_limit (s)        limits.cpu_ms; else the package root's .timelimit
//                                (seconds, DOMjudge/BAPCtools), else
//                                domjudge-problem.ini timelimit; else
//                                time_limit_rule, and cpu_ms is a placeholder
//   limits.time_multipliers      time_limit_rule.ac_to_time_limit, time_limit_to_tle
//   limits.time_resolution       time_limit_rule.resolution_s (default 1.0)
//   legacy limits                problemtools reads time_multiplier as
//   .time_multiplier (5),        ac_to_time_limit and time_safety_margin as
//   .time_safety_margin (2)      time_limit_to_tle (its metadata.py, and BAPCtools'
//                                upgrade does the same); the resolution is 1 s.
//                                problemtools rounds the limit to the nearest second;
//                                we take the specification's smallest multiple that
//                                meets both bounds for every version
//   limits.memory, output (MiB)  limits.memory_kib, output_kib (defaults: the spec's
//                                typical system defaults, 2048 and 8 MiB)
//   limits.validation_time (s),  limits.interactor_cpu_ms, interactor_memory_kib
//   validation_memory (MiB)      (defaults 60 s, 2048 MiB)
//   output_validator/ (2023+),   interactor_command, built by program_build.hpp
//   output_validators/<one>/     (each version reads both layouts, its own first);
//   (legacy)                     interactor_working_dir for build/run scripts; a
//                                legacy folder of files only is one program
//                                (DOMjudge's reading: interactor.cpp + testlib.h)
//   data/                        tests (icpc_testdata.hpp)
//   submissions/                 submissions_dir (expectations.hpp reads it)
//   include/                     include_dir: include/default/ and include/<language>/
//                                join every submission of that language (companions.hpp)
//
// Unknown problem.yaml keys: the specification says "Any unknown keys should be
// treated as an error", but real packages carry keys of other versions and tools
// (the specification's own 2025-09 example has source_url; DOMjudge's legacy
// boolfind has validator_args: /work/notes/real-packages.md). So an unknown key is a
// warning naming the closest known key (`typ` -> `type`: a misspelt type would
// otherwise judge an interactive problem as pass-fail without a word), said by
// `judge run` too, and an error under `judge verify --strict`. Also warnings, with
// the rest judged (BAPCtools judges such packages; problemtools calls them errors):
// an empty or missing data/secret (git keeps no empty folder), no statement, no
// input validator. A package with no custom output validator (the
// default validator) or of type submit-answer is a ConfigError: this judge runs
// problems whose validator is the package's own program.
#pragma once

#include <filesystem>

#include "problem/problem.hpp"

namespace judge {

struct PackageOptions {
  std::filesystem::path cache_dir;  // where the output validator is built (programs/)
};

// The CPU limit `judge run` uses for a package that gives no time limit, until
// `judge verify` infers one: generous, so that an accepted submission is not cut
// short, and short enough that a time_limit_exceeded one does not hold a run up.
inline constexpr std::int64_t placeholder_time_limit_ms = 10000;

// Throws ConfigError for every mistake, naming the file and the key.
Problem load_icpc_package(const std::filesystem::path& dir, const PackageOptions& options);

}  // namespace judge
