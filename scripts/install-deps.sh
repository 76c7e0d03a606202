#!/usr/bin/env bash
# Installs what building and testing the judge needs on Debian 12, as root, only
# what is missing (apt-get is not even started when everything is there).
set -euo pipefail
packages=(g++ gcc make cmake python3 libboost1.81-dev libfmt-dev nlohmann-json3-dev
          libcli11-dev libgtest-dev libyaml-cpp-dev nettle-dev
          libminizip-dev                    # judge export DEST.zip (zlib1g-dev comes with it)
          default-jdk-headless kotlin rustc  # judge/languages.yaml: Java, Kotlin, Rust submissions
          libjs-chart.js parallel chromium  # these three: judge batch (plots, shards, report test)
          clang libclang-rt-14-dev          # scripts/fuzz.sh: libFuzzer and the sanitizers' runtimes
          clang-format git                  # CTest style.format_changed_lines: the lines written since .clang-format
          g++-mingw-w64-x86-64-posix)       # CTest export.to_polygon.*: the Polygon interactor builds for Windows
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" ||
    missing+=("$package")
done
if ((${#missing[@]})); then
  if [[ $(id -u) != 0 ]]; then
    echo "install-deps: missing packages: ${missing[*]}; run as root (or: sudo $0)" >&2
    exit 2
  fi
  echo "install-deps: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  apt-get install -y -q --no-install-recommends "${missing[@]}"
fi
