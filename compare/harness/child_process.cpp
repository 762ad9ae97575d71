// SPDX-License-Identifier: MIT
#include "harness/child_process.hpp"

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <stdexcept>
#include <system_error>
#include <thread>

#include "bench_support.hpp"
#include "harness/at_rest_threads.hpp"
#include "harness/csv.hpp"
#include "pstl_ws/scope.hpp"

extern char** environ;

namespace harness {

namespace {

constexpr const char* k_child_name = "pstl_ws_compare_std_par_on_ws";

/// Runs argv[0] with argv and waits; its exit status (-1: killed by a signal).
int spawn_and_wait(std::vector<std::string> args) {
  std::vector<char*> argv;
  for (std::string& arg : args) {
    argv.push_back(arg.data());
  }
  argv.push_back(nullptr);
  pid_t pid = 0;
  if (const int error = posix_spawn(&pid, argv[0], nullptr, nullptr, argv.data(), environ); error != 0) {
    throw std::system_error(error, std::generic_category(), "cannot start " + args[0]);
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) {
      throw std::system_error(errno, std::generic_category(), "waiting for " + args[0]);
    }
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

}  // namespace

void start_every_thread(ws::thread_pool& pool) {
  const std::size_t threads = pool.num_threads();
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(1);
  std::atomic<std::size_t> started{0};
  auto start_all = [&] {
    ws::scope([&](ws::scope_handle& scope) {
      for (std::size_t i = 0; i < threads; ++i) {
        // Busy until all have started, so that no thread runs two of them.
        scope.spawn([&] {
          started.fetch_add(1);
          while (started.load() < threads && std::chrono::steady_clock::now() < deadline) {
            std::this_thread::yield();
          }
        });
      }
    });
  };
  pool.install(start_all);
}

std::filesystem::path std_par_on_ws_executable() {
  std::error_code error;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
  if (error) {
    return {};
  }
  std::filesystem::path child = self.parent_path() / k_child_name;
  return std::filesystem::exists(child, error) ? child : std::filesystem::path();
}

std::vector<measurement> run_child(const std::filesystem::path& executable, const options& opts,
                                   const std::vector<std::size_t>& threads, const std::string& workload,
                                   std::size_t n) {
  const std::filesystem::path csv =
      std::filesystem::temp_directory_path() / ("pstl_ws_compare_child_" + std::to_string(getpid()) + ".csv");
  // The backends measured just before (TBB's workers, OpenMP's team) may still
  // spin; the child must not share the CPUs with them.
  wait_until_others_quiet(std::chrono::steady_clock::now() + k_max_wait_for_quiet);
  const int status = spawn_and_wait({executable.string(), "--child-workload", workload, "--child-size",
                                     std::to_string(n), "--child-csv", csv.string(), "--threads",
                                     bench::join_counts(threads), "--reps", std::to_string(opts.m_reps), "--size",
                                     size_name(opts.m_size), "--callers", std::to_string(opts.m_callers),
                                     "--no-progress"});
  if (status != 0) {
    std::filesystem::remove(csv);
    throw std::runtime_error(std::string(k_child_name) + " failed on workload '" + workload + "', n = " +
                             std::to_string(n) + " (exit status " + std::to_string(status) + ")");
  }
  std::vector<measurement> rows = read_csv(csv).m_measurements;
  std::filesystem::remove(csv);
  std::erase_if(rows, [](const measurement& row) { return row.m_backend != backend_names::std_par_on_ws; });
  if (rows.empty()) {
    throw std::runtime_error(std::string(k_child_name) + " wrote no results for workload '" + workload + "'");
  }
  return rows;
}

}  // namespace harness
