// Where a file the user names for a result goes (judge run/verify/validate --json,
// the --csv, --junit and --html of judge batch, merge and report): written so that
// nothing the user did not mean to replace is replaced, nothing someone else
// planted at the name steers the write, and the judge never waits on a reader.
//
//   -, /dev/stdout           the judge's standard output
//   /dev/stderr, /dev/fd/N, /proc/self/fd/N
//                            the judge's own descriptor 2 or N (a shell's `>(jq .)`),
//                            written as its standard output is; never opened by name
//   absent, or a regular file   replaced atomically (write_file_atomically): a reader
//                            sees the old file or the whole new one; the name is
//                            replaced, nothing is written through it. Its folder must
//                            exist: a missing one is refused (ConfigError, exit 2)
//   a symbolic link          refused (ConfigError): another user who can write the
//                            folder could point it at any file the judge may write
//                            (a root judge: /etc/shadow); give the target itself
//   a character device, FIFO written in place (/dev/null, a terminal, a pipe someone
//                            reads), opened with O_NOFOLLOW and O_NONBLOCK: a FIFO
//                            nobody reads is refused (ConfigError) instead of waited
//                            for, and a reader that stops reading for
//                            `stalled_reader_ms` is a JudgeFault
//   a folder, a socket, a block device   refused (ConfigError)
// A write that fails (a full disk, /dev/full) is a JudgeFault: exit status 3.
#pragma once

#include <filesystem>
#include <string>

namespace judge {

enum class OutputKind { standard_output, descriptor, replace_atomically, write_in_place };

struct OutputTarget {
  OutputKind kind = OutputKind::replace_atomically;
  std::filesystem::path path;  // as given
  int fd = -1;                 // standard_output (1) and descriptor: the judge's descriptor
};

// How long a reader of a FIFO or device may keep the judge from writing.
inline constexpr int stalled_reader_ms = 10000;

// `what` names the option in messages ("--json"). Throws ConfigError.
OutputTarget resolve_output(const std::filesystem::path& path, const std::string& what);

// Throws JudgeFault naming the file and the reason, ConfigError for a FIFO nobody
// reads or a name that became a link or a folder since it was resolved.
void write_output(const OutputTarget& target, const std::string& content, const std::string& what = "output");

// resolve_output then write_output.
void write_output_file(const std::filesystem::path& path, const std::string& what, const std::string& content);

}  // namespace judge
