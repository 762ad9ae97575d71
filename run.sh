#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# pstl_ws: the one script that sets everything up. It installs the Debian
# packages the project needs when they are missing, configures with a preset
# from CMakePresets.json, builds, and runs what you asked for.
#
#   ./run.sh compare [args]  the main job: every workload under seq, std::execution::par,
#                            TBB, ws, std_par_on_ws and gnu_parallel; tables, CSV, report
#                            and plots in compare-out/ (--help lists the flags)
#   ./run.sh bench [args]  join overhead: empty join and fib(30), against tbb::task_group
#   ./run.sh park-bench [args]  wait_policy::park against steal: join latency, stack depth
#   ./run.sh test          every test (Debug build, invariants asserted)
#   ./run.sh tsan [seed]   the unit, pool, stress and algorithm tests under ThreadSanitizer (clang 19)
#   ./run.sh asan [seed]   every test under AddressSanitizer + UBSan (clang 19)
#                          (with a seed, both run under random delays from it, but for the timed tests)
#   ./run.sh libcxx        the unit, pool, algorithm and process tests built by clang 16 on
#                          libc++ 16, a standard library without parallel algorithms of its own
#   ./run.sh verify        the Promela models of sleep and latch, exhaustively (verify/)
#   ./run.sh random-delays [seeds]  the unit and pool tests under random delays, seeds 1..N (50;
#                          odd seeds under wait_policy::steal, even ones under park)
#   ./run.sh fuzz [seconds]  the libFuzzer target of sort, stable_sort and nth_element
#                            (clang, ASan + UBSan) from fuzz/corpus/sort, for that long (60)
set -euo pipefail
cd "$(dirname "$0")"

readonly packages=(g++ cmake make pkgconf doctest-dev libboost-context-dev libtbb-dev)
readonly compare_packages=(gnuplot-nox)  # the report's plots
readonly verify_packages=(spin gcc)      # the model checker and pan's compiler
# The sanitizer stages use clang 19: its AddressSanitizer allocator is fork-safe
# (LLVM 18 and later), so the process tests run whole under ASan.
readonly clang_packages=(clang-19 libclang-rt-19-dev)  # the latter has clang's sanitizer runtimes and libFuzzer
readonly libcxx_packages=(clang-16 libc++-16-dev libc++abi-16-dev)
jobs=$(nproc 2>/dev/null || echo 2)

ensure_packages() {  # ensure_packages [extra package...]
  local missing=()
  for package in "${packages[@]}" "$@"; do
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

# The tests that time the pool (idle CPU) or count parks (park_test: a delay
# can let a stolen half finish before its joiner waits), or race a join against
# a 30 ms call (new_call_test), or only churn threads or sort for seconds:
# random delays leave them out.
readonly timed_tests='idle_test|park_test|pool_cycles_test|quicksort|unrelated call injected meanwhile'

sanitizer_tests() {  # sanitizer_tests <preset> [seed]
  local preset=$1 seed=${2:-}
  if [ -z "$seed" ]; then
    ctest --preset "$preset" -j "$jobs"
    return
  fi
  echo "$preset: random delays from seed $seed, the timed tests without (rerun: PSTL_WS_RANDOM_DELAY=$seed ctest --preset $preset -E '$timed_tests')"
  PSTL_WS_RANDOM_DELAY=$seed ctest --preset "$preset" -j "$jobs" -E "$timed_tests"
  ctest --preset "$preset" -j "$jobs" -R "$timed_tests"
}

usage() {
  sed -n '3,21p' "$0" | sed 's/^# \{0,1\}//'
  exit 2
}

[ $# -ge 1 ] || usage
command=$1
shift
case "$command" in
  compare)
    ensure_packages "${compare_packages[@]}"; build release pstl_ws_compare
    ./build/release/compare/pstl_ws_compare "$@" ;;
  bench)
    ensure_packages; build release pstl_ws_join_bench
    ./build/release/compare/pstl_ws_join_bench "$@" ;;
  park-bench)
    ensure_packages; build release pstl_ws_park_bench
    ./build/release/compare/pstl_ws_park_bench "$@" ;;
  test)
    ensure_packages; build debug
    ctest --preset debug -j "$jobs" ;;
  tsan)
    ensure_packages "${clang_packages[@]}"; build tsan
    sanitizer_tests tsan "$@" ;;
  asan)
    ensure_packages "${clang_packages[@]}"; build asan
    sanitizer_tests asan "$@" ;;
  libcxx)
    ensure_packages "${libcxx_packages[@]}"; build libcxx
    # park_test counts parks, which depend on timing (a stolen half may finish
    # before its joiner waits); it runs in the debug, asan and tsan stages.
    ctest --preset libcxx -j "$jobs" -E park_test ;;
  verify)
    ensure_packages "${verify_packages[@]}"
    verify/run.sh ;;
  random-delays)
    ensure_packages; build debug
    log=$(mktemp)
    # Odd seeds run the unit tests and the pool tests under wait_policy::steal,
    # even seeds the pool tests' [park] runs: each policy gets half the seeds.
    for seed in $(seq 1 "${1:-50}"); do
      if [ $((seed % 2)) -eq 1 ]; then policy=(-E "$timed_tests|\[park\]"); else policy=(-E "$timed_tests" -R '\[park\]'); fi
      if ! PSTL_WS_RANDOM_DELAY=$seed ctest --preset debug -j "$jobs" -L '^(unit|pool)$' "${policy[@]}" >"$log" 2>&1; then
        cat "$log"
        echo "random delays: seed $seed failed (rerun: PSTL_WS_RANDOM_DELAY=$seed ctest --preset debug)"
        exit 1
      fi
      echo "random delays: seed $seed: $(grep -o '[0-9]*% tests passed.*' "$log" || true)"
    done ;;
  fuzz)
    # New inputs go to build/fuzz/corpus (the committed corpus is only read),
    # a crash, leak or timeout to build/fuzz/crash-*, leak-*, timeout-*: the
    # fuzzer then exits non-zero. Edge coverage only (-use_counters=0): the
    # hit counts of parallel runs change from run to run. fuzz/README.md.
    ensure_packages "${clang_packages[@]}"; build fuzz pstl_ws_sort_fuzz
    mkdir -p build/fuzz/corpus
    ./build/fuzz/fuzz/pstl_ws_sort_fuzz -max_total_time="${1:-60}" -timeout=20 -max_len=4096 -use_counters=0 \
      -print_final_stats=1 -artifact_prefix=build/fuzz/ build/fuzz/corpus fuzz/corpus/sort ;;
  *) usage ;;
esac
