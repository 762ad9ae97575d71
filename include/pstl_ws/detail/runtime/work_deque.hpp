// SPDX-License-Identifier: MIT
// work_deque: the per-worker Chase-Lev deque with the C11 orderings of Lê, Pop,
// Cohen and Zappa Nardelli (PPoPP 2013), made explicit on the operations that
// TSan can see. Step-by-step argument: docs/deque.md.
#pragma once

#include <array>
#include <atomic>
#include <bit>  // for std::bit_cast
#include <cstddef>
#include <cstdint>
#include <memory>  // for std::unique_ptr, std::make_unique
#include <optional>
#include <type_traits>  // for std::is_trivially_copyable_v
#include <vector>

#include "pstl_ws/detail/config.hpp"

namespace ws::detail {

/// What a thief gets: an item, nothing (the deque looked empty), or a lost race
/// worth retrying (another thief or the owner took the item it had read).
template <class T>
struct steal_result {
  enum class kind { empty, success, retry };
  kind m_kind = kind::empty;
  T m_value{};

  [[nodiscard]] bool is_success() const noexcept { return m_kind == kind::success; }
  [[nodiscard]] bool is_retry() const noexcept { return m_kind == kind::retry; }
};

/// A growable single-owner deque: the owner pushes and pops at the bottom (LIFO),
/// any thread steals from the top (FIFO).
///
/// Requirements: T is trivially copyable and a whole number of words (slots are
///   arrays of relaxed atomic words, so a thief's racing read of a slot the
///   owner is rewriting is never a data race; such a read is always followed by
///   a failed CAS on m_top and thrown away).
/// Guarantees: every pushed item is returned exactly once, by pop() or steal().
/// Complexity: push, pop and steal are O(1); push amortised O(1) with growth.
/// Lifetime: a grown deque keeps its retired buffers until it is destroyed, so a
///   thief still reading an old buffer never touches freed memory.
template <class T>
class work_deque {
  static_assert(std::is_trivially_copyable_v<T>);
  static_assert(sizeof(T) % sizeof(std::uintptr_t) == 0);
  static constexpr std::size_t k_words = sizeof(T) / sizeof(std::uintptr_t);
  using words = std::array<std::uintptr_t, k_words>;

 public:
  /// Initial capacity, a power of two; doubled whenever a push finds it full.
  static constexpr std::int64_t k_min_capacity = 64;

  work_deque() { m_buffer.store(allocate(k_min_capacity), std::memory_order_relaxed); }  // relaxed: not shared yet
  work_deque(const work_deque&) = delete;
  work_deque& operator=(const work_deque&) = delete;

  /// Owner only. Throws std::bad_alloc if growing fails (the deque is unchanged).
  void push(const T& item) {
    const std::int64_t b = m_bottom.load(std::memory_order_relaxed);  // relaxed: only the owner writes m_bottom
    const std::int64_t t = m_top.load(std::memory_order_acquire);     // acquire: pairs with the CAS of a steal; its slot is free
    buffer* buf = m_buffer.load(std::memory_order_relaxed);           // relaxed: only the owner writes m_buffer
    if (b - t > buf->m_capacity - 1) {
      buf = grow(buf, t, b);
    }
    buf->put(b, item);
    m_bottom.store(b + 1, std::memory_order_release);  // release: publishes the slot; pairs with acquire in steal()
  }

  /// Owner only: the most recently pushed item not yet taken, if any.
  std::optional<T> pop() noexcept {
    const std::int64_t b = m_bottom.load(std::memory_order_relaxed) - 1;  // relaxed: owner-only writer
    buffer* buf = m_buffer.load(std::memory_order_relaxed);               // relaxed: owner-only writer
    m_bottom.store(b, std::memory_order_release);  // release: keeps the release sequence of push() for thieves (docs/deque.md#tsan)
    seq_cst_fence();  // seq_cst: docs/deque.md#take (store m_bottom, then load m_top)
    std::int64_t t = m_top.load(std::memory_order_relaxed);  // relaxed: ordered by the fence above
    if (t > b) {  // empty: restore
      m_bottom.store(b + 1, std::memory_order_release);  // release: as above, a restore must still publish older slots
      return std::nullopt;
    }
    T item = buf->get(b);
    if (t == b) {  // the last item: race the thieves for it
      const bool won = m_top.compare_exchange_strong(t, t + 1, std::memory_order_seq_cst,
                                                     std::memory_order_relaxed);  // relaxed: a lost race returns nothing
      m_bottom.store(b + 1, std::memory_order_release);  // release: as above, a restore must still publish older slots
      if (!won) {
        return std::nullopt;
      }
    }
    return item;
  }

  /// Any thread: the oldest item, or empty, or retry after a lost race.
  steal_result<T> steal() noexcept {
    std::int64_t t = m_top.load(std::memory_order_acquire);  // acquire: pairs with the seq_cst CAS of other takers
    seq_cst_fence();      // seq_cst: docs/deque.md#steal (load m_top, then load m_bottom)
    const std::int64_t b = m_bottom.load(std::memory_order_acquire);  // acquire: pairs with the release store in push()
    if (t >= b) {
      return {};
    }
    const buffer* buf = m_buffer.load(std::memory_order_acquire);  // acquire: pairs with the release store in grow()
    T item = buf->get(t);
    if (!m_top.compare_exchange_strong(t, t + 1, std::memory_order_seq_cst,
                                       std::memory_order_relaxed)) {  // relaxed: the item read is discarded
      return {steal_result<T>::kind::retry, T{}};
    }
    return {steal_result<T>::kind::success, item};
  }

  /// Owner-side emptiness test (exact for the owner, a hint for anyone else).
  [[nodiscard]] bool is_empty() const noexcept {
    const std::int64_t b = m_bottom.load(std::memory_order_relaxed);  // relaxed: owner-only writer
    const std::int64_t t = m_top.load(std::memory_order_seq_cst);  // seq_cst: as crossbeam's Worker::is_empty, docs/deque.md
    return b <= t;
  }

  [[nodiscard]] std::int64_t capacity() const noexcept {
    return m_buffer.load(std::memory_order_relaxed)->m_capacity;  // relaxed: a statistic for the owner and tests
  }

 private:
  /// Slot words come in whole cache lines of their own (as does a buffer's
  /// header), so that no other object shares a line with them: the owner's
  /// pushes write them, and an unrelated object's line that they shared would
  /// miss on every push (docs/deque.md#layout).
  static constexpr std::size_t k_line_words = k_cache_line / sizeof(std::uintptr_t);
  struct alignas(k_cache_line) slot_line {
    std::array<std::atomic<std::uintptr_t>, k_line_words> m_words;
  };

  struct alignas(k_cache_line) buffer {
    std::int64_t m_capacity;
    std::unique_ptr<slot_line[]> m_lines;

    void put(std::int64_t i, const T& item) noexcept {
      const auto w = std::bit_cast<words>(item);
      const std::size_t first = index(i);
      for (std::size_t k = 0; k < k_words; ++k) {
        word(first + k).store(w[k], std::memory_order_relaxed);  // relaxed: published by the release store of m_bottom
      }
    }
    [[nodiscard]] T get(std::int64_t i) const noexcept {
      words w;
      const std::size_t first = index(i);
      for (std::size_t k = 0; k < k_words; ++k) {
        w[k] = word(first + k).load(std::memory_order_relaxed);  // relaxed: acquired through m_bottom; a torn read fails its CAS
      }
      return std::bit_cast<T>(w);
    }
    [[nodiscard]] std::size_t index(std::int64_t i) const noexcept {
      return static_cast<std::size_t>(i & (m_capacity - 1)) * k_words;
    }
    [[nodiscard]] std::atomic<std::uintptr_t>& word(std::size_t n) const noexcept {
      return m_lines[n / k_line_words].m_words[n % k_line_words];
    }
  };

  // Defined in work_deque_growth.hpp, which only src/ (for work_deque<job_ref>,
  // explicitly instantiated there) and the deque's own test include: so that
  // every translation unit whose pushes reach them does not instantiate them
  // (docs/design.md#compile-time). allocate() may throw std::bad_alloc.
  buffer* allocate(std::int64_t capacity);
  buffer* grow(const buffer* old, std::int64_t t, std::int64_t b);

  alignas(k_cache_line) std::atomic<std::int64_t> m_top{0};
  alignas(k_cache_line) std::atomic<std::int64_t> m_bottom{0};
  std::atomic<buffer*> m_buffer{nullptr};
  std::vector<std::unique_ptr<buffer>> m_buffers;  // owner only: every buffer ever used
};

}  // namespace ws::detail
