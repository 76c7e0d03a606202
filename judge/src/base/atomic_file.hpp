// write_file_atomically: a result file is either the old one or the whole new one,
// never half of it. The content goes to a temporary in the same folder (unnamed,
// O_TMPFILE, where the file system has it, so a judge killed even by SIGKILL leaves
// nothing behind), is synced, then renamed over the target; the folder is synced
// after the rename.
#pragma once

#include <filesystem>
#include <string>

namespace judge {

// Throws JudgeFault naming the file and the reason (the old file stays as it was).
void write_file_atomically(const std::filesystem::path& path, const std::string& content);

}  // namespace judge
