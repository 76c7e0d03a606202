# The judge's tests (judge/CMakeLists.txt includes this file when JUDGE_TESTS is ON):
# its unit tests, the plumbing scenarios, and the scripts that drive the built judge
# end to end. Labels: docs/building.md, "The test suite".

# judge batch / merge / report end to end: resume after SIGKILL, 4 shards through GNU
# parallel and a Slurm array, each merged and compared with one run (docs/batch.md);
# and the HTML report in headless Chromium (exit 77, skipped, only when chromium is
# not installed), its screenshot kept in test-artifacts/.
add_test(NAME batch.end_to_end
  COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/scripts/test_batch.py
    --judge $<TARGET_FILE:judge> --work ${CMAKE_CURRENT_BINARY_DIR}/batch-test)
# Alone: its batches keep every core busy for ~40 s, which would stretch the wall
# times of timing-sensitive tests running beside it (and theirs its own).
set_tests_properties(batch.end_to_end PROPERTIES TIMEOUT 600 LABELS batch RUN_SERIAL TRUE)
# The long-lived workers of judge batch: nothing leaks from one test to the next of a
# worker, a crashed worker is replaced and its test retried (the test hooks of
# batch/worker.hpp), and a 200 MiB worker does not change a submission's peak.
add_test(NAME batch.long_lived_workers
  COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/scripts/test_batch_workers.py
    --judge $<TARGET_FILE:judge> --build ${CMAKE_BINARY_DIR} --work ${CMAKE_CURRENT_BINARY_DIR}/batch-workers-test)
set_tests_properties(batch.long_lived_workers PROPERTIES TIMEOUT 300 LABELS batch COST 60)
# Issue 49: a contest ranked by ICPC's and IOI's rules (a small one computed by hand, a
# generated one against a second implementation), written as a CCS contest package
# that validates against the spec's schemas and is read back with the same scoreboard.
add_test(NAME batch.contest
  COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/scripts/test_batch_contest.py
    --judge $<TARGET_FILE:judge> --work ${CMAKE_CURRENT_BINARY_DIR}/batch-contest-test)
set_tests_properties(batch.contest PROPERTIES TIMEOUT 600 LABELS batch COST 90)
add_test(NAME batch.html_report_chromium
  COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/scripts/test_batch_report.py
    --judge $<TARGET_FILE:judge> --work ${CMAKE_CURRENT_BINARY_DIR}/batch-report-test
    --artifacts ${CMAKE_BINARY_DIR}/test-artifacts)
set_tests_properties(batch.html_report_chromium PROPERTIES TIMEOUT 300 LABELS batch
  SKIP_RETURN_CODE 77)

# The Slurm recipe (scripts/slurm-batch.sh, docs/batch.md) on a real single-node Slurm
# that scripts/slurm-local.sh starts and stops: an array of 3 shards and the merge job
# (sbatch --wait: COMPLETED with non-AC submissions) equal to one local batch, a
# requeued shard resumed, --mem bounding a test, the refusals. Exit 77 (skipped)
# without root or slurmctld. COST: about 2 minutes, mostly waiting (a requeued job
# waits ~10 s to start again).
add_test(NAME cluster.slurm_recipe
  COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/scripts/test_slurm_recipe.py
    --judge $<TARGET_FILE:judge> --work ${CMAKE_CURRENT_BINARY_DIR}/slurm-recipe-test)
# Alone (RUN_SERIAL): its batches must agree verdict for verdict, and beside the heaviest
# tests a requeued shard's busy loop once ran starved past four wall limits (ILE where
# the local batch had TLE).
set_tests_properties(cluster.slurm_recipe PROPERTIES TIMEOUT 600 LABELS cluster SKIP_RETURN_CODE 77 COST 150
  RUN_SERIAL TRUE)

# The tests' cgroups under the judge's own (box/own_cgroup.hpp): a submission that
# allocates forever, run by a judge inside a 150 MiB memory cgroup the script makes, is
# MLE by that outer limit and says so (cgroup v1 and v2, each where the host has it;
# exit 77, skipped, without root).
add_test(NAME hostile.outer_memory_cgroup
  COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/scripts/test_outer_cgroup.py
    --judge $<TARGET_FILE:judge> --work ${CMAKE_CURRENT_BINARY_DIR}/outer-cgroup-test)
set_tests_properties(hostile.outer_memory_cgroup PROPERTIES TIMEOUT 300 LABELS hostile SKIP_RETURN_CODE 77)

add_executable(judge_core_test
  src/base/atomic_file_test.cpp
  src/base/content_hash_test.cpp
  src/base/plural_test.cpp
  src/base/enum_name_test.cpp
  src/base/hex_test.cpp
  src/base/memory_file_test.cpp
  src/base/parse_number_test.cpp
  src/base/printable_test.cpp
  src/base/private_folder_test.cpp
  src/base/search_path_test.cpp
  src/base/text_file_test.cpp
  src/base/utf8_test.cpp
  src/process/box_request_test.cpp
  src/process/box_server_test.cpp
  src/process/cpu_claim_test.cpp
  src/process/group_watch_test.cpp
  src/problem/cms_scoring_test.cpp
  src/problem/kattis_grading_test.cpp
  src/problem/gen_file_test.cpp
  src/problem/cms_task_test.cpp
  src/grade/cms_outcome_test.cpp
  src/run/white_diff_test.cpp
  src/run/communication_test.cpp
  src/submission/companions_test.cpp
  src/export/cms_export_test.cpp
  src/process/interrupt_watch_test.cpp
  src/process/output_drain_test.cpp
  src/process/private_tmpdir_test.cpp
  src/process/proc_stat_test.cpp
  src/process/python3_test.cpp
  src/process/process_test.cpp
  src/box/net_namespace_test.cpp
  src/box/own_cgroup_test.cpp
  src/box/sandbox_test.cpp
  src/verify/example_submissions_test.cpp
  src/verify/expectations_test.cpp
  src/problem/icpc_package_test.cpp
  src/verify/path_glob_test.cpp
  src/problem/polygon_package_test.cpp
  src/problem/problem_test.cpp
  src/problem/program_build_test.cpp
  src/problem/scoring_test.cpp
  src/verify/time_limit_inference_test.cpp
  src/submission/build_cache_test.cpp
  src/submission/cache_dir_test.cpp
  src/submission/jvm_entry_test.cpp
  src/submission/languages_test.cpp
  src/submission/precompiled_header_test.cpp
  src/submission/sources_test.cpp
  src/submission/submission_files_test.cpp
  src/submission/submission_test.cpp
  src/run/interaction_test.cpp
  src/run/interactor_report_test.cpp
  src/base/limits_test.cpp
  src/grade/grade_test.cpp
  src/grade/passes_test.cpp
  src/run/preflight_test.cpp
  src/run/relay_test.cpp
  src/run/runner_test.cpp
  src/run/process_executor_test.cpp
  src/run/resources_ahead_test.cpp
  src/grade/testlib_convention_test.cpp
  src/grade/verdict_rules_test.cpp
  src/process/pipe_keeper_test.cpp
  src/process/watchdog_test.cpp
  src/report/batch_report_test.cpp
  src/report/html_report_test.cpp
  src/report/junit_test.cpp
  src/report/run_report_test.cpp
  src/report/standings_test.cpp
  src/batch/dir_test.cpp
  src/batch/facts_test.cpp
  src/batch/journal_test.cpp
  src/judge_batch/merge_test.cpp
  src/batch/plan_test.cpp
  src/batch/progress_test.cpp
  src/batch/results_test.cpp
  src/batch/standings_test.cpp
  src/batch/scoreboard_test.cpp
  src/batch/contest_time_test.cpp
  src/batch/contest_package_test.cpp
  src/report/ccs_package_test.cpp
  src/batch/worker_test.cpp
  src/batch/workers_test.cpp
  src/judge_run/run_command_test.cpp
  src/doctor/doctor_test.cpp
  src/export/icpc_export_test.cpp
  src/export/package_test.cpp
  src/export/kattis_export_test.cpp
  src/export/statement_latex_test.cpp
  src/export/standalone_sources_test.cpp
  src/generate/generate_test.cpp
  src/generate/manifest_test.cpp
  src/generate/tps_gen_test.cpp
  src/generate/generated_files_test.cpp
  src/skeleton/skeleton_test.cpp
  src/stress/stress_search_test.cpp
  src/validate/validate_test.cpp
  src/verify/time_sensitivity_test.cpp
  src/verify/verify_test.cpp
  test_helpers/test_main.cpp
  # judge-box's store of large files, its uid pool (root only) and its channel filter,
  # tested here with their own sources.
  box/file_store.cpp box/file_store_test.cpp box/uid_pool.cpp box/uid_pool_test.cpp
  box/channel_filter.cpp box/channel_filter_test.cpp
  # Last, so that the unity batches before them stay as they were.
  src/problem/tps_task_test.cpp src/verify/tps_solutions_test.cpp)
target_link_libraries(judge_core_test PRIVATE judge_core GTest::gtest project_warnings test_code_flags)
target_include_directories(judge_core_test PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/test_helpers ${SECCOMP_INCLUDE_DIR})
target_link_libraries(judge_core_test PRIVATE ${SECCOMP_STATIC_ARCHIVE})
judge_precompile_headers(judge_core_test YAML GTEST)
judge_unity_build(judge_core_test)
target_compile_definitions(judge_core_test PRIVATE
  JUDGE_TEST_HELPERS_DIR="${CMAKE_CURRENT_BINARY_DIR}/test_helpers"
  JUDGE_SOURCE_DIR="${CMAKE_SOURCE_DIR}"
  JUDGE_BUILD_DIR="${CMAKE_BINARY_DIR}")
# sandbox_test.cpp runs real boxes; run_command_test.cpp grades a nuts-bolts solution and
# a scenario's; cms_export_test.cpp twin-cookies' solutions on the problem and its export.
add_dependencies(judge_core_test judge-box nuts-bolts-interactor solution.nuts-bolts.accepted.quicksort
  scenario_interactor_echo scenario.solution_accepted twin-cookies-interactor
  solution.twin-cookies.accepted.growing_sums solution.twin-cookies.wrong_answer.assume_smallest
  solution.twin-cookies.presentation_error.reuse_value solution.twin-cookies.query_limit_exceeded.too_many_orders)
# NO_PRETTY_VALUES: a parameterised test's name is its generator's (verdict_test.cpp:
# the rule), not the name with " # GetParam() = ..." appended.
# Labels: unit (ctest -L unit: the quick ones), slow (a whole CMS export graded twice).
gtest_discover_tests(judge_core_test DISCOVERY_TIMEOUT 30 NO_PRETTY_VALUES
  TEST_FILTER "-CmsExport.TwinCookiesScoresTheSameAsTheOriginal" PROPERTIES LABELS unit)
gtest_discover_tests(judge_core_test DISCOVERY_TIMEOUT 30 NO_PRETTY_VALUES
  TEST_FILTER "CmsExport.TwinCookiesScoresTheSameAsTheOriginal" PROPERTIES LABELS slow COST 20)

add_subdirectory(test_helpers)
add_subdirectory(scenarios)

# Benchmarks: the hand-wired baseline the judge's overhead is measured against
# (scripts/bench.py).
add_executable(baseline_harness bench/baseline_harness.cpp)
add_executable(bench_quicksort_fixed_seed bench/quicksort_fixed_seed.cpp)
target_compile_options(bench_quicksort_fixed_seed PRIVATE -O2)
add_executable(bench_pingpong_interactor bench/pingpong/interactor.cpp)
target_link_libraries(bench_pingpong_interactor PRIVATE interactor_lib)
set_target_properties(bench_pingpong_interactor PROPERTIES OUTPUT_NAME interactor
  RUNTIME_OUTPUT_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR}/bench/pingpong)
add_executable(bench_pingpong_solution bench/pingpong/solution.cpp)
target_compile_options(bench_pingpong_solution PRIVATE -O2)
add_executable(bench_spawn bench/spawn_bench.cpp)
target_link_libraries(bench_spawn PRIVATE judge_core)
# CI keeps the benchmark working in a tiny size (no timing asserts).
add_test(NAME bench.tiny COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/scripts/bench.py
  --build ${CMAKE_BINARY_DIR} --runs 1 --tiny --rows 1,3,4,5)
set_tests_properties(bench.tiny PROPERTIES TIMEOUT 300 LABELS bench COST 20)
# Issue 48: a package program's build says so on a terminal, and only there.
add_test(NAME build.progress_line COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/scripts/test_build_progress.py
  $<TARGET_FILE:judge>)
set_tests_properties(build.progress_line PROPERTIES TIMEOUT 300)
# The compile rows (6a-6c: precompiled headers, a contest from a cold cache), tiny:
# real compiles, the precompiled headers made from scratch.
add_test(NAME bench.tiny_compiles COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/scripts/bench.py
  --build ${CMAKE_BINARY_DIR} --runs 1 --tiny --rows 6)
set_tests_properties(bench.tiny_compiles PROPERTIES TIMEOUT 900 LABELS bench COST 20)

# judge export (scripts/test_export.py): each problem of this repository as an ICPC
# package that judge verify passes, whose validator builds alone with g++ outside the
# repository and gives 42 and 43 under a minimal ICPC runner; the zip; judge new's ICPC
# package; a Polygon package round trip (the same verdicts and scores); each problem (and
# judge new's) exported to Polygon: its interactor builds alone, judge verify passes;
# twin-cookies exported as a CMS task scores as the original, and judge verify passes
# on it and on judge new's problem exported as a CMS task.
foreach(problem nuts-bolts egg-drop twin-cookies)
  add_test(NAME export.${problem}
    COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/scripts/test_export.py problem ${problem}
      --judge $<TARGET_FILE:judge> --work ${CMAKE_CURRENT_BINARY_DIR}/export-test/${problem}
      --build ${CMAKE_BINARY_DIR} --source ${CMAKE_SOURCE_DIR})
endforeach()
foreach(case zip new polygon cms cms_new)
  add_test(NAME export.${case}
    COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/scripts/test_export.py ${case}
      --judge $<TARGET_FILE:judge> --work ${CMAKE_CURRENT_BINARY_DIR}/export-test/${case}
      --build ${CMAKE_BINARY_DIR} --source ${CMAKE_SOURCE_DIR})
endforeach()
foreach(problem new nuts-bolts egg-drop twin-cookies)
  add_test(NAME export.to_polygon.${problem}
    COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/scripts/test_export.py to-polygon ${problem}
      --judge $<TARGET_FILE:judge> --work ${CMAKE_CURRENT_BINARY_DIR}/export-test/to-polygon-${problem}
      --build ${CMAKE_BINARY_DIR} --source ${CMAKE_SOURCE_DIR})
  set_tests_properties(export.to_polygon.${problem} PROPERTIES TIMEOUT 1800 LABELS export)
endforeach()
set_tests_properties(export.nuts-bolts export.egg-drop export.twin-cookies export.zip export.new export.polygon export.cms
  export.cms_new PROPERTIES TIMEOUT 1800 LABELS export)
# The setter's whole path on each format judge new makes (scripts/test_setter_path.py):
# new, generate (and --check), validate, verify, stress, export to every format that
# takes it and verify of each export.
foreach(format icpc judge)
  add_test(NAME setter_path.${format}
    COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/scripts/test_setter_path.py ${format}
      --judge $<TARGET_FILE:judge>)
  set_tests_properties(setter_path.${format} PROPERTIES TIMEOUT 1800 LABELS export COST 40)
endforeach()
# The exports checked by the tools contest systems use (scripts/test_real_tools.py):
# problemtools' verifyproblem on the kattis (legacy) export of each problem and of judge
# new's, BAPCtools' bt validate and bt run on the icpc export of nuts-bolts and judge
# new's; "skipped" (77) without ../shared/corpus/tools.
foreach(problem nuts-bolts egg-drop twin-cookies new)
  add_test(NAME real_tools.verifyproblem.${problem}
    COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/scripts/test_real_tools.py verifyproblem ${problem}
      --judge $<TARGET_FILE:judge> --source ${CMAKE_SOURCE_DIR})
  set_tests_properties(real_tools.verifyproblem.${problem}
    PROPERTIES TIMEOUT 1800 LABELS "export;real_tools" SKIP_RETURN_CODE 77 COST 60)
endforeach()
foreach(problem nuts-bolts new)
  add_test(NAME real_tools.bt.${problem}
    COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/scripts/test_real_tools.py bt ${problem}
      --judge $<TARGET_FILE:judge> --source ${CMAKE_SOURCE_DIR})
  set_tests_properties(real_tools.bt.${problem}
    PROPERTIES TIMEOUT 1800 LABELS "export;real_tools" SKIP_RETURN_CODE 77 COST 60)
endforeach()
# COST: about the seconds each took in a cold suite run at -j 4 on 2 cores, so that
# CTest starts the longest first also where it has no CTestCostData.txt of its own (a
# fresh clone, CI): in declaration order they ran last, beside idle cores
# (docs/building.md, "The order of the tests").
set_tests_properties(export.nuts-bolts PROPERTIES COST 250)
set_tests_properties(export.twin-cookies PROPERTIES COST 130)
set_tests_properties(export.to_polygon.nuts-bolts PROPERTIES COST 120)
set_tests_properties(export.egg-drop PROPERTIES COST 80)
set_tests_properties(export.to_polygon.new PROPERTIES COST 70)
set_tests_properties(export.to_polygon.twin-cookies PROPERTIES COST 60)
set_tests_properties(export.to_polygon.egg-drop PROPERTIES COST 50)
set_tests_properties(export.new export.polygon PROPERTIES COST 25)

# Faults around the judge (issue 7, "Bad input and hostile data"): broken problem
# configurations, missing or corrupt test files, an unwritable or full output folder
# (tiny tmpfs mounts: root only; skipped, exit 77, otherwise), SIGINT/SIGTERM/SIGHUP
# and SIGKILL to `judge run` mid-run, `judge batch` on a full disk. Each case checks
# the exit status, the message, that no half-written result or temporary is left,
# and that no process of the run survives it (scripts/test_faults.py).
add_test(NAME faults.judge_run
  COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/scripts/test_faults.py
    --judge $<TARGET_FILE:judge> --work ${CMAKE_CURRENT_BINARY_DIR}/faults-test
    --repo ${CMAKE_SOURCE_DIR})
set_tests_properties(faults.judge_run PROPERTIES TIMEOUT 300 LABELS faults SKIP_RETURN_CODE 77)

# Hostile input on a shared host (issue 28): names and bytes that are not UTF-8, a
# submission's stderr with the run folder on disk, links planted in /tmp and at the
# --json name, a FIFO nobody reads, escape sequences for the terminal, formulas for a
# spreadsheet, run folders of killed judges, transcripts of tests in folders, what
# judge doctor says. One CTest per case of scripts/test_hostile_host.py (label
# hostile), each in a work folder of its own.
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/scripts/test_hostile_host.py)
execute_process(COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/scripts/test_hostile_host.py --list
                OUTPUT_VARIABLE hostile_host_cases OUTPUT_STRIP_TRAILING_WHITESPACE COMMAND_ERROR_IS_FATAL ANY)
foreach(hostile_case IN LISTS hostile_host_cases)
  add_test(NAME hostile.${hostile_case}
    COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/scripts/test_hostile_host.py
      --judge $<TARGET_FILE:judge> --work ${CMAKE_CURRENT_BINARY_DIR}/hostile-host-test/${hostile_case}
      --repo ${CMAKE_SOURCE_DIR} --only ${hostile_case})
  set_tests_properties(hostile.${hostile_case} PROPERTIES TIMEOUT 300 LABELS hostile SKIP_RETURN_CODE 77)
endforeach()
# A submission's files are data, never host paths (issue 28, part A): each hole a red
# team found, reproduced from the command line with fixtures shaped as contestants make
# them (a folder unpacked from a tar with links in it, odd names, specials, a huge
# sparse file, a planted cache), and the unit tests of the same holes.
add_test(NAME hostile.submission_files
  COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/scripts/test_hostile.py
    --judge $<TARGET_FILE:judge> --work ${CMAKE_CURRENT_BINARY_DIR}/hostile-test --repo ${CMAKE_SOURCE_DIR})
set_tests_properties(hostile.submission_files PROPERTIES TIMEOUT 600 LABELS hostile)
add_test(NAME hostile.unit COMMAND judge_core_test
  "--gtest_filter=SubmissionFilesTest.*:CacheDirTest.*:OutputDrain.*:BoxedCommand.CopiesTheProgramInByDescriptor*:BoxedProcess.OddNamesGoInWholeAndTheBoxShowsNoHostPath:SubmissionTest.AFolderWithALinkOutOfItIsRefusedNamingTheLink:SubmissionTest.AFileCannotForgeTheKeyOfAFolderOfTwoFiles:SubmissionTest.TheBuildFolderThatGoesIntoTheBoxHoldsNoHostPath:SubmissionTest.TheDependencyStepAndTheCompileShareOneCpuBudget:SubmissionTest.AnErrorFloodKeepsItsFirstBytesAndSaysHowMuchMoreThereWas:SubmissionTest.TheBoxedCompilersOutputFolderIsBounded:BuildCacheTest.EvictsTheLeastRecentlyUsedEntriesDownToTheBound")
set_tests_properties(hostile.unit PROPERTIES TIMEOUT 300 LABELS hostile)

# The judge's code stays readable: no function over 80 lines (judge/README.md).
add_test(NAME style.function_lengths
  COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/scripts/function_lengths.py --max 80
    ${CMAKE_CURRENT_SOURCE_DIR}/src ${CMAKE_CURRENT_SOURCE_DIR}/box)
set_tests_properties(style.function_lengths PROPERTIES LABELS style)
# Every relative Markdown link resolves inside a clone (the problems' statements too).
add_test(NAME style.links_resolve COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/scripts/check_links.py)
set_tests_properties(style.links_resolve PROPERTIES LABELS style)
# Every C/C++ line written since .clang-format came is as clang-format writes it
# (skipped, exit 77, in a tarball, a shallow clone or without clang-format); and the
# checker's own tests, on repositories made on the spot.
add_test(NAME style.format_changed_lines COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/scripts/check_format.py)
add_test(NAME style.format_checker COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/scripts/check_format_test.py)
set_tests_properties(style.format_changed_lines style.format_checker PROPERTIES LABELS style SKIP_RETURN_CODE 77)
# No include from a folder of src/ to one above or beside it, no circle between
# folders (the layering judge/README.md states; known arrows in
# scripts/layering-allowlist.txt); and the checker's own tests, on fake trees.
add_test(NAME style.layering COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/scripts/check_layering.py)
add_test(NAME style.layering_checker
  COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/scripts/check_layering_test.py)
set_tests_properties(style.layering style.layering_checker PROPERTIES LABELS style)

# What judge/templates/ holds is compiled into the judge as text (judge/CMakeLists.txt)
# and checked here as the code it is: the testlib adapter with the project's warnings,
# the skeleton's interactor against the interactor library, every Python file by
# Python's own compiler (nothing written beside them).
add_executable(template_testlib_adapter templates/testlib_adapter.cc)
target_link_libraries(template_testlib_adapter PRIVATE project_warnings)
add_executable(template_skeleton_interactor templates/skeleton/interactor.cpp)
target_link_libraries(template_skeleton_interactor PRIVATE interactor_lib project_warnings)
file(GLOB_RECURSE template_python_files CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/templates/*.py)
add_test(NAME style.templates_python
  COMMAND ${Python3_EXECUTABLE} -c
    "import sys\nfor path in sys.argv[1:]: compile(open(path).read(), path, 'exec')\nprint(len(sys.argv) - 1, 'files compile')"
    ${template_python_files})
set_tests_properties(style.templates_python PROPERTIES LABELS style)
