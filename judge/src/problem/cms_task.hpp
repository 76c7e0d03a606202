// A CMS task folder in the italy_yaml layout (cms-dev/cms cmscontrib/loaders/
// italy_yaml.py) read into a Problem whose programs speak CMS's convention
// (InteractorConvention::cms: the outcome on stdout, the message on stderr):
//
//   task.yaml                 Problem
//   name (nome_breve)         name (else the folder's); title (nome) shown nowhere
//   time_limit (s, timeout)   limits.cpu_ms (a placeholder of 10 s and a warning
//                             without it: CMS would run without a limit)
//   memory_limit (MiB)        limits.memory_kib (256 MiB and a warning without it)
//   n_input                   tests 000 .. n_input-1: input/inputN.txt, with
//                             output/outputN.txt as the answer (/dev/null for a
//                             Communication task without it); without it, gen/GEN's
//                             count, else input/input0.txt onwards as task-maker
//                             counts them (up to the first missing one)
//   public_testcases          "all" or "0, 3": those tests are samples (risultati too)
//   score_type,               scoring {"type": "cms", ...} (cms_scoring.hpp), taken
//   score_type_parameters     only when n_input is given too, as CMS does; else
//                             gen/GEN's "# ST: points" lines make GroupMin groups
//                             of the tests between them; else Sum of total_value
//                             (default 100) / n_input a test
//   infile, outfile           Batch only, "" or absent: stdin and stdout (a file
//                             name is refused: not supported)
//   num_processes, user_io    Communication: copies of the contestant's program
//                             (default 1) and std_io or fifo_io (default std_io,
//                             fifo_io when the task has a stub: CMS's loader)
//   output_only               refused: OutputOnly is not supported
//   anything else             ignored, as CMS ignores it (token rules, ...)
//
//   check/manager,            the task is Communication; the manager is run as given
//   cor/manager               (an executable or a script), else built from
//                             manager.cpp / .c / .py beside it (a task's repository
//                             often keeps the source and a Makefile)
//   check/checker,            Batch: the checker, found and built the same way;
//   cor/correttore            without one, white-diff
//   sol/stub.<ext>            Communication: compiled with the submission
//                             (submission/companions.hpp), headers of sol/ beside
//   sol/grader.<ext>          Batch: compiled with the submission, the same way
//   submissions/<verdict>/    not CMS's: example submissions for `judge verify`
//
// Every mistake is a ConfigError naming the file and the key.
#pragma once

#include <cstdint>
#include <filesystem>
#include <initializer_list>
#include <optional>
#include <string>

#include "submission/companions.hpp"

namespace judge {

enum class CmsTaskType { batch, communication };
enum class CmsUserIo { std_io, fifo_io };

// sol/<role>.<ext> for every language ("stub", "grader"), and the headers of sol/:
// what CMS compiles with a submission named <task_name>.<ext>.
Companions find_companions(const std::filesystem::path& dir, const std::string& role, const std::string& task_name);

// The one program of `folder` named one of `stems`, as task-maker finds its programs
// ("gen/generator.*", "gen/generatore.*", "gen/validator"): a source of any ending, or
// a file without one (a built program beside its source is the source's). Two are a
// ConfigError naming both (task-maker refuses them too); none is nullopt. `what`
// names the program in that message ("generator").
std::optional<std::filesystem::path> find_task_program(const std::filesystem::path& folder,
                                                       std::initializer_list<const char*> stems,
                                                       const std::string& what);

// How a CMS task runs its submission (Problem::cms).
struct CmsSettings {
  CmsTaskType type = CmsTaskType::batch;
  std::int64_t num_processes = 1;  // Communication: copies of the program, each in its own box
  CmsUserIo user_io = CmsUserIo::std_io;
  // The stub (Communication) or grader (Batch) compiled with every submission.
  Companions companions;
};

// At most this many processes of one Communication test (each is a box of its own).
inline constexpr std::int64_t cms_max_processes = 16;
// CMS's trusted sandbox (config trusted_sandbox_max_time_s, _memory_kib): the least
// CPU time a manager gets, and the checker's limits.
inline constexpr std::int64_t cms_trusted_time_ms = 10000;
inline constexpr std::int64_t cms_trusted_memory_kib = 4 * 1024 * 1024;

struct Problem;

// Throws ConfigError for every mistake, naming the file and the key.
Problem load_cms_task(const std::filesystem::path& dir, const std::filesystem::path& cache_dir);

}  // namespace judge
