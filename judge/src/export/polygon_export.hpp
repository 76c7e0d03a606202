// A problem as a Polygon package folder (problem.xml, files/, tests/, solutions/),
// the layout Polygon's package download has and its upload takes.
#pragma once

#include "export/package.hpp"
#include "problem/problem.hpp"

namespace judge {

// Throws ConfigError for what cannot be exported.
Package polygon_package(const Problem& problem);

}  // namespace judge
