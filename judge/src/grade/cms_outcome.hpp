// CMS's convention (cms-dev/cms docs "Task types", Communication.py, Batch.py,
// steps/trusted.py), read from recorded facts:
//
//   standard manager output  the manager (Communication) or checker (Batch) prints
//                            its outcome, a number, on the first line of stdout, and
//                            its message on the first line of stderr
//                            ("translate:success", "translate:partial",
//                            "translate:wrong" are CMS's stock messages)
//   Communication            num_processes copies of the contestant's program; the
//                            test's outcome is the manager's, unless a process
//                            failed (then 0, with that process's failure), or the
//                            processes used the time limit together (CPU times
//                            summed, >= the limit: 0, TLE)
//   Batch                    the one run; the checker's outcome (white-diff without
//                            a checker: 1 or 0), unless the run failed (then 0)
//
// Who is blamed, in this order (CMS's: a failing manager makes the evaluation fail,
// whatever the processes did): the manager or checker failing (a signal, an exit code
// other than 0, its CPU limit, the wall limit while every process had ended, no
// outcome on stdout, an outcome that is not a finite number) is JE; then the first
// process (by index) that failed, those stopped at the wall limit last (they were
// often waiting for the one that failed), with the verdict decide_verdict gives a
// submission that ended that way (TLE, ILE, MLE, OLE, RTE; a SIGPIPE too: CMS counts
// a process killed by a signal as failed, and says so); then the sum of CPU times; then
// the outcome: above 0 is AC (a partial outcome scores part: the score type decides),
// 0 or below is WA with the manager's message.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "grade/verdict_rules.hpp"

namespace judge {

// One copy of the contestant's program in a Communication test (or a Batch test's one
// run), as it ended.
struct ProcessRecord {
  EndFacts end;
  std::string exec_error;   // the box could not execute it (its own fault: RTE)
  std::string stderr_tail;  // the tail of its stderr
  // Boxed: what containment it ran under (box/sandbox.hpp describe_containment).
  nlohmann::json containment;
};

// What the trusted program (manager or checker) left, besides how it ended.
struct CmsManagerFacts {
  EndFacts end;
  bool ran = true;                     // Batch: false when the run failed first
  std::string stdout_text;             // the start of its stdout (the outcome)
  std::string stderr_text;             // the start of its stderr (the message)
  std::optional<bool> output_matches;  // Batch without a checker: white-diff's answer
};

struct CmsDecision {
  Decision decision;
  double outcome = 0;       // the test's outcome (0 unless the manager gave one)
  int failed_process = -1;  // the process whose failure decided, if one did
};

// The outcome of a standard manager output's first stdout line, as Python's float()
// reads it; nullopt when it is none.
std::optional<double> parse_cms_outcome(const std::string& stdout_text);
// The message: the first stderr line, CMS's stock messages in words.
std::string cms_message(const std::string& stderr_text);

// The test's verdict and outcome. `processes` are the copies of the program (Batch:
// one); `limits` the test's.
CmsDecision decide_cms(const std::vector<ProcessRecord>& processes, const CmsManagerFacts& manager,
                       const Limits& limits, bool communication);

// The processes' facts merged as one submission's, for the line and the JSON of the
// test: the deciding (else the first) process's ending, CPU times summed, the largest
// peak and wall time.
EndFacts merged_process_facts(const std::vector<ProcessRecord>& processes, int deciding);

}  // namespace judge
