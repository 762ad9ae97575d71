#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# pstl_ws: the one script that sets everything up. It installs the Debian
# packages the project needs when they are missing, configures with a preset
# from CMakePresets.json, builds, and runs what you asked for.
#
#   ./run.sh demo [args]   the main job: a parallel sum and quicksort on the pool vs sequential
#   ./run.sh bench [args]  join overhead: empty join and fib(30), against tbb::task_group
#   ./run.sh algorithms [args]  for_each, reduce and sort: ws vs std::execution::par vs TBB vs seq
#   ./run.sh test          every test (Debug build, invariants asserted)
#   ./run.sh tsan          the unit, pool, stress and algorithm tests under ThreadSanitizer
#   ./run.sh asan          every test under AddressSanitizer + UBSan
set -euo pipefail
cd "$(dirname "$0")"

readonly packages=(g++ cmake make doctest-dev libboost-context-dev libtbb-dev)
jobs=$(nproc 2>/dev/null || echo 2)

ensure_packages() {
  local missing=()
  for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
  done
  [ ${#missing[@]} -eq 0 ] && return
  echo "run.sh: installing ${missing[*]}"
  local sudo=()
  [ "$(id -u)" -eq 0 ] || sudo=(sudo)
  "${sudo[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq "${missing[@]}"
}

build() {  # build <preset> [target...]
  local preset=$1
  shift
  cmake --preset "$preset" >/dev/null
  cmake --build --preset "$preset" -j "$jobs" ${1:+--target "$@"}
}

usage() {
  sed -n '3,12p' "$0" | sed 's/^# \{0,1\}//'
  exit 2
}

[ $# -ge 1 ] || usage
command=$1
shift
case "$command" in
  demo)
    ensure_packages; build release pstl_ws_demo
    ./build/release/compare/pstl_ws_demo "$@" ;;
  bench)
    ensure_packages; build release pstl_ws_join_bench
    ./build/release/compare/pstl_ws_join_bench "$@" ;;
  algorithms)
    ensure_packages; build release pstl_ws_algorithms_bench
    ./build/release/compare/pstl_ws_algorithms_bench "$@" ;;
  test)
    ensure_packages; build debug
    ctest --preset debug -j "$jobs" ;;
  tsan)
    ensure_packages; build tsan
    ctest --preset tsan -L 'unit|pool|stress|algorithm' -j "$jobs" ;;
  asan)
    ensure_packages; build asan
    ctest --preset asan -j "$jobs" ;;
  *) usage ;;
esac
