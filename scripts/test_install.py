#!/usr/bin/env python3
"""The installed judge, used from another folder as a setter outside this repository would.

  cmake --install BUILD --prefix WORK/prefix
  an interactor built against the installed library: find_package(judge_interactor)
  the installed judge finds it by JUDGE_PROBLEM_PATH, never through the build tree,
  and `judge verify` passes its example submissions (accepted and wrong_answer)
  `judge new DIR` from the installed judge (an ICPC package): verify and validate pass;
  `judge new DIR --format judge`: verify and generate --check pass
"""
import argparse
import json
import os
import shutil
import sys
import tempfile

import scenario_steps
from scenario_steps import write

INTERACTOR = r'''#include "interactor.hpp"
int main(int argc, char** argv) {
  return interactor::run(argc, argv, [](interactor::Session& s) {
    interactor::Line first = s.test().read_line("the secret");
    const std::int64_t secret = first.read_int(1, 1000, "secret");
    first.expect_end();
    s.test().expect_eof();
    s.set_query_limit(10);
    for (;;) {
      interactor::Line line = s.read_line("a guess");
      line.set_shape("'? x'");
      line.expect("?");
      const std::int64_t x = line.read_int(1, 1000, "x");
      line.expect_end();
      s.count_query();
      if (x == secret) s.accept("found {} with {} guesses", secret, s.queries());
      s.send(x < secret ? "higher" : "lower");
    }
  });
}
'''

CONSUMER = '''cmake_minimum_required(VERSION 3.25)
project(guess_interactor CXX)
set(CMAKE_CXX_STANDARD 20)
find_package(judge_interactor REQUIRED)
add_executable(interactor interactor.cpp)
target_link_libraries(interactor PRIVATE judge_interactor::interactor)
'''

BINARY = '''import sys
lo, hi = 1, 1000
while True:
    mid = (lo + hi) // 2
    print("?", mid, flush=True)
    answer = sys.stdin.readline().strip()
    if answer == "higher":
        lo = mid + 1
    elif answer == "lower":
        hi = mid - 1
    else:
        break
'''

LINEAR = BINARY.replace("mid = (lo + hi) // 2", "mid = lo")


def run(cmd, cwd, env=None, timeout=600):
    return scenario_steps.run(cmd, cwd=cwd, env=env, timeout=timeout, tail=25)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--build", required=True)
    parser.add_argument("--work", help="the folder to work in (default: a fresh one in $TMPDIR, removed after); "
                        "it must lie outside the build tree, or the installed judge is one of the build tree's")
    args = parser.parse_args()
    if args.work is None:
        work = tempfile.mkdtemp(prefix="judge-install-test-")
        try:
            return check(args.build, work)
        finally:
            shutil.rmtree(work, ignore_errors=True)
    return check(args.build, os.path.abspath(args.work))


GENERATOR = r'''#include <string>
#include "generator.hpp"
std::string generate(const std::vector<std::string_view>& args) {
  interactor::expect_argument_count(args, 0);
  return std::string(args[0]) + "\n";
}
int main(int argc, char** argv) { return interactor::run_generator(argc, argv, "generator SECRET", generate); }
'''


def installed_messages(judge, work, elsewhere, env, expect):
    """Messages of an installed judge name things an installed user has (issue 29)."""
    proc = run([judge, "languages"], elsewhere, env)
    expect(proc.returncode == 0 and ".java" in proc.stdout and ".kt" in proc.stdout and ".rs" in proc.stdout,
           "judge languages lists the languages with their endings")
    stray = os.path.join(work, "stray.xyz")
    write(stray, "not a program\n")
    proc = run([judge, "run", "guess", stray], elsewhere, env)
    expect(proc.returncode == 2 and "judge languages" in proc.stderr and "judge/languages.yaml" not in proc.stderr,
           "a file of no known ending points at `judge languages`, not at judge/languages.yaml")
    missing = os.path.join(work, "problems-missing", "p")
    write(os.path.join(missing, "problem.json"), '{"interactor": "interactor.cpp", "testdata": "."}\n')
    write(os.path.join(missing, "01.in"), "1\n")
    proc = run([judge, "run", missing, stray], elsewhere, env)
    expect(proc.returncode == 2 and "was not found" in proc.stderr and "cmake --build" not in proc.stderr,
           "a missing interactor of the user's own problem does not say to build the judge")
    subs = os.path.join(work, "batch-subs")
    write(os.path.join(subs, "alice", "guess.py"), BINARY)
    no_path = {key: value for key, value in env.items() if key != "JUDGE_PROBLEM_PATH"}
    proc = run([judge, "batch", subs, "--out", os.path.join(work, "batch-out")], elsewhere, no_path)
    expect(proc.returncode == 2 and "--problems" in proc.stderr and "skipped" not in proc.stderr,
           "judge batch with no problems says to pass --problems, not a skip per file")
    # A generator on the installed library's generator.hpp, named in problem.json.
    generated = os.path.join(work, "problems", "guess-generated")
    shutil.copytree(os.path.join(work, "problems", "guess"), generated)
    write(os.path.join(generated, "generator.cpp"), GENERATOR)
    write(os.path.join(generated, "tests", "manifest.txt"), "01 1\n02 1000\n03 377\n")
    write(os.path.join(generated, "problem.json"),
          '{"interactor": "interactor", "testdata": "tests", "time_limit_ms": 1000, "generator": "generator.cpp"}\n')
    proc = run([judge, "generate", generated, "--check"], elsewhere, env)
    expect(proc.returncode == 0, "a generator including generator.hpp is built with the installed library")


def check(build, work):
    args = argparse.Namespace(build=build)
    args.build = os.path.abspath(args.build)
    shutil.rmtree(work, ignore_errors=True)
    elsewhere = os.path.join(work, "elsewhere")
    os.makedirs(elsewhere)
    prefix = os.path.join(work, "prefix")
    checks = scenario_steps.Checks()
    expect = checks.expect

    proc = run(["cmake", "--install", args.build, "--prefix", prefix], elsewhere)
    expect(proc.returncode == 0, "cmake --install succeeds")
    judge = os.path.join(prefix, "bin", "judge")
    for installed in ["bin/judge", "bin/judge-box", "include/judge_interactor/interactor.hpp",
                      "lib/libjudge_interactor.a", "lib/cmake/judge_interactor/judge_interactorConfig.cmake",
                      "share/doc/judge/README.md", "share/doc/judge/docs/problem-format.md"]:
        expect(os.path.exists(os.path.join(prefix, installed)), f"{installed} is installed")
    # What a user installs: the Release build carries no debug information (a
    # RelWithDebInfo judge was 191 MB); under 20 MB (issue 48).
    size_mb = os.path.getsize(os.path.join(prefix, "bin/judge")) / 1e6
    expect(size_mb < 20, f"the installed judge is {size_mb:.1f} MB, under 20 MB")
    if checks.failures:
        return checks.finish()

    env = dict(os.environ)
    for key in ["JUDGE_SOURCE_DIR", "JUDGE_BUILD_DIR", "JUDGE_PROBLEM_PATH"]:
        env.pop(key, None)
    proc = run([judge, "run", "nuts-bolts", "x.py"], elsewhere, env)
    expect(proc.returncode == 2 and "no problem 'nuts-bolts'" in proc.stderr,
           "the installed judge does not find the repository's problems through its build tree")

    consumer = os.path.join(work, "consumer")
    write(os.path.join(consumer, "CMakeLists.txt"), CONSUMER)
    write(os.path.join(consumer, "interactor.cpp"), INTERACTOR)
    proc = run(["cmake", "-S", consumer, "-B", os.path.join(consumer, "build"), f"-DCMAKE_PREFIX_PATH={prefix}"],
               elsewhere)
    expect(proc.returncode == 0, "find_package(judge_interactor) configures")
    proc = run(["cmake", "--build", os.path.join(consumer, "build")], elsewhere)
    expect(proc.returncode == 0, "an interactor links against the installed library")
    if checks.failures:
        return checks.finish()

    problems = os.path.join(work, "problems")
    problem = os.path.join(problems, "guess")
    write(os.path.join(problem, "problem.json"),
          '{"interactor": "interactor", "testdata": "tests", "time_limit_ms": 1000}\n')
    shutil.copy2(os.path.join(consumer, "build", "interactor"), os.path.join(problem, "interactor"))
    for name, secret in [("01", 1), ("02", 1000), ("03", 377)]:
        write(os.path.join(problem, "tests", f"{name}.in"), f"{secret}\n")
    write(os.path.join(problem, "submissions", "accepted", "binary.py"), BINARY)
    write(os.path.join(problem, "submissions", "query_limit_exceeded", "linear.py"), LINEAR)
    env["JUDGE_PROBLEM_PATH"] = f"{os.path.join(work, 'nothing-here')}:{problems}"
    proc = run([judge, "verify", "guess"], elsewhere, env)
    expect(proc.returncode == 0, "the installed judge verifies a problem found through JUDGE_PROBLEM_PATH")
    expect("binary.py" in proc.stdout and "linear.py" in proc.stdout, "both submissions are judged")
    # The same problem with its interactor named as a source: the installed judge
    # builds it with the installed library on its include and link lines.
    source_problem = os.path.join(problems, "guess-source")
    shutil.copytree(problem, source_problem)
    os.remove(os.path.join(source_problem, "interactor"))
    write(os.path.join(source_problem, "interactor.cpp"), INTERACTOR)
    write(os.path.join(source_problem, "problem.json"),
          '{"interactor": "interactor.cpp", "testdata": "tests", "time_limit_ms": 1000}\n')
    env["JUDGE_CACHE_DIR"] = os.path.join(work, "cache")
    proc = run([judge, "verify", "guess-source"], elsewhere, env)
    expect(proc.returncode == 0, "an interactor named as interactor.cpp is built with the installed library")

    # A new problem from the installed judge's skeleton, from another folder: an ICPC
    # package by default, whose validator (the interactor and the library's sources
    # the installed judge carries) builds and verifies at once, and whose inputs are
    # valid; the problem.json layout (--format judge) too, its data what its manifest makes.
    skeleton = os.path.join(work, "new-problem")
    proc = run([judge, "new", skeleton], elsewhere, env)
    expect(proc.returncode == 0 and os.path.exists(os.path.join(skeleton, "problem.yaml")),
           "judge new writes an ICPC package")
    proc = run([judge, "verify", skeleton], elsewhere, env)
    expect(proc.returncode == 0 and "2 of 2 submissions as expected" in proc.stdout,
           "judge verify passes on the skeleton (accepted and wrong_answer)")
    proc = run([judge, "validate", skeleton], elsewhere, env)
    expect(proc.returncode == 0, "judge validate: the skeleton's inputs are valid")
    proc = run([judge, "new", skeleton], elsewhere, env)
    expect(proc.returncode == 2 and "not an empty folder" in proc.stderr, "judge new refuses a folder with files")
    native = os.path.join(work, "new-problem-json")
    proc = run([judge, "new", native, "--format", "judge"], elsewhere, env)
    expect(proc.returncode == 0, "judge new --format judge writes the problem.json skeleton")
    proc = run([judge, "verify", native], elsewhere, env)
    expect(proc.returncode == 0 and "2 of 2 submissions as expected" in proc.stdout,
           "judge verify passes on the problem.json skeleton")
    proc = run([judge, "generate", native, "--check"], elsewhere, env)
    expect(proc.returncode == 0, "judge generate --check: the skeleton's data is what its manifest makes")

    installed_messages(judge, work, elsewhere, env, expect)

    result = os.path.join(work, "result.json")
    proc = run([judge, "run", "guess", os.path.join(problem, "submissions", "accepted", "binary.py"),
                "--json", result], elsewhere, env)
    expect(proc.returncode == 0, "judge run: AC")
    with open(result) as f:
        sandboxes = {test["containment"]["sandbox"] for test in json.load(f)["tests"]}
    expect(sandboxes == {"judge-box"}, f"every test ran in the installed judge-box: {sandboxes}")

    return checks.finish()


if __name__ == "__main__":
    sys.exit(main())
