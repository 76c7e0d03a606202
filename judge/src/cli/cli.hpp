// The `judge` command line: parses arguments (CLI11) and calls the library. Exit
// status: 0 every test AC; 1 graded, some test not AC; 2 usage or configuration
// error; 3 judge error (an interactor failed, or the judge itself did).
#pragma once

namespace judge {

int run_cli(int argc, char** argv);

}  // namespace judge
