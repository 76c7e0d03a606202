// A package as a zip archive, the form DOMjudge and Kattis import (the 2025-09
// specification: "a ZIP-compressed archive of such a directory"): the files at the
// archive's root, as BAPCtools' `bt export` writes a problem's zip and as DOMjudge
// expects problem.yaml, deflated, with their Unix modes (a build or run script stays
// executable) and a fixed date, so that one package gives the same archive every time.
// Written by minizip (zlib's contrib, Debian libminizip-dev, linked statically) to a
// temporary file beside the destination, renamed over it when whole.
#pragma once

#include <filesystem>

#include "export/package.hpp"

namespace judge {

// Throws ConfigError when the folder of `zip` does not exist or cannot be written.
void write_package_zip(const Package& package, const std::filesystem::path& zip);

}  // namespace judge
