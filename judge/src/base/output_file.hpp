// Where a file the user names for a result goes (judge run --json, the reports of
// judge batch, merge and report): written so that nothing the user did not mean to
// replace is replaced.
//
//   -                        the judge's standard output
//   absent, or a regular file   replaced atomically (write_file_atomically): a reader
//                            sees the old file or the whole new one
//   a symbolic link          followed: its target is what is written (by the rules
//                            here), the link stays a link
//   a character device, FIFO written in place (/dev/null, /dev/stdout, a pipe someone
//                            reads): never replaced by a regular file
//   a folder, a socket, a block device, a link loop   refused (ConfigError)
// A write that fails (a full disk, /dev/full) is a JudgeFault: exit status 3.
#pragma once

#include <filesystem>
#include <string>

namespace judge {

enum class OutputKind { standard_output, replace_atomically, write_in_place };

struct OutputTarget {
  OutputKind kind = OutputKind::replace_atomically;
  std::filesystem::path path;  // the file to write (a link's target, resolved)
};

// `what` names the option in messages ("--json"). Throws ConfigError.
OutputTarget resolve_output(const std::filesystem::path& path, const std::string& what);

// Throws JudgeFault naming the file and the reason.
void write_output(const OutputTarget& target, const std::string& content);

// resolve_output then write_output.
void write_output_file(const std::filesystem::path& path, const std::string& what, const std::string& content);

}  // namespace judge
