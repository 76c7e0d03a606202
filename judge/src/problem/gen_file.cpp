#include "problem/gen_file.hpp"

#include <sstream>

#include <fmt/core.h>

#include "base/errors.hpp"
#include "base/parse_number.hpp"
#include "base/yaml_file.hpp"

namespace judge {
namespace {

std::string trimmed(std::string text) {
  text.erase(0, text.find_first_not_of(" \t\r"));
  text.erase(text.find_last_not_of(" \t\r") + 1);
  return text;
}

}  // namespace

GenFile parse_gen_file(const std::string& text, const std::filesystem::path& path) {
  GenFile file;
  std::istringstream in(text);
  int number = 0;
  for (std::string line; std::getline(in, line);) {
    ++number;
    const std::size_t hash = line.find('#');
    const std::string command = trimmed(line.substr(0, hash));
    const std::string comment = hash == std::string::npos ? "" : trimmed(line.substr(hash + 1));
    const std::int64_t subtask = file.subtasks.empty() ? 0 : static_cast<std::int64_t>(file.subtasks.size()) - 1;
    if (!command.empty()) {
      file.tests.push_back({split_words(command), {}, subtask, number});
    } else if (comment.starts_with("COPY:")) {
      const std::string copy = trimmed(comment.substr(5));
      if (copy.empty()) throw ConfigError(fmt::format("{}:{}: \"#COPY:\" names no file", path.string(), number));
      file.tests.push_back({{}, copy, subtask, number});
    } else if (comment.starts_with("ST:")) {
      const auto points = parse_finite_number(trimmed(comment.substr(3)));
      if (!points)
        throw ConfigError(fmt::format("{}:{}: \"{}\" must give the subtask's points (\"#ST: 30\")", path.string(),
                                      number, trimmed(line)));
      file.subtasks.push_back({*points, 0});
    } else {
      continue;
    }
    if (!command.empty() || comment.starts_with("COPY:"))
      if (!file.subtasks.empty()) ++file.subtasks.back().tests;
  }
  return file;
}

}  // namespace judge
