// SPDX-License-Identifier: MIT
// cpu_quota_limit on fake cgroup trees (v2 cpu.max, v1 cfs quota, nested
// limits, bad input) and available_parallelism on this machine.
#include <doctest/doctest.h>
#include <sched.h>

#include <algorithm>
#include <cstddef>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <system_error>
#include <thread>

#include "pstl_ws/detail/runtime/cpu_quota.hpp"
#include "pstl_ws/detail/runtime/registry.hpp"
#include "test_support.hpp"

namespace {

namespace fs = std::filesystem;
using ws::detail::cpu_quota_limit;
using ws::detail::cpu_quota_sources;

// A cgroup v2 mount, after an unrelated one.
constexpr const char* k_v2_mountinfo =
    "22 1 0:21 / /proc rw,relatime - proc proc rw\n"
    "30 22 0:27 / /sys/fs/cgroup rw,nosuid,relatime shared:4 - cgroup2 cgroup2 rw,nsdelegate\n";

// cgroup v1 mounts: cpuacct alone (not the cpu controller), then cpu with cpuacct.
constexpr const char* k_v1_mountinfo =
    "32 30 0:29 / /sys/fs/cgroup/cpuacct rw,relatime shared:10 - cgroup cgroup rw,cpuacct\n"
    "31 30 0:28 / /sys/fs/cgroup/cpu,cpuacct rw,relatime shared:9 - cgroup cgroup rw,cpu,cpuacct\n";

// A fake root in a fresh temporary directory, removed at the end, with its
// /proc/self/cgroup and /proc/self/mountinfo.
class fake_system {
 public:
  fake_system(const std::string& cgroup, const std::string& mountinfo) {
    std::string name = (fs::temp_directory_path() / "pstl_ws_cpu_quota_XXXXXX").string();
    REQUIRE(::mkdtemp(name.data()) != nullptr);
    m_root = name;
    write("proc/self/cgroup", cgroup);
    write("proc/self/mountinfo", mountinfo);
  }
  fake_system(const fake_system&) = delete;
  fake_system& operator=(const fake_system&) = delete;
  ~fake_system() {
    std::error_code ignored;
    fs::remove_all(m_root, ignored);
  }

  // Writes `text` to `path` (relative to the fake root), making its directories.
  void write(const fs::path& path, const std::string& text) const {
    fs::create_directories((m_root / path).parent_path());
    std::ofstream(m_root / path) << text;
  }

  [[nodiscard]] cpu_quota_sources sources() const {
    return {m_root / "proc/self/cgroup", m_root / "proc/self/mountinfo", m_root};
  }

  [[nodiscard]] std::optional<std::size_t> limit() const { return cpu_quota_limit(sources()); }

 private:
  fs::path m_root;
};

// The CPUs of this thread's affinity mask, read with a mask for 65536 CPUs.
std::size_t affinity_cpus() {
  constexpr std::size_t k_cpus = 65536;
  cpu_set_t* const set = CPU_ALLOC(k_cpus);
  REQUIRE(set != nullptr);
  const std::size_t size = CPU_ALLOC_SIZE(k_cpus);
  CPU_ZERO_S(size, set);
  const int count = ::sched_getaffinity(0, size, set) == 0 ? CPU_COUNT_S(size, set) : 0;
  CPU_FREE(set);
  return count > 0 ? static_cast<std::size_t>(count)
                   : std::max(1U, std::thread::hardware_concurrency());
}

}  // namespace

// Prints a limit in a failed check: a number, or "no limit".
template <>
struct doctest::StringMaker<std::optional<std::size_t>> {
  static doctest::String convert(const std::optional<std::size_t>& limit) {
    return limit ? doctest::toString(*limit) : doctest::String("no limit");
  }
};

TEST_CASE("cpu_quota: a cgroup v2 limit of max sets no limit" * doctest::timeout(10)) {
  const fake_system sys("0::/app\n", k_v2_mountinfo);
  sys.write("sys/fs/cgroup/app/cpu.max", "max 100000\n");
  CHECK(sys.limit() == std::nullopt);
}

TEST_CASE("cpu_quota: a cgroup v2 quota of 1.5 CPUs allows 2 threads" * doctest::timeout(10)) {
  const fake_system sys("0::/app\n", k_v2_mountinfo);
  sys.write("sys/fs/cgroup/app/cpu.max", "150000 100000\n");
  CHECK(sys.limit() == 2);
}

TEST_CASE("cpu_quota: a cgroup v2 quota of half a CPU still allows 1 thread" *
          doctest::timeout(10)) {
  const fake_system sys("0::/app\n", k_v2_mountinfo);
  sys.write("sys/fs/cgroup/app/cpu.max", "50000 100000\n");
  CHECK(sys.limit() == 1);
}

TEST_CASE("cpu_quota: the smallest quota on the way up from the cgroup binds, a parent's too" *
          doctest::timeout(10)) {
  const fake_system sys("0::/outer/middle/inner\n", k_v2_mountinfo);
  sys.write("sys/fs/cgroup/outer/cpu.max", "300000 100000\n");
  sys.write("sys/fs/cgroup/outer/middle/cpu.max", "800000 100000\n");
  sys.write("sys/fs/cgroup/outer/middle/inner/cpu.max", "max 100000\n");
  CHECK(sys.limit() == 3);  // the grandparent binds the cgroup and its parent
  sys.write("sys/fs/cgroup/outer/middle/inner/cpu.max", "200000 100000\n");
  CHECK(sys.limit() == 2);  // the cgroup's own quota is smaller still
}

TEST_CASE("cpu_quota: a cgroup v1 quota of -1 sets no limit" * doctest::timeout(10)) {
  const fake_system sys("4:cpu,cpuacct:/app\n", k_v1_mountinfo);
  sys.write("sys/fs/cgroup/cpu,cpuacct/app/cpu.cfs_quota_us", "-1\n");
  sys.write("sys/fs/cgroup/cpu,cpuacct/app/cpu.cfs_period_us", "100000\n");
  CHECK(sys.limit() == std::nullopt);
}

TEST_CASE("cpu_quota: a cgroup v1 quota of 200000 per 100000 allows 2 threads" *
          doctest::timeout(10)) {
  const fake_system sys("5:cpuacct:/\n4:cpu,cpuacct:/app\n", k_v1_mountinfo);
  sys.write("sys/fs/cgroup/cpu,cpuacct/app/cpu.cfs_quota_us", "200000\n");
  sys.write("sys/fs/cgroup/cpu,cpuacct/app/cpu.cfs_period_us", "100000\n");
  CHECK(sys.limit() == 2);
}

TEST_CASE("cpu_quota: on a hybrid system the v1 cpu hierarchy counts, not the unified one" *
          doctest::timeout(10)) {
  const fake_system sys("0::/app\n4:cpu,cpuacct:/app\n",
                        std::string(k_v1_mountinfo) +
                            "40 30 0:37 / /sys/fs/cgroup/unified rw - cgroup2 cgroup2 rw\n");
  sys.write("sys/fs/cgroup/unified/app/cpu.max", "100000 100000\n");
  sys.write("sys/fs/cgroup/cpu,cpuacct/app/cpu.cfs_quota_us", "400000\n");
  sys.write("sys/fs/cgroup/cpu,cpuacct/app/cpu.cfs_period_us", "100000\n");
  CHECK(sys.limit() == 4);
}

TEST_CASE("cpu_quota: a mount rooted at the process's cgroup is read at its mount point" *
          doctest::timeout(10)) {
  // cgroup v1 in a container without a cgroup namespace, and an escaped space.
  const fake_system sys(
      "4:cpu,cpuacct:/docker/abc\n",
      "31 30 0:28 /docker/abc /sys/fs/cgroup/my\\040cpu rw - cgroup cgroup rw,cpu,cpuacct\n");
  sys.write("sys/fs/cgroup/my cpu/cpu.cfs_quota_us", "250000\n");
  sys.write("sys/fs/cgroup/my cpu/cpu.cfs_period_us", "100000\n");
  CHECK(sys.limit() == 3);
}

TEST_CASE("cpu_quota: missing files set no limit" * doctest::timeout(10)) {
  CHECK(cpu_quota_limit({"/nonexistent/cgroup", "/nonexistent/mountinfo", "/nonexistent"}) ==
        std::nullopt);
  const fake_system sys("0::/app\n", k_v2_mountinfo);
  CHECK(sys.limit() == std::nullopt);  // no cpu.max anywhere
  sys.write("sys/fs/cgroup/app/cpu.max", "100000 100000\n");
  REQUIRE(sys.limit() == 1);
  fs::remove(sys.sources().m_mountinfo_file);
  CHECK(sys.limit() == std::nullopt);

  const fake_system v1("4:cpu,cpuacct:/app\n", k_v1_mountinfo);
  v1.write("sys/fs/cgroup/cpu,cpuacct/app/cpu.cfs_quota_us", "100000\n");
  CHECK(v1.limit() == std::nullopt);  // a quota without a period
}

TEST_CASE("cpu_quota: garbage text sets no limit" * doctest::timeout(10)) {
  for (const char* text : {"", "garbage", "150000", "150000 0", "0 100000", "-150000 100000",
                           "1.5 100000", "150000 100000 7", "99999999999999999999999 100000"}) {
    CAPTURE(text);
    const fake_system sys("0::/app\n", k_v2_mountinfo);
    sys.write("sys/fs/cgroup/app/cpu.max", text);
    CHECK(sys.limit() == std::nullopt);
  }
  for (const char* cgroup : {"garbage\n", "0::/../app\n", "0:cpu\n", "0::app\n"}) {
    CAPTURE(cgroup);
    const fake_system sys(cgroup, k_v2_mountinfo);
    sys.write("sys/fs/cgroup/app/cpu.max", "100000 100000\n");
    sys.write("sys/fs/app/cpu.max", "100000 100000\n");  // what /../app would reach
    CHECK(sys.limit() == std::nullopt);
  }
  for (const char* mountinfo : {"garbage\n", "30 22 0:27 / /sys/fs/cgroup - cgroup2\n",
                                "30 22 0:27 / /sys/fs/cgroup rw - cgroup cgroup rw,cpu\n"}) {
    CAPTURE(mountinfo);
    const fake_system sys("0::/app\n", mountinfo);
    sys.write("sys/fs/cgroup/app/cpu.max", "100000 100000\n");
    CHECK(sys.limit() == std::nullopt);
  }
}

TEST_CASE("available_parallelism: at least 1, at most the affinity mask, capped by the quota" *
          doctest::timeout(10)) {
  const std::size_t threads = ws::detail::available_parallelism();
  const std::size_t cpus = affinity_cpus();
  MESSAGE("available_parallelism() = " << threads << ", affinity mask: " << cpus << " CPUs");
  CHECK(threads >= 1);
  CHECK(threads <= cpus);
  const std::optional<std::size_t> quota = cpu_quota_limit(cpu_quota_sources{});
  CHECK(threads == (quota ? std::min(cpus, *quota) : cpus));
}
