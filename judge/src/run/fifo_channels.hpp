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
//                    fifo_io), and that open blocks until the manager has opened the
//                    other end, as in CMS's sandbox: the process never reads an
//                    end-of-file the manager did not send (the judge holds no writer
//                    of m_to_uI), and the manager's close reaches it at once
//   rule 1           the manager never gets SIGPIPE because a process ended: the
//                    judge's reader of m_to_uI is drained once process I is reaped
//   rule 3           the manager sees process I's end-of-file only once it is reaped:
//                    the judge's writer of uI_to_m goes then
//   the manager gone a process still blocked in opening its ends is let through (the
//                    judge opens the other end for a moment, on every turn until the
//                    process is reaped): it then reads end-of-file, or gets SIGPIPE
//                    writing, and ends by itself
//
// The folder is private to the judge (0700); the FIFOs are 0666 for the boxed
// program, which reaches them only through its own descriptors. Descriptors are
// close-on-exec; the judge hands each process its two ends as judge-box descriptors.
#pragma once

#include <filesystem>
#include <memory>
#include <vector>

#include "base/unique_fd.hpp"
#include "process/group_watch.hpp"

namespace judge {

struct FifoPair {
  std::filesystem::path user_to_manager;  // uI_to_m
  std::filesystem::path manager_to_user;  // m_to_uI
  // The judge's ends, also the descriptors judge-box gets: a reader of m_to_uI and
  // a writer of uI_to_m.
  std::shared_ptr<UniqueFd> to_user;
  std::shared_ptr<UniqueFd> from_user;
};

class FifoChannels : public GroupKeeper {
 public:
  // Makes `folder` (which must not exist) and the FIFOs of `processes` processes.
  // Throws JudgeFault.
  FifoChannels(const std::filesystem::path& folder, std::size_t processes);

  const std::vector<FifoPair>& pairs() const { return pairs_; }
  // The manager's arguments: for each process, uI_to_m then m_to_uI (CMS's order).
  std::vector<std::string> manager_arguments() const;

  void reaped(std::size_t index) override;  // 0: the manager; I + 1: process I
  std::vector<int> wait_fds() const override;
  void service() override;

 private:
  void let_blocked_opens_through();

  std::vector<FifoPair> pairs_;
  std::vector<bool> draining_;  // process I is reaped: the judge reads m_to_uI
  std::vector<bool> ended_;     // ... and has read end-of-file there
  bool manager_gone_ = false;
};

}  // namespace judge
