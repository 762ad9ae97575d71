// SPDX-License-Identifier: MIT
// The extra resident memory a stretch of the harness needs at its peak, read
// from the kernel (Linux): writing "5" to /proc/self/clear_refs resets the
// process's high-water mark of resident memory (VmHWM) to its present
// resident size (VmRSS); VmHWM read later is the peak since. Process-wide:
// every thread's memory counts, whoever allocated it, and memory that was
// already resident at the start (an allocator's or a pool's cache) is not
// counted again when it is reused. The kernel's counters are updated in
// batches of pages per CPU: differences below about a MiB are noise.
#pragma once

#include <cstddef>
#include <optional>

namespace harness {

/// The peak resident memory from construction to extra_mib(), over the
/// resident memory at construction.
class peak_memory_window {
 public:
  /// Resets the high-water mark, then reads the resident size.
  peak_memory_window();

  /// The high-water mark now minus the resident size at construction, in
  /// MiB (at least 0); empty if the mark could not be reset or either value
  /// could not be read (not Linux, no /proc).
  std::optional<double> extra_mib() const;

 private:
  std::optional<std::size_t> m_start_kib;  // VmRSS after the reset; empty if the reset failed
};

/// Gives the C heap's free memory back to the system (glibc's malloc_trim),
/// so that the next allocations fault their pages in afresh and a window
/// opened after this counts them.
void trim_heap() noexcept;

/// Faults in `bytes` of fresh memory and gives it back at once, so that the
/// next allocations get pages the system has just had back rather than pages
/// it has not handed out for long. On a VM whose balloon reports free memory
/// to the host, the latter fault about 6 times slower (2.7 against 0.45 ms
/// per MB on the development VM), and which one a first call gets depends on
/// what the process and its parent did before: see compare/README.md ("The
/// sorts: first call and peak memory"). Elsewhere it only costs its time.
void warm_free_memory(std::size_t bytes) noexcept;

}  // namespace harness
