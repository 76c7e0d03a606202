// A memory file (memfd_create): a regular file with no name, in no folder, that the
// judge hands a child as a descriptor and reads back through the same descriptor.
// A submission's stderr is one (run/interaction.hpp): what it writes there can take
// neither disk nor memory beyond its limits, whatever the run folder's file system.
//
// Why not a file in the run folder: the run folder is /dev/shm where it is a writable
// tmpfs, else /tmp on disk, and on a disk file system `fallocate(2, FALLOC_FL_KEEP_SIZE,
// 0, 2 GiB)` reserves 2 GiB of blocks beyond the end of the file that RLIMIT_FSIZE
// never sees (the kernel checks the limit against the file's size, which KEEP_SIZE
// leaves alone; ext4 does not check it at all then). A memory file is shmem, as tmpfs
// is: shmem checks RLIMIT_FSIZE for every fallocate, KEEP_SIZE or not (SIGXFSZ, the
// verdict OLE as for a write past the limit), and its pages are charged to the memory
// cgroup of the process that makes them (the submission's), so no more than the
// output limit is ever held, inside the submission's own memory limit.
// Why not a pipe drained by the judge: the judge would copy every byte of an error
// flood through its own thread and would have to stop the program at the output
// limit itself; the kernel already does both for a file.
#pragma once

#include <cstddef>
#include <string>

#include "base/unique_fd.hpp"

namespace judge {

// A new, empty memory file open for reading and writing, close-on-exec; `name` shows
// only in /proc/PID/fd ("memfd:NAME"). Throws std::system_error.
UniqueFd make_memory_file(const char* name);

// The last `max_bytes` bytes of what the file holds (read with pread: the offset the
// writer left is not used).
std::string read_tail(const UniqueFd& file, std::size_t max_bytes);

}  // namespace judge
