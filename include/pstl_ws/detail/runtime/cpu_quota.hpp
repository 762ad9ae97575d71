// SPDX-License-Identifier: MIT
// cpu_quota: the CPU quota of this process's cgroup (v2 cpu.max, v1
// cpu.cfs_quota_us / cpu.cfs_period_us), which caps the default thread count.
// The rule: docs/design.md#default-thread-count.
#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>

namespace ws::detail {

/// Where cpu_quota_limit() reads: the text of /proc/self/cgroup and of
/// /proc/self/mountinfo, and the directory the mount points of that text are
/// looked up under. Default-constructed, the real files of this process; the
/// tests point them at a fake tree.
struct cpu_quota_sources {
  std::filesystem::path m_cgroup_file = "/proc/self/cgroup";
  std::filesystem::path m_mountinfo_file = "/proc/self/mountinfo";
  std::filesystem::path m_root = "/";
};

/// The number of threads the CPU quota of this process's cgroup allows: the
/// smallest quota / period found in the process's cgroup directory and every
/// directory above it up to the mount point (a parent's limit also binds),
/// rounded up, so at least 1. The cgroup comes from the cgroup file: the cgroup
/// v1 hierarchy whose controllers include `cpu` if there is one (cpu.cfs_quota_us
/// and cpu.cfs_period_us, quota -1 is no limit), else the v2 line `0::` (cpu.max,
/// "max" is no limit); its mount point comes from the mountinfo file.
///
/// Bad input: std::nullopt (no limit) when a file is missing or unreadable or
/// its text does not parse, or the cgroup is not below any mount; a directory
/// whose quota files are missing or do not parse sets no limit of its own,
/// the others still count. Never throws (std::bad_alloc included).
[[nodiscard]] std::optional<std::size_t> cpu_quota_limit(const cpu_quota_sources& sources) noexcept;

}  // namespace ws::detail
