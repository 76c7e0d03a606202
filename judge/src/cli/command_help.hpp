// The help of each subcommand of the judge command line apart from its options: the
// description `judge --help` lists and that opens `judge NAME --help`, and the footer
// (exit status, an example) that closes it. In one file, in the order `judge --help`
// lists the commands, so that the prose is read and kept consistent as a whole (the
// exit statuses side by side); the files that add the commands bind their options.
#pragma once

namespace judge {

struct CommandHelp {
  const char* name;
  const char* description;
  const char* footer;  // "" none
};

inline constexpr CommandHelp run_help{
    "run",
    "Grade one submission on every test (or the chosen tests) of a problem.\n"
    "Prints one line per test as it finishes and a summary.",
    "Exit status: 0 every test AC; 1 some test not AC (CE included); 2 usage or\n"
    "configuration error (nothing run; a --json through a symbolic link or into a\n"
    "missing folder included); 3 judge error (JE on some test: a broken interactor or\n"
    "test file; or the judge failed); 128+N stopped by signal N.\n"
    "Example: judge run nuts-bolts solutions/nuts-bolts/accepted/quicksort.cpp --json r.json\n"
    "Verdicts and JSON keys: README.md; which rule decided (\"why\"), --rules and --repeat:\n"
    "docs/verdicts.md."};

inline constexpr CommandHelp verify_help{
    "verify",
    "Grade every example submission of a problem (submissions/<verdict>/, submissions.yaml,\n"
    "@EXPECTED_RESULTS@ tags) and check that each gets what it must.",
    "PROBLEM is an ICPC/Kattis package (problem.yaml, legacy or 2023-07+), a Polygon package\n"
    "(problem.xml), a CMS task folder (task.yaml; its submissions/<verdict>/ folders), a folder\n"
    "with this judge's problem.json (its \"submissions\" folder), or a problem name of this\n"
    "repository.\n"
    "A package without a time limit gets one inferred from its submissions, as the ICPC\n"
    "specification says. Verdicts are checked as the ICPC classes (AC; WA = WA, PE, QLE;\n"
    "TLE = TLE, ILE; RTE = RTE, MLE, OLE) for packages, exactly for problem.json folders.\n"
    "Every run is judged at the (stated or inferred) time limit and the wall limit that follows,\n"
    "and again at the time limit x time_limit_to_tle: a verdict that differs is \"sensitive to\n"
    "time limit\", an AC slower than the limit / ac_to_time_limit is \"close to the limit\".\n"
    "A package's warnings (unknown keys, no data/secret, ...) and those two are listed;\n"
    "--strict makes them errors (exit 2).\n"
    "Exit status: 0 every submission as expected; 1 some not; 2 a broken problem or usage;\n"
    "3 a judge error. A submission in a language this machine lacks is listed as SKIP.\n"
    "Example: judge verify testdata/packages/guesslegacy --json verify.json"};

inline constexpr CommandHelp batch_help{
    "batch", "Grade many submissions of many problems: parallel, resumable, shardable.",
    "SUBMISSIONS are folders laid out as DIR/<participant>/<problem>.<ext> (<problem> the "
    "problem's folder name; <ext> an ending of `judge languages`: .c .cpp .py .java .kt .rs "
    "..., or an executable named <problem>), or single files <problem>.<ext> (the participant "
    "is the folder the file is in). A participant may have several files for a problem "
    "(<problem>.cpp and <problem>.py, <problem>.2.cpp): each is judged, timed by its file's "
    "mtime. A folder holding judge-submissions.json (ids, times, languages) or a CCS contest "
    "package (contest.json, submissions.json) is read from it. Each source is compiled once; "
    "each test runs in a worker process, graded as `judge run` grades it. --scoreboard icpc "
    "or ioi ranks by those rules (default: points).\n"
    "Writes into --out DIR: batch.json (the plan), journal.jsonl (one line per finished test, "
    "appended and fsynced), results/<participant>/<problem>.json (the `judge run --json` "
    "format), standings.json and standings.csv. Kill it at any moment (Ctrl-C, SIGKILL): "
    "--resume finishes only what is missing, with the same results.\n"
    "A shard's folder holds only its plan and journal: `judge merge` makes the results.\n"
    "Exit status: 0 every submission AC; 1 some not AC; 2 usage or configuration error; 3 "
    "judge error (a JE, or a test the judge could not run: --resume retries it); 130 "
    "interrupted.\n"
    "Layout, journal keys, standings columns, recipes (GNU parallel, Slurm): docs/batch.md."};

inline constexpr CommandHelp merge_help{
    "merge",
    "Combine batch folders (shards of one batch, or other batches) into one.",
    "The merged folder is the one an unsharded `judge batch` of the same work gives: plan, "
    "journal, results, standings (and transcripts). Refuses (exit 2) when a test is "
    "finished in none of the folders, naming the shard that is missing, and when a problem "
    "or a submission differs between them.\n"
    "Exit status: 0 every submission AC; 1 some not AC; 2 usage error or cannot merge; 3 a "
    "JE. docs/batch.md."};

inline constexpr CommandHelp report_help{
    "report", "Standings of a batch folder, and its HTML, CSV and JUnit reports.",
    "--html writes one self-contained file (works offline): standings, each submission's "
    "per-test verdicts and messages, transcripts when kept, and plots: queries against the "
    "limit, problem metrics such as moves, the score curve, CPU time and memory against "
    "their limits; the ICPC or IOI scoreboard (--scoreboard icpc|ioi ranks by those rules in "
    "the files written, the batch's own rules otherwise). --ccs-package DIR writes the batch "
    "as a CCS contest package. Reads only DIR: works on any finished, resumed, merged or "
    "partial batch.\n"
    "Exit status: 0 the reports are written; 2 DIR holds no batch; 3 a report cannot be "
    "written. With --check: 0 every submission graded and AC; 1 some not AC or not "
    "finished; 3 a JE. docs/batch.md."};

// Hidden from `judge --help` (cli/batch_cli.cpp).
inline constexpr CommandHelp batch_worker_help{"batch-worker", "internal: runs the tests of judge batch", ""};

inline constexpr CommandHelp doctor_help{
    "doctor",
    "check this host for the judge (cgroups, favordynmods, user namespaces, pipe size, CPU frequency,\n"
    "swap, huge pages, root, judge-box, fs.protected_symlinks and fs.protected_regular, and where\n"
    "the run folders, the CPU locks and the compile cache are): each item with its cost and the\n"
    "command that fixes it. It changes nothing.\n"
    "Exit 0 when verdicts are exact here (items marked 'slower' only cost time), 1 when not.",
    ""};

inline constexpr CommandHelp validate_help{
    "validate",
    "check every test input with the problem's input validators (ICPC convention: the input on stdin,\n"
    "exit 42 valid, 43 invalid with the reason on stderr). problem.json names them in \"input_validator\"\n"
    "and a subtask adds its \"input_validator_flags\"; a package has input_validators/. A CMS task\n"
    "(task.yaml) runs task-maker's gen/validator.* as `validator INPUT SUBTASK` (the subtask from gen/GEN;\n"
    "exit 0 valid); CMS itself checks no input, and a task without one is exit 2, saying what was checked.\n"
    "A TPS task's validators run with judge generate DIR --check (said, exit 2).\n"
    "Exit 0 every input valid, 1 some input invalid, 2 no validator, 3 a validator failed itself.",
    "Example: judge validate twin-cookies --tests s3-02-n25-random"};

inline constexpr CommandHelp generate_help{
    "generate",
    "make the problem's test inputs from its manifest: each line NAME ARGS... of the manifest\n"
    "(problem.json \"manifest\", default TESTDATA/manifest.txt) runs the problem.json \"generator\"\n"
    "with ARGS, and its stdout becomes TESTDATA/NAME.in; .in files not listed are removed.\n"
    "A CMS task folder (task.yaml) with gen/GEN is made as task-maker makes it: gen/generator.*\n"
    "for each test line (#COPY: copies a file), gen/validator.* INPUT SUBTASK on each input, and\n"
    "for a Batch task sol/solution.* (with sol/grader.*) for output/outputN.txt.\n"
    "A TPS task folder is made as tps gen makes it: gen/data's tests into tests/S-NN.in and\n"
    "tests/mapping, each input checked by subtasks.json's validators, and for a Batch task the\n"
    "model solution's outputs (tests/S-NN.out).\n"
    "Exit 0 written (--check: identical), 1 --check found differences, 2 no generator or manifest,\n"
    "3 the generator (validator, official solution) failed.",
    "Example: judge generate nuts-bolts --check; judge generate path/to/task"};

inline constexpr CommandHelp new_help{
    "new",
    "start a problem: writes into DIR a working guess-the-number problem with every part a setter\n"
    "replaces, its data generated, and `judge verify DIR` passes at once. --format icpc (default): an ICPC\n"
    "2025-09 package (problem.yaml, statement/, output_validator/ with interactor.cpp and the interactor\n"
    "library as sources, input_validators/, generators/, data/, submissions/accepted/ and wrong_answer/);\n"
    "--format judge: this judge's problem.json layout (statement.md, interactor.cpp, generator.py and\n"
    "data/manifest.txt for `judge generate`, input_validator.py, submissions/). DIR must not exist or be\n"
    "empty (else exit 2).",
    "Example: judge new ~/problems/guess && judge verify ~/problems/guess"};

inline constexpr CommandHelp export_help{
    "export",
    "write a problem as a package other judges import: PROBLEM is any problem the judge reads (problem.json,\n"
    "an ICPC package, a Polygon package; not a CMS task folder); DEST a new folder, or DEST.zip (the\n"
    "archive DOMjudge and Kattis import). --format icpc (default): an ICPC/Kattis 2025-09 package whose\n"
    "output validator builds with `g++ -O2 -std=gnu++20 output_validator/*.cpp` and nothing else installed.\n"
    "What the format cannot carry is printed on stderr and listed in the package's README.md.\n"
    "--format polygon: a problem.json problem as a Polygon package (problem.xml, files/interactor.cpp in\n"
    "testlib's convention, tests/, solutions/).\n"
    "--format cms: a CMS task folder (italy_yaml: task.yaml, a Communication manager around the interactor,\n"
    "subtasks as GroupMin), for a one-pass ICPC-convention interactor.\n"
    "Exit 0 written, 2 a problem that cannot be exported or a DEST in the way, 3 the judge failed.",
    "Example: judge export nuts-bolts /tmp/nutsbolts && judge verify /tmp/nutsbolts\n"
    "         judge export twin-cookies /tmp/twincookies.zip\n"
    "         judge export twin-cookies /tmp/twincookies-cms --format cms\n"
    "What maps to what: docs/problem-format.md, \"judge export\"."};

inline constexpr CommandHelp stress_help{
    "stress",
    "run a submission on generated tests until one fails: test i runs the generator with --args, {seed}\n"
    "replaced by i and {n} by a size drawn from --sizes. The first failure is shrunk: smaller sizes are\n"
    "tried upwards from LO, and the smallest failing test is printed with its verdict, input and\n"
    "transcript (also saved in --out). Exit 0 no failure, 1 a failure found, 2 usage, 3 the generator\n"
    "or the judge failed.",
    "Example: judge stress nuts-bolts my.cpp --args 'random {n} {seed}' --sizes 2..1000\n"
    "         (the generator of problem.json; another with --generator GEN)"};

inline constexpr CommandHelp languages_help{
    "languages",
    "list the languages submissions may be in: each one's id, file endings and name, whether its\n"
    "toolchain is installed here, whose flags it is compiled with and what was changed from them for\n"
    "speed; then where your own table of languages is read from.",
    "A submission is one source file, an executable, or a folder of sources of one language.\n"
    "Example: judge languages"};

inline constexpr CommandHelp cache_help{
    "cache",
    "what the compile cache holds (--stats, the default), or empty it (--clear). The cache is\n"
    "$JUDGE_CACHE_DIR, else $XDG_CACHE_HOME/judge, else ~/.cache/judge (root without a home:\n"
    "/var/cache/judge); a folder another user owns or may write is refused. Its submissions' files\n"
    "and builds (a package's programs built from sources too) are bounded by $JUDGE_CACHE_MAX_MIB (default 2048): the "
    "least recently used go first,\n"
    "never one used in the last hour. Exit 0; 2 when the cache folder is refused.",
    "Example: judge cache --stats"};

// Every subcommand, for Commands::only (cli/commands.hpp).
inline constexpr const CommandHelp* all_commands[] = {
    &run_help,      &verify_help,   &batch_help, &merge_help,  &report_help, &batch_worker_help, &doctor_help,
    &validate_help, &generate_help, &new_help,   &export_help, &stress_help, &languages_help,    &cache_help};

}  // namespace judge
