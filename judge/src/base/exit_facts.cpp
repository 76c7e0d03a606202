#include "base/exit_facts.hpp"

#include <string.h>

#include <fmt/core.h>

namespace judge {

std::string signal_name(int signal) {
  const char* abbrev = ::sigabbrev_np(signal);
  if (abbrev == nullptr) return fmt::format("signal {}", signal);
  return fmt::format("SIG{}", abbrev);
}

}  // namespace judge
