// BoxRequest: one box asked of a judge-box server (`judge-box --serve`,
// process/box_server.hpp), as the judge sends it and the server reads it. Shared by
// the judge and judge-box, so plain C++ and POSIX only (judge-box is static and small).
//
// What the judge's spawn would do between vfork and exec (process.cpp ChildSetup)
// travels with the box's own command line: the CPU, the rlimits, the environment,
// and which descriptor number each passed descriptor becomes. The descriptors
// themselves go beside the message, with SCM_RIGHTS, in the order of `targets`.
//
// On the wire: words, each ended by a NUL byte. The first is the version; then a key
// word and its values: "cpu N" (one per CPU), "rlimit RESOURCE SOFT HARD", "fd TARGET",
// "arg WORD", "env NAME=VALUE"; the last word is "end". Nothing is split at a ':', a newline or a
// space: a word ends only at its NUL, and a word may hold any other byte.
#pragma once

#include <sys/resource.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace judge {

struct BoxRlimit {
  int resource = 0;
  rlim_t soft = 0;
  rlim_t hard = 0;
};

struct BoxRequest {
  // The CPUs B may run on, as a vfork'ed B would have inherited them from the judge's
  // thread (the judge keeps off a pinned test's CPU) or the spawn's CPU; empty: the
  // server's.
  std::vector<int> cpus;
  std::vector<BoxRlimit> rlimits;  // set on B, inherited by its init and the program
  std::vector<int> targets;        // the passed descriptors become these numbers, in order
  std::vector<std::string> argv;   // judge-box's own arguments, without argv[0]
  std::vector<std::string> env;    // the box's whole environment, "NAME=value"
};

// The largest message either side sends or accepts, and the most descriptors: a
// request the judge cannot fit is started the old way (judge-box executed).
inline constexpr std::size_t box_request_max_bytes = 60 * 1024;
inline constexpr std::size_t box_request_max_fds = 32;

std::string encode_box_request(const BoxRequest& request);
// nullopt when the bytes are not one whole request.
std::optional<BoxRequest> decode_box_request(std::string_view bytes);

}  // namespace judge
