#include "export/package_readme.hpp"

#include <fmt/core.h>

namespace judge {

std::string package_readme(const Problem& problem, const std::string& format,
                           const std::vector<std::string>& not_carried, bool vendored) {
  std::string text = fmt::format(
      "# {}\n\nA {} package made by `judge export` from {} ({}).\n\n"
      "## What the format could not carry\n\n",
      problem.name, format, problem.dir.filename().string(), format_name(problem.format));
  if (not_carried.empty()) text += "Nothing: the package judges as the problem did.\n";
  for (const std::string& item : not_carried) text += "- " + item + "\n";
  text += "\n## Checking it\n\n`judge verify .` runs every example submission and checks what each must get.\n";
  if (vendored)
    text +=
        "\n## Sources copied in\n\n"
        "The interactor's folder holds this judge's interactor library and the headers of two\n"
        "libraries it uses, so that it builds with a C++ compiler and nothing else installed\n"
        "(`g++ -O2 -std=gnu++20 *.cpp`), all in the one folder as the formats ask (a header\n"
        "fmt/core.h is fmt_core.h there): {fmt} (fmt_*.h, MIT license, in fmt_format.h) and JSON\n"
        "for Modern C++ (nlohmann_*.hpp, MIT license, in each file's header).\n";
  return text;
}

}  // namespace judge
