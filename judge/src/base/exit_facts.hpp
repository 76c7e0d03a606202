// ExitFacts: how one program of a test ended, as wait4 (or judge-box's init, which
// reaps the boxed program with wait4) reported it. CPU time and peak memory are the
// program's own figures, never a wrapper's.
#pragma once

#include <cstdint>
#include <string>

namespace judge {

struct ExitFacts {
  bool signaled = false;
  int exit_code = 0;  // when !signaled
  int signal = 0;     // when signaled
  std::int64_t cpu_ms = 0;    // user + system
  std::int64_t peak_kib = 0;  // ru_maxrss
  std::int64_t wall_ms = 0;   // from spawn to reaping
};

// "SIGSEGV", or "signal 77" for a number without a name.
std::string signal_name(int signal);

}  // namespace judge
