// Communication runs one test of a CMS Communication task (problem/cms_task.hpp) as
// CMS runs it (cms-dev/cms Communication.py): the task's trusted manager and
// num_processes copies of the contestant's program, each in a box of its own with
// limits and a cgroup of its own, talking through the FIFOs of run/fifo_channels.hpp:
//
//   manager        MANAGER u0_to_m m_to_u0 [u1_to_m m_to_u1 ...], in a folder of its own
//                  holding input.txt (the test's input), which is also its stdin; its
//                  stdout (the outcome) and stderr (the message) go to files; not
//                  boxed (the setter's code, as an interactor), with CMS's limits
//                  (limits.interactor_cpu_ms, interactor_memory_kib)
//   process I      std_io: its stdin is m_to_uI, its stdout uI_to_m; fifo_io: its
//                  arguments are the paths of m_to_uI and uI_to_m (/proc/self/fd/N in
//                  the box), its stdin /dev/null and its stdout thrown away; with
//                  several processes, its index I last. Held to the time limit and the
//                  memory limit each (the sum of CPU times is grading's to check)
//
// Without judge-box (--sandbox none) a process opens its FIFOs by their paths through
// /bin/sh (std_io: `exec PROGRAM <m_to_uI >uI_to_m`), which blocks as the box's open
// does. The steps are Interaction's (wire, spawn, supervise, collect); the facts come
// back raw in a PassRecord (processes, the manager's ending and output): grading
// (grade/cms_outcome.hpp) decides.
#pragma once

#include <memory>
#include <optional>
#include <vector>

#include "box/cgroup.hpp"
#include "grade/grade.hpp"
#include "problem/cms_task.hpp"
#include "process/process.hpp"
#include "run/fifo_channels.hpp"
#include "run/interaction.hpp"

namespace judge {

class Communication {
 public:
  // `request.interactor_command` is the manager; its test input, work folder, limits,
  // containment and resources are used as for an Interaction.
  Communication(InteractionRequest request, std::int64_t processes, CmsUserIo user_io);
  Communication(const Communication&) = delete;
  Communication& operator=(const Communication&) = delete;
  ~Communication();  // gives the cgroups back to request.resources, if any

  // The steps in order. Throws JudgeFault when the judge itself cannot run the test.
  PassRecord run();

 private:
  struct Copy {
    SpawnRequest spawn;
    UniqueFd null_input;   // its stdin before judge-box gives it its FIFO (fifo_io: for good)
    UniqueFd stdout_sink;  // fifo_io: where its stdout goes (a memory file)
    UniqueFd stderr_file;  // a memory file, read in collect()
    std::optional<TestCgroup> cgroup;
    std::string why_no_box;
    std::optional<Process> process;
    std::int64_t cgroup_cpu_ms_at_start = -1;
  };
  void wire();
  void plan_manager();
  void plan_copy(std::size_t index);
  void contain_copy(std::size_t index);
  void spawn();
  void supervise();
  PassRecord collect();
  ProcessRecord copy_record(std::size_t index, const Intervention& intervention) const;

  InteractionRequest request_;
  std::int64_t processes_;
  CmsUserIo user_io_;
  std::optional<FifoChannels> fifos_;
  SpawnRequest manager_spawn_;
  UniqueFd manager_stdin_, manager_stdout_, manager_stderr_;
  std::optional<Process> manager_;
  std::vector<Copy> copies_;
  std::vector<Intervention> interventions_;
  std::int64_t wall_limit_extended_ms_ = 0;
  std::optional<std::chrono::steady_clock::time_point> spawned_at_;
};

}  // namespace judge
