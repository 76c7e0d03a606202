// A folder only the judge's user can change: where the judge keeps what other users
// of a shared host must not steer (the CPU locks, process/cpu_claim.hpp; the run
// folders, process/private_tmpdir.hpp). A name in /tmp can be planted by anyone
// before the judge comes: a symbolic link to a folder of root's, a folder of another
// user's. So a private folder is made (mkdirat) or found in a base folder already
// open, opened with O_NOFOLLOW | O_DIRECTORY (a link at the name is refused by the
// kernel, not checked and then raced), and checked with fstat on what was opened:
// owned by the judge's user, writable by no one else. Anything else is refused with
// a ConfigError that names the folder, its owner or mode, and what to do: the judge
// never repairs or takes over what someone else made.
#pragma once

#include <sys/types.h>

#include <filesystem>
#include <string>

#include "base/unique_fd.hpp"

namespace judge {

// A base folder: one others may write into but that keeps their entries apart from
// the judge's (/tmp, /dev/shm, /run, $XDG_RUNTIME_DIR, $TMPDIR): owned by root or the
// judge's user, and sticky if others can write it (nobody can then rename or remove
// what the judge makes in it). Opened following links (its name is the system's or
// the user's choice). Throws ConfigError.
UniqueFd open_base_folder(const std::filesystem::path& base);

// `name` in the open folder `parent`, made with `mode` if missing, opened and checked
// as above. `shown` is its path, for messages. Throws ConfigError.
UniqueFd open_private_folder(const UniqueFd& parent, const std::string& name, mode_t mode,
                             const std::filesystem::path& shown);

// base/relative: open_base_folder(base), then each folder of `relative` with
// open_private_folder. Throws ConfigError.
UniqueFd open_private_path(const std::filesystem::path& base, const std::filesystem::path& relative,
                           mode_t mode = 0700);

// Whether the open folder `fd` is the judge user's own and writable by no one else
// (the check above); "" when it is, else why not.
std::string why_not_private(int fd);

}  // namespace judge
