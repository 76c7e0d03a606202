// `judge generate PACKAGE` for an ICPC package (2025-09 or legacy) that carries this
// judge's generators/ (what `judge export` and `judge new` write): generators/manifest.txt
// (manifest.hpp: NAME GENERATOR-ARGS... per line) and one generator, generators/NAME.py
// or the folder generators/NAME/ (C++ sources; build_package_program builds it as any
// package program). Each line's output is NAME.in at every place of data/ that holds
// NAME.in already (a scoring problem's sample is in data/sample/ and data/secret/),
// else data/sample/ when NAME contains "sample" and data/secret/ otherwise; a NAME.in
// without a NAME.ans beside it gets an empty one (the format wants it; an interactive
// problem's answer is the validator's business). Tests that the manifest does not
// list are the setter's hand-made ones: left alone, and said. --check writes nothing
// and compares byte for byte.
#pragma once

#include "generate/generate.hpp"
#include "problem/problem.hpp"

namespace judge {

// Whether `dir` has generators/manifest.txt (then run_icpc_manifest_generate applies).
bool has_icpc_manifest(const std::filesystem::path& dir);

// Exit codes as run_generate_command's.
int run_icpc_manifest_generate(const Problem& problem, const GenerateOptions& options);

}  // namespace judge
