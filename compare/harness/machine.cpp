// SPDX-License-Identifier: MIT
#include "harness/machine.hpp"

#include <sys/utsname.h>

#include <boost/version.hpp>
#include <chrono>
#include <ctime>
#include <fstream>
#include <string>
#include <thread>
#include <utility>

#include "bench_support.hpp"
#include "pstl_ws/thread_pool.hpp"

#ifdef PSTL_WS_HAVE_TBB
#include <tbb/version.h>
#endif
#ifdef PSTL_WS_HAVE_GNU_PARALLEL
#include <omp.h>
#endif
// The libstdc++ configuration macros (_PSTL_PAR_BACKEND_*, __GLIBCXX__).
#include <execution>

#ifndef PSTL_WS_COMPARE_FLAGS
#define PSTL_WS_COMPARE_FLAGS "unknown"
#endif

namespace harness {

namespace {

std::string cpu_model() {
  std::ifstream cpuinfo("/proc/cpuinfo");
  std::string line;
  while (std::getline(cpuinfo, line)) {
    if (line.rfind("model name", 0) == 0) {
      const std::size_t colon = line.find(':');
      return colon == std::string::npos ? line : line.substr(line.find_first_not_of(' ', colon + 1));
    }
  }
  return "unknown (no model name in /proc/cpuinfo)";
}

std::string kernel() {
  utsname name{};
  return uname(&name) == 0 ? std::string(name.sysname) + " " + name.release + " " + name.machine : "unknown";
}

std::string utc_now() {
  const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm utc{};
  gmtime_r(&now, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%d %H:%M UTC", &utc);
  return text;
}

}  // namespace

const char* std_par_backend_name() noexcept {
#if defined(PSTL_WS_STD_PAR_ON_WS)
  return "ws (std_par_on_ws: libstdc++'s algorithms on the ws pool)";
#elif defined(_PSTL_PAR_BACKEND_TBB)
  return "TBB";
#else
  return "serial (no TBB: std::execution::par runs on one thread)";
#endif
}

machine_info describe_machine(const options& opts, const std::vector<std::size_t>& threads) {
  machine_info info;
  auto add = [&info](std::string key, std::string value) { info.m_facts.emplace_back(std::move(key), std::move(value)); };
  add("date", utc_now());
  add("cpu", cpu_model());
  add("cpus", std::to_string(std::thread::hardware_concurrency()) + " online, " +
                  std::to_string(ws::thread_pool(0).num_threads()) + " available to this process");
  add("kernel", kernel());
  add("compiler", __VERSION__);
  add("flags", PSTL_WS_COMPARE_FLAGS);
  add("libstdc++", std::to_string(__GLIBCXX__) + " (release " + std::to_string(_GLIBCXX_RELEASE) + ")");
  add("std_par backend", std_par_backend_name());
#ifdef PSTL_WS_HAVE_TBB
  add("oneTBB", TBB_VERSION_STRING);
#else
  add("oneTBB", "not built in");
#endif
#ifdef PSTL_WS_HAVE_GNU_PARALLEL
  add("OpenMP (gnu_parallel)", std::to_string(_OPENMP));
#else
  add("OpenMP (gnu_parallel)", "not built in");
#endif
  add("Boost", BOOST_LIB_VERSION);
  add("size", size_name(opts.m_size));
  add("threads", bench::join_counts(threads, ' '));
  add("reps", std::to_string(opts.m_reps) + " timed runs after one warm-up; median, min and max");
  add("rounds", std::to_string(opts.m_rounds) + " (each cell: the median of its rounds' medians)");
  add("callers", std::to_string(opts.m_callers) + " threads calling at once (concurrent callers workloads)");
  return info;
}

}  // namespace harness
