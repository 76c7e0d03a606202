// A host uid of its own for every box alive at once (issue 45), as isolate gives each
// box id its own uid.
//
// Why: what the kernel keys by uid is shared by every process of that uid whatever
// its namespaces. With one uid for all boxes, a box read the keys another box made in
// /proc/keys (a key is visible to its owner's uid), the key count of their common
// uid in /proc/key-users, and RLIMIT_NPROC counts the processes of every box together;
// signals by uid are kept apart only by the pid namespaces. With a uid per box, two
// boxes that run at once (two processes of a CMS Communication test, the tests of two
// `judge batch -j 2` workers, a compile beside a test) share nothing keyed by uid.
//
// How: the uids first_uid .. first_uid + count - 1 are slots; a box leases one by
// taking an exclusive flock on the slot's file in a folder only root may write
// (/run/judge-box/uids, made 0700). The box (judge-box's B, still root) holds the
// lock until it exits, so no other box on the machine, of this judge or of another,
// gets that uid while any process of it may live (B waits for the box's init, whose
// end ends every process of the box). The slot to try first is random, so that a
// uid is seldom the one the box before had, and a uid that still owns a key is passed
// over (the kernel frees a dead box's keys in its own time: /proc/key-users), so no
// box ever sees a key another box made.
#pragma once

#include <sys/types.h>

#include <string>

namespace judge_box {

// The range the judge's boxes run in: outside the uids Debian gives users and system
// accounts (below 60000, 65534 "nobody"), systemd's dynamic users (61184-65519) and
// subordinate-uid ranges (100000 and up, 65536 a user), and isolate's (60000 and up).
inline constexpr uid_t box_first_uid = 1'900'000'000;
inline constexpr unsigned box_uid_count = 4096;
inline constexpr const char* box_uid_folder = "/run/judge-box/uids";

struct UidLease {
  uid_t uid = 0;
  int lock_fd = -1;     // close-on-exec; the lease ends when it is closed
  std::string failure;  // why no uid could be leased ("" : leased)
};

// Leases a free uid of [first_uid, first_uid + count) in `folder` (made, with its
// parent, 0700 if missing; refused unless root owns it and nobody else may write it).
// Root only.
UidLease lease_uid(const std::string& folder, uid_t first_uid, unsigned count);

}  // namespace judge_box
