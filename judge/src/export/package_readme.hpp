// The README.md `judge export` writes at the top of a package: where it came from,
// what the target format could not carry (the same sentences the export prints on
// stderr), how to check it, and the licenses of the sources copied in.
#pragma once

#include <string>
#include <vector>

#include "problem/problem.hpp"

namespace judge {

// `format`: "ICPC 2025-09", "Polygon". `vendored`: fmt and nlohmann/json were copied
// into a program of the package.
std::string package_readme(const Problem& problem, const std::string& format,
                           const std::vector<std::string>& not_carried, bool vendored);

}  // namespace judge
