// The python3 the judge runs Python programs of problems with (a package's .py
// validator, a .py interactor): the one on the user's PATH, by its absolute path
// (the judge execs argv[0] without a PATH search). When that python3 is a launcher
// script, not the interpreter (pyenv's shim is a bash script that starts `pyenv exec`,
// about 150 ms before Python itself starts), it is asked once for sys.executable and
// the interpreter itself is run: same Python, without the launcher's cost on every
// test.
#pragma once

#include <filesystem>
#include <string_view>

namespace judge {

// Throws ConfigError, saying that python3 is needed for `what`, when there is none.
std::filesystem::path python3_for(std::string_view what);

}  // namespace judge
