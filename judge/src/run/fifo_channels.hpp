// FifoChannels: the FIFOs of one CMS Communication test, named as CMS names them
// (FOLDER/fifoI/uI_to_m and FOLDER/fifoI/m_to_uI for process I), and the judge's own
// hold on them, which keeps for every process the rules the judge keeps for an
// interactor's pipes (process/pipe_keeper.hpp) and CMS's opening order:
//
//   the manager      opens the FIFOs by the paths it is given and never blocks in
//                    that open: the judge holds a reader of each m_to_uI and a writer
//                    of each uI_to_m from the start
//   a process        opens its ends again by /proc/self/fd (judge-box does it for
//                    std_io; the program itself, by the paths its arguments give, for
//                    fifo_io); the open of its input blocks until the manager has
//                    opened m_to_uI, as in CMS's sandbox: the process never reads an
//                    end-of-file the manager did not send (the judge holds no writer
//                    of m_to_uI), and the manager's close reaches it at once
//   rule 1           the manager never gets SIGPIPE because a process ended: the
//                    judge's reader of m_to_uI is drained once process I is reaped
//   rule 3           the manager sees process I's end-of-file only once it is reaped
//                    and all it wrote has been passed on: the judge's writer of
//                    uI_to_m goes then
//   the manager gone a process still blocked in opening its input is let through (the
//                    judge opens the other end for a moment, on every turn until the
//                    process is reaped): it then reads end-of-file and ends by itself
//
// A boxed process (the relay, issue 45) never holds a description the judge holds:
//   its input        a reader of m_to_uI opened for it alone: whatever it does to its
//                    descriptor's flags (O_NONBLOCK cleared) changes nothing of the
//                    judge's, whose reads never block
//   its output       the write end of a pipe of its own, which the judge reads (on
//                    every turn of the test's GroupWatch, never blocking) and passes on
//                    into uI_to_m, counting: past `output_limit_bytes` (the output
//                    limit, at least 64 MiB: base/limits.hpp) it passes
//                    nothing more and names the process in over_output_limit(), and
//                    the watch stops it (OLE, the process's fault: a flood can no
//                    longer keep the manager reading until the wall limit). At most
//                    max_pending_bytes wait to be passed on; until they are, the
//                    judge reads no more of that pipe, as a full FIFO would stop the
//                    process. When the manager closes uI_to_m, the judge closes the
//                    pipe: the process's next write is EPIPE (or SIGPIPE), as it
//                    would be on the FIFO
// Unboxed (--sandbox none) processes open the FIFOs by path and nothing is relayed.
//
// The folder is private to the judge (0700); the FIFOs are 0666 for the boxed
// program, which reaches them only through its own descriptors. Descriptors are
// close-on-exec; the judge hands each process its two ends as judge-box descriptors.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "base/unique_fd.hpp"
#include "process/group_watch.hpp"

namespace judge {

struct FifoPair {
  std::filesystem::path user_to_manager;  // uI_to_m
  std::filesystem::path manager_to_user;  // m_to_uI
  // The judge's own ends: a reader of m_to_uI (drained once the process is gone) and
  // the writer of uI_to_m the relay writes into.
  std::shared_ptr<UniqueFd> to_user;
  std::shared_ptr<UniqueFd> from_user;
  // The box's ends (relayed channels only; released once the box holds them): a reader
  // of m_to_uI of its own, and the write end of the relay pipe.
  std::shared_ptr<UniqueFd> box_input;
  std::shared_ptr<UniqueFd> box_output;
};

class FifoChannels : public GroupKeeper {
 public:
  static constexpr std::size_t max_pending_bytes = 1 << 20;

  // Makes `folder` (which must not exist) and the FIFOs of `processes` processes;
  // `relayed`: each process gets box ends of its own and its output is relayed,
  // bounded by `output_limit_bytes`. Throws JudgeFault.
  FifoChannels(const std::filesystem::path& folder, std::size_t processes, bool relayed,
               std::int64_t output_limit_bytes);

  const std::vector<FifoPair>& pairs() const { return pairs_; }
  // The manager's arguments: for each process, uI_to_m then m_to_uI (CMS's order).
  std::vector<std::string> manager_arguments() const;
  // The judge lets go of process `index`'s box ends (the box holds them now): its
  // pipe's end-of-file then comes with the process's end.
  void box_started(std::size_t index);
  // Bytes of process `index` passed on to the manager.
  std::int64_t relayed_bytes(std::size_t index) const { return relays_[index].bytes; }

  void reaped(std::size_t index) override;  // 0: the manager; I + 1: process I
  std::vector<int> wait_fds() const override;
  void service() override;
  std::vector<std::size_t> over_output_limit() const override;

 private:
  struct Relay {
    UniqueFd from_process;  // the pipe's read end, non-blocking
    std::string pending;    // read, not yet written into uI_to_m
    std::int64_t bytes = 0;
    bool ended = false;       // end-of-file (or the pipe closed by the judge)
    bool over_limit = false;  // past output_limit_bytes: nothing more is passed on
    bool saw_reader = false;  // the manager had opened uI_to_m
  };
  void let_blocked_opens_through();
  void relay(std::size_t index);
  void pass_on(std::size_t index);
  void drain_manager_output(std::size_t index);

  std::vector<FifoPair> pairs_;
  std::vector<Relay> relays_;
  bool relayed_ = false;
  std::int64_t output_limit_bytes_ = 0;
  std::vector<bool> reaped_;  // process I is reaped: the judge reads m_to_uI
  std::vector<bool> ended_;   // ... and has read end-of-file there
  bool manager_gone_ = false;
};

}  // namespace judge
