#include "process/box_request.hpp"

#include <sched.h>

#include "base/parse_number.hpp"

namespace judge {
namespace {

constexpr std::string_view version = "judge-box-request-1";

void add(std::string& out, std::string_view word) {
  out.append(word);
  out.push_back('\0');
}

// The words of `bytes`, each ended by its NUL; nullopt if the last one is not ended.
std::optional<std::vector<std::string_view>> split_request_words(std::string_view bytes) {
  std::vector<std::string_view> words;
  while (!bytes.empty()) {
    const std::size_t end = bytes.find('\0');
    if (end == std::string_view::npos) return std::nullopt;
    words.push_back(bytes.substr(0, end));
    bytes.remove_prefix(end + 1);
  }
  return words;
}

}  // namespace

std::string encode_box_request(const BoxRequest& request) {
  std::string out;
  add(out, version);
  for (int cpu : request.cpus) {
    add(out, "cpu");
    add(out, std::to_string(cpu));
  }
  for (const BoxRlimit& limit : request.rlimits) {
    add(out, "rlimit");
    add(out, std::to_string(limit.resource));
    add(out, std::to_string(static_cast<unsigned long long>(limit.soft)));
    add(out, std::to_string(static_cast<unsigned long long>(limit.hard)));
  }
  for (int target : request.targets) {
    add(out, "fd");
    add(out, std::to_string(target));
  }
  for (const std::string& word : request.argv) {
    add(out, "arg");
    add(out, word);
  }
  for (const std::string& entry : request.env) {
    add(out, "env");
    add(out, entry);
  }
  add(out, "end");
  return out;
}

std::optional<BoxRequest> decode_box_request(std::string_view bytes) {
  const std::optional<std::vector<std::string_view>> words = split_request_words(bytes);
  if (!words || words->size() < 2 || words->front() != version || words->back() != "end") return std::nullopt;
  BoxRequest request;
  // Each key takes the values after it; a missing or malformed value is a bad request.
  for (std::size_t i = 1; i + 1 < words->size();) {
    const std::string_view key = (*words)[i];
    const std::size_t values = key == "rlimit" ? 3 : 1;
    // Its values come before the last word, "end".
    if (i + values >= words->size() - 1) return std::nullopt;
    const std::string_view value = (*words)[i + 1];
    if (key == "cpu") {
      const std::optional<int> cpu = parse_integer<int>(value);
      if (!cpu || *cpu < 0 || *cpu >= CPU_SETSIZE) return std::nullopt;
      request.cpus.push_back(*cpu);
    } else if (key == "rlimit") {
      const auto resource = parse_integer<int>(value);
      const auto soft = parse_integer<unsigned long long>((*words)[i + 2]);
      const auto hard = parse_integer<unsigned long long>((*words)[i + 3]);
      if (!resource || !soft || !hard || *resource < 0) return std::nullopt;
      request.rlimits.push_back({*resource, static_cast<rlim_t>(*soft), static_cast<rlim_t>(*hard)});
    } else if (key == "fd") {
      const std::optional<int> target = parse_integer<int>(value);
      if (!target || *target < 0 || *target > 1 << 20) return std::nullopt;
      request.targets.push_back(*target);
    } else if (key == "arg") {
      request.argv.emplace_back(value);
    } else if (key == "env") {
      request.env.emplace_back(value);
    } else {
      return std::nullopt;
    }
    i += 1 + values;
  }
  if (request.targets.size() > box_request_max_fds) return std::nullopt;
  // Two descriptors for one number: the second would silently replace the first.
  for (std::size_t a = 0; a < request.targets.size(); ++a)
    for (std::size_t b = a + 1; b < request.targets.size(); ++b)
      if (request.targets[a] == request.targets[b]) return std::nullopt;
  return request;
}

}  // namespace judge
