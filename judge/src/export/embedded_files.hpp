// Source files compiled into the judge (judge/CMakeLists.txt, embed_source_files), so
// that `judge export` writes an interactor that builds alone from the files this judge
// was built with, wherever the judge is installed: the interactor library
// (interactors/lib, without its tests) and the headers of the two libraries it
// includes, fmt and nlohmann/json (both MIT; their license text is in their headers);
// and the files `judge new` writes (judge/templates/skeleton/).
#pragma once

#include <span>
#include <string_view>

namespace judge {

struct EmbeddedFile {
  std::string_view path;  // relative: "session.cpp", "fmt/core.h", "nlohmann/detail/value_t.hpp"
  std::string_view text;
};

std::span<const EmbeddedFile> embedded_interactor_library();  // "interactor.hpp", "run.cpp", ...
std::span<const EmbeddedFile> embedded_fmt_headers();         // "fmt/core.h", ...
std::span<const EmbeddedFile> embedded_json_headers();        // "nlohmann/json.hpp", ...
// judge/templates/skeleton/: the problem `judge new` writes ("problem.json", "data/manifest.txt", ...).
std::span<const EmbeddedFile> embedded_skeleton();

}  // namespace judge
