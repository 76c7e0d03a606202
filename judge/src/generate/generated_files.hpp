// The files `judge generate` owns in a task's folders (task-maker's input/ and
// output/, TPS's tests/): made first into a scratch folder, then compared with the
// committed ones (--check) or put in their place. Only the files a folder's `owns`
// accepts are touched: a README or a hand-made file beside the tests stays.
#pragma once

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

namespace judge {

struct OwnedFolder {
  std::string shown;                // how messages name it: "input", "tests"
  std::filesystem::path committed;  // the task's folder
  std::filesystem::path made;       // the scratch folder the files were made in
  std::function<bool(const std::string& name)> owns;
};

// --check: prints each changed, missing and extra file ("  changed  tests/1-01.out";
// an extra one "(not made from SOURCE)") and "run: judge generate DISPLAY" after them.
// Exit 0 identical, 1 not.
int check_generated(const std::vector<OwnedFolder>& folders, const std::string& source, const std::string& display);

// Removes each owned file that was not made (saying so) and writes each made one
// atomically (base/atomic_file.hpp).
void write_generated(const std::vector<OwnedFolder>& folders, const std::string& source);

}  // namespace judge
