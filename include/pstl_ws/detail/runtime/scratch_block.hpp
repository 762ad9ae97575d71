// SPDX-License-Identifier: MIT
// scratch_block: one block of the scratch memory a pool lends its algorithms
// (registry::lend_scratch), and how a block is mapped and unmapped (the cache
// that keeps them between calls: scratch_cache.hpp).
// docs/scratch.md.
#pragma once

#include <cstddef>

namespace ws::detail {

/// A block of scratch memory: `size` bytes at `data`, page-aligned (2 MiB
/// aligned from 2 MiB on, so that the kernel can back it with huge pages).
struct scratch_block {
  void* m_data = nullptr;
  std::size_t m_size = 0;
};

/// Maps a block of at least `bytes` (rounded up to whole pages, or to 2 MiB
/// from 2 MiB on, and aligned so); empty on failure. Not advised for huge
/// pages: the system's THP policy decides (docs/scratch.md#page-size).
[[nodiscard]] scratch_block map_scratch(std::size_t bytes) noexcept;
/// Unmaps a block from map_scratch (an empty one is ignored).
void unmap_scratch(scratch_block block) noexcept;

}  // namespace ws::detail
