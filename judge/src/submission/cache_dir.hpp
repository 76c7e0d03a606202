// Where the compile cache lives, and the checks that make it the judge's own. A cached
// build is run as a contestant's program, so whoever can write the cache decides
// verdicts: another user of the host who made /tmp/judge-cache-0 first could swap a
// cached binary and turn a WA into AC (issue 28). So the judge trusts a cache folder
// only when it is owned by the judge's own uid and writable by nobody else, and every
// folder above it is owned by root or that uid and writable by nobody else, unless it
// is sticky (/tmp: others may add names there but not move or replace the judge's).
// A folder that fails is refused with a message naming it and the reason (exit 2);
// the judge never repairs or takes over a folder that someone else made.
#pragma once

#include <filesystem>

namespace judge {

// The cache folder, checked (and made, mode 0700, if missing): $JUDGE_CACHE_DIR,
// else $XDG_CACHE_HOME/judge, else $HOME/.cache/judge; with none of those set (or a
// HOME the user cannot write, as a service user's /nonexistent),
// /var/cache/judge for root, else $XDG_RUNTIME_DIR/judge-cache, else
// /tmp/judge-cache-UID (made by this judge, 0700, or refused). Throws ConfigError.
std::filesystem::path default_cache_dir();

// Makes `dir` (and missing parents, mode 0700) and checks it and every folder above
// it as said above. Returns it. Throws ConfigError naming the folder that fails.
std::filesystem::path checked_cache_dir(const std::filesystem::path& dir);

}  // namespace judge
