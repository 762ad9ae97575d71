// SPDX-License-Identifier: MIT
// scratch_cache: see include/pstl_ws/detail/runtime/scratch_cache.hpp and docs/scratch.md.
#include "pstl_ws/detail/runtime/scratch_cache.hpp"

#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <limits>  // for std::numeric_limits
#include <utility>  // for std::move, std::exchange

#include "pstl_ws/detail/config.hpp"
#include "pstl_ws/pool_options.hpp"

#if PSTL_WS_ASAN
#include <sanitizer/asan_interface.h>
#endif

namespace ws::detail {

namespace {

constexpr std::size_t k_page = 4096;
/// The huge page size of x86-64 and of arm64 with 4 KiB pages: blocks from
/// this size on are rounded and aligned to it, so that a kernel that backs
/// anonymous memory with transparent huge pages can back them whole.
constexpr std::size_t k_huge_page = std::size_t{2} << 20;

constexpr std::size_t round_up(std::size_t n, std::size_t unit) noexcept { return (n + unit - 1) / unit * unit; }

void advise_inherit(const scratch_block& block, bool inherit) noexcept {
  // A failure only costs a copy of an idle block in a forked child.
  (void)::madvise(block.m_data, block.m_size, inherit ? MADV_DOFORK : MADV_DONTFORK);
}

/// Under AddressSanitizer, only the `usable` bytes a call asked for may be
/// touched, and none while the block is idle: an overrun of a sort's buffer,
/// or a use after the call returned it, is reported as for heap memory.
void mark_usable([[maybe_unused]] const scratch_block& block, [[maybe_unused]] std::size_t usable) noexcept {
#if PSTL_WS_ASAN
  ASAN_UNPOISON_MEMORY_REGION(block.m_data, usable);
  ASAN_POISON_MEMORY_REGION(static_cast<char*>(block.m_data) + usable, block.m_size - usable);
#endif
}

}  // namespace

scratch_block map_scratch(std::size_t bytes) noexcept {
  if (bytes == 0 || bytes > std::numeric_limits<std::size_t>::max() / 2) {
    return {};
  }
  const std::size_t align = bytes >= k_huge_page ? k_huge_page : k_page;
  const std::size_t size = round_up(bytes, align);
  // Over-map by one alignment unit, then cut off the ends so the block starts
  // on a huge page boundary (mmap only promises page alignment).
  const std::size_t mapped = align == k_page ? size : size + align;
  void* const raw = ::mmap(nullptr, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (raw == MAP_FAILED) {
    return {};
  }
  const auto base = reinterpret_cast<std::uintptr_t>(raw);
  const std::uintptr_t start = round_up(base, align);
  if (start != base) {
    ::munmap(raw, start - base);
  }
  if (const std::uintptr_t tail = base + mapped - (start + size); tail != 0) {
    ::munmap(reinterpret_cast<void*>(start + size), tail);
  }
  // No MADV_HUGEPAGE: the alignment lets a kernel whose THP policy is
  // `always` back the block with huge pages; asking for them where the policy
  // is `madvise` made first calls slower on VMs (docs/scratch.md#page-size).
  return scratch_block{reinterpret_cast<void*>(start), size};
}

void unmap_scratch(scratch_block block) noexcept {
  if (block.m_data != nullptr) {
    mark_usable(block, block.m_size);  // the next mapping there starts clean
    ::munmap(block.m_data, block.m_size);
  }
}

std::size_t scratch_limit_for(std::size_t requested) noexcept {
  if (requested != k_default_scratch_limit) {
    return requested;
  }
  const long pages = ::sysconf(_SC_PHYS_PAGES);
  const long page_size = ::sysconf(_SC_PAGESIZE);
  if (pages <= 0 || page_size <= 0) {
    return std::size_t{256} << 20;  // unknown: a quarter of a GiB
  }
  return static_cast<std::size_t>(pages) / 8 * static_cast<std::size_t>(page_size);
}

scratch_cache::~scratch_cache() {
  for (std::size_t i = 0; i < m_count; ++i) {
    unmap_scratch(m_idle[i].m_block);
  }
}

scratch_block scratch_cache::take_idle(std::size_t i) noexcept {
  const scratch_block block = m_idle[i].m_block;
  m_bytes -= block.m_size;
  std::move(m_idle.begin() + static_cast<std::ptrdiff_t>(i) + 1, m_idle.begin() + static_cast<std::ptrdiff_t>(m_count),
            m_idle.begin() + static_cast<std::ptrdiff_t>(i));
  --m_count;
  return block;
}

scratch_block scratch_cache::acquire(std::size_t bytes) noexcept {
  scratch_block found;
  scratch_block replaced;
  {
    std::lock_guard lock(m_mutex);
    std::size_t best = m_count;           // the smallest idle block that fits
    std::size_t largest_small = m_count;  // the largest one that does not
    for (std::size_t i = 0; i < m_count; ++i) {
      const std::size_t size = m_idle[i].m_block.m_size;
      if (size >= bytes) {
        if (best == m_count || size < m_idle[best].m_block.m_size) {
          best = i;
        }
      } else if (largest_small == m_count || size > m_idle[largest_small].m_block.m_size) {
        largest_small = i;
      }
    }
    if (best != m_count) {
      found = take_idle(best);
    } else if (largest_small != m_count) {
      replaced = take_idle(largest_small);
    }
    ++m_lent;  // undone below if no memory can be mapped
  }
  if (found.m_data != nullptr) {
    advise_inherit(found, true);
  } else {
    unmap_scratch(replaced);
    found = map_scratch(bytes);
  }
  if (found.m_data != nullptr) {
    mark_usable(found, bytes);
  } else {
    std::lock_guard lock(m_mutex);
    --m_lent;
  }
  return found;
}

bool scratch_cache::release(scratch_block block) noexcept {
  PSTL_WS_ASSERT(block.m_data != nullptr);
  const bool keep = block.m_size <= m_limit;
  if (keep) {
    advise_inherit(block, false);
    mark_usable(block, 0);
  }
  std::array<scratch_block, k_max_idle + 1> evicted;
  std::size_t num_evicted = 0;
  bool tell = false;
  {
    std::lock_guard lock(m_mutex);
    PSTL_WS_ASSERT(m_lent > 0);
    --m_lent;
    if (!keep) {
      evicted[num_evicted++] = block;
    } else {
      tell = std::exchange(m_said_never, false);
      m_idle[m_count++] = {block, std::chrono::steady_clock::now()};
      m_bytes += block.m_size;
      // The oldest go first; the block just returned fits the limit by itself.
      while (m_count > k_max_idle || m_bytes > m_limit) {
        evicted[num_evicted++] = take_idle(0);
      }
    }
  }
  for (std::size_t i = 0; i < num_evicted; ++i) {
    unmap_scratch(evicted[i]);
  }
  return tell;
}

template <class Drop>
std::size_t scratch_cache::unmap_idle_if(Drop drop) noexcept {
  std::array<scratch_block, k_max_idle + 1> dropped;
  std::size_t num_dropped = 0;
  {
    std::lock_guard lock(m_mutex);
    for (std::size_t i = m_count; i-- > 0;) {
      if (drop(m_idle[i])) {
        dropped[num_dropped++] = take_idle(i);
      }
    }
  }
  std::size_t bytes = 0;
  for (std::size_t i = 0; i < num_dropped; ++i) {
    bytes += dropped[i].m_size;
    unmap_scratch(dropped[i]);
  }
  return bytes;
}

std::size_t scratch_cache::trim() noexcept {
  return unmap_idle_if([](const idle_block&) { return true; });
}

std::size_t scratch_cache::trim_idle() noexcept {
  const auto now = std::chrono::steady_clock::now();
  return unmap_idle_if([this, now](const idle_block& idle) { return now - idle.m_released >= m_idle_release; });
}

std::chrono::steady_clock::time_point scratch_cache::idle_release_due() noexcept {
  using clock = std::chrono::steady_clock;
  std::lock_guard lock(m_mutex);
  if (m_count != 0) {
    return m_idle[0].m_released + m_idle_release;  // the oldest block is the first: release appends
  }
  if (m_lent != 0) {
    return clock::now() + m_idle_release;  // look again then: a call still holds a block
  }
  m_said_never = true;
  return clock::time_point::max();
}

std::size_t scratch_cache::idle_bytes() const noexcept {
  std::lock_guard lock(m_mutex);
  return m_bytes;
}

}  // namespace ws::detail
