#!/usr/bin/env bash
# Installs what building and testing the judge needs on Debian 12, as root, only what
# is missing (apt-get is not even started when everything is there).
#   install-deps.sh main   what the main job needs (scripts/grade-references.sh): the
#                          compiler, CMake and Ninja, the libraries, and the toolchains
#                          of the reference solutions' languages
#   install-deps.sh        that and what the whole test suite needs
set -euo pipefail
main=(g++ gcc make cmake ninja-build python3 libboost1.81-dev libfmt-dev nlohmann-json3-dev
      libcli11-dev libyaml-cpp-dev nettle-dev
      libseccomp-dev                    # judge-box's filter of file locks and inotify (box/channel_filter.hpp)
      libminizip-dev                    # judge export DEST.zip (zlib1g-dev comes with it)
      libcmark-gfm-dev libcmark-gfm-extensions-dev  # judge export --format kattis: the statement as LaTeX
      default-jdk-headless kotlin rustc)  # judge/languages.yaml: Java, Kotlin, Rust submissions
tests=(libgtest-dev                     # the unit tests
       libjs-chart.js parallel chromium  # these three: judge batch (plots, shards, report test)
       clang libclang-rt-14-dev          # scripts/fuzz.sh: libFuzzer and the sanitizers' runtimes
       clang-format git                  # CTest style.format_changed_lines: the lines written since .clang-format
       g++-mingw-w64-x86-64-posix        # CTest export.to_polygon.*: the Polygon interactor builds for Windows
       python3-colorlog python3-ruamel.yaml python3-argcomplete  # CTest real_tools.*: problemtools, BAPCtools
       python3-jsonschema                # CTest batch.contest: the CCS package's JSON against the spec's schemas
       slurm-wlm munge)                  # CTest cluster.slurm_recipe: a Slurm of its own (scripts/slurm-local.sh)
case "${1:-all}" in
  main) packages=("${main[@]}") ;;
  all) packages=("${main[@]}" "${tests[@]}") ;;
  *) echo "usage: install-deps.sh [main]" >&2; exit 2 ;;
esac
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" ||
    missing+=("$package")
done
if ((${#missing[@]})); then
  if [[ $(id -u) != 0 ]]; then
    echo "install-deps: missing packages: ${missing[*]}; run as root (or: sudo $0 $*)" >&2
    exit 2
  fi
  echo "install-deps: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  apt-get install -y -q --no-install-recommends "${missing[@]}"
fi
