// The environment of every program the judge starts is made from a short list, not
// inherited: nothing of the judge's own environment (a secret in it, paths of the
// host) reaches a submission or an interactor.
//
//   submission, in judge-box   PATH=box_search_path (/usr/local/bin:/usr/bin:/bin)  HOME=/box  TMPDIR=/tmp
//   submission, --sandbox none PATH as above  HOME and TMPDIR = its working directory
//   interactor                 PATH and HOME as the judge has them (setters' tools),
//                              TMPDIR = the run's private folder
//   compiler (in judge-box)    PATH as above  HOME=/tmp  TMPDIR=/tmp
//   all of them                LANG=C.UTF-8  LC_ALL=C.UTF-8, and JUDGE_RUN_ID when the
//                              judge's own environment sets it (a supervisor finds every
//                              process of a run by it; the test scripts do)
#pragma once

#include <filesystem>

#include "base/search_path.hpp"
#include <string>
#include <utility>
#include <vector>

namespace judge {

using Environment = std::vector<std::pair<std::string, std::string>>;

// What a program sees: `home` and `tmpdir` as the table above says for it.
Environment program_environment(const std::string& home, const std::string& tmpdir);
// The interactor's: the judge's PATH and HOME, TMPDIR the run's folder.
Environment interactor_environment();


}  // namespace judge
