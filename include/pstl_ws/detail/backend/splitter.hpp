// SPDX-License-Identifier: MIT
// splitter: how far the range drivers split a range into parallel pieces
// (rayon's adaptive Splitter with a minimum length), and how a piece that one
// thread runs is handed out in part when another thread runs dry.
// docs/algorithms.md#splitting.
#pragma once

#include <algorithm>  // for std::max
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <utility>  // for std::pair, std::move

#include "pstl_ws/detail/backend/tuning.hpp"
#include "pstl_ws/detail/runtime/clock.hpp"
#include "pstl_ws/detail/runtime/job.hpp"
#include "pstl_ws/detail/runtime/worker_thread.hpp"
#include "pstl_ws/join.hpp"

namespace ws::detail {

/// What the finished leaves of one call took per element: the splitter's
/// estimate of how long a stolen piece will take. Shared by the nodes of one
/// call; only a hint (relaxed), as cancellation is. Times are nanoseconds of
/// the steady clock (clock.hpp: no <chrono> on the algorithms' path).
class leaf_timer {
 public:
  /// Records, when it ends, how long the leaf of len elements run in its scope took.
  class measurement {
   public:
    measurement(leaf_timer& timer, std::size_t len) noexcept
        : m_timer(timer), m_len(len), m_start_ns(steady_now_ns()) {}
    measurement(const measurement&) = delete;
    measurement& operator=(const measurement&) = delete;
    ~measurement() { m_timer.record(m_len, steady_now_ns() - m_start_ns); }

   private:
    leaf_timer& m_timer;
    std::size_t m_len;
    std::int64_t m_start_ns;
  };

  /// Times the leaf of len elements that runs while the result lives.
  [[nodiscard]] measurement measure(std::size_t len) noexcept { return {*this, len}; }

  /// A leaf of len elements took `took_ns`. Writes only when the estimate moves
  /// by more than 2×: every leaf of every thread reports here, and a store
  /// each time would bounce the line between their caches (and the call's
  /// cancellation flag, which every leaf reads, may share it).
  void record(std::size_t len, std::int64_t took_ns) noexcept {
    const auto picos = std::max<std::uint64_t>(
        static_cast<std::uint64_t>(std::max<std::int64_t>(took_ns, 0)) * 1000 / std::max<std::size_t>(len, 1),
        1);  // at least 1, so that 0 keeps meaning "no leaf yet"
    const std::uint64_t known = m_picos_per_element.load(std::memory_order_relaxed);  // relaxed: a hint, see above
    if (known == 0 || picos > 2 * known || 2 * picos < known) {
      m_picos_per_element.store(picos, std::memory_order_relaxed);  // relaxed: a hint, see above
    }
  }

  /// Whether a piece of len elements may take at least `at_least_ns`: true
  /// until a leaf has finished.
  [[nodiscard]] bool may_take(std::size_t len, std::int64_t at_least_ns) const noexcept {
    const std::uint64_t picos = m_picos_per_element.load(std::memory_order_relaxed);  // relaxed: a hint
    return picos == 0 || static_cast<double>(picos) * static_cast<double>(len) >=
                             1000.0 * static_cast<double>(at_least_ns);
  }

 private:
  std::atomic<std::uint64_t> m_picos_per_element{0};
};

/// What one node of a recursive split does with its piece.
enum class split_action : unsigned char {
  leaf,      // runs the piece as one leaf
  sequence,  // runs its halves one after the other on this thread, each a node again
  fork,      // runs its halves in parallel (ws::join_context)
};

/// Whether the pieces a splitter does not fork may run as halves in sequence,
/// to be shared with a thread that lacks work: not where combining two
/// halves' results costs a pass over their elements.
enum class running_pieces : bool { kept_whole, shared };

/// Decides, at each node of a recursive split, whether to fork. It starts with
/// about as many splits as threads, so an undisturbed run makes ~2 pieces per
/// thread. A piece that migrated to another thread (its job was stolen, so
/// some thread ran out of work) re-arms it, so busy parts of the range split
/// further where they are needed, but only a piece of fewer than n/P of the
/// n elements (P threads), and only one that the call's finished leaves say
/// takes at least k_rearm_min_ns: a larger piece is the initial
/// distribution, which the starting count already provides for, and a
/// shorter one cannot even out more than its pieces' steals would cost.
/// A piece it does not fork runs, unless kept_whole, as halves in sequence
/// down to about n / (k_watched_pieces_per_thread * P) elements, and a half
/// that starts while another thread of the pool lacks work is forked after
/// all: so the last pieces of a call are shared, not finished by one thread
/// while the others wait (docs/algorithms.md#splitting). Pieces never go
/// below min_len elements. Copied into each half: every branch of the
/// recursion has its own.
class splitter {
 public:
  /// The least time a stolen piece must be expected to take to re-arm the
  /// splitter, and each half of a piece to be forked for a thread that
  /// lacks work: many times what a steal costs (about 1-3 µs when the thief
  /// reads the piece from another core's cache).
  static constexpr std::int64_t k_rearm_min_ns = 5'000;
  /// How finely, per thread, a piece that is not forked is cut into halves
  /// run in sequence, each a point where the rest can still be shared.
  static constexpr std::size_t k_watched_pieces_per_thread = 128;

  /// The splitter of an input of n elements run on num_threads threads,
  /// whose leaves report to `timer` (time_leaf).
  splitter(std::size_t num_threads, std::size_t min_len, std::size_t n, leaf_timer& timer,
           running_pieces running = running_pieces::shared) noexcept
      : m_splits(num_threads),
        m_num_threads(num_threads),
        m_min_len(std::max<std::size_t>(min_len, 1)),
        m_rearm_max(n / std::max<std::size_t>(num_threads, 1)),
        // One thread has no one to share with: its pieces are leaves.
        m_watched_min(num_threads > 1 && running == running_pieces::shared
                          ? n / (k_watched_pieces_per_thread * num_threads)
                          : n),
        m_timer(&timer) {}

  /// What the node of a piece of `len` elements does, given whether the
  /// piece migrated since the last split.
  split_action split(std::size_t len, bool migrated) noexcept {
    if (!holds_two_grains(len, m_min_len)) {
      return split_action::leaf;
    }
    if (migrated && len < m_rearm_max && m_timer->may_take(len, k_rearm_min_ns)) {
      m_splits = std::max(m_num_threads, m_splits / 2);
      return split_action::fork;
    }
    if (m_splits != 0) {
      m_splits /= 2;
      return split_action::fork;
    }
    if (len / 2 < m_watched_min || !m_timer->may_take(len / 2, k_rearm_min_ns)) {
      return split_action::leaf;
    }
    const worker_thread* self = worker_thread::current();
    return self != nullptr && self->peers_lack_work() ? split_action::fork : split_action::sequence;
  }

  /// Times the leaf of len elements that runs while the result lives: what
  /// a driver wraps each leaf in.
  [[nodiscard]] leaf_timer::measurement time_leaf(std::size_t len) const noexcept { return m_timer->measure(len); }

 private:
  std::size_t m_splits;
  std::size_t m_num_threads;
  std::size_t m_min_len;
  std::size_t m_rearm_max;    // a stolen piece re-arms only below this length
  std::size_t m_watched_min;  // a piece not forked runs as halves in sequence down to this length
  leaf_timer* m_timer;
};

/// Runs the halves of a node that `action` (fork or sequence) splits:
/// a(ctx) and b(ctx) in parallel (ws::join_context) for fork, else a then b
/// on this thread, neither migrated. Returns {a's result, b's result} (void:
/// ws::unit). Exceptions: as ws::join_context for fork; in sequence, b does
/// not run once a threw.
template <class A, class B>
auto join_halves(split_action action, A&& a, B&& b)
    -> std::pair<result_of_t<A&, fn_context>, result_of_t<B&, fn_context>> {
  if (action == split_action::fork) {
    return ws::join_context(a, b);
  }
  auto first = invoke_to_result(a, fn_context(false));
  return {std::move(first), invoke_to_result(b, fn_context(false))};
}

/// Set when an element function threw: leaves that have not started yet skip
/// their work. Only a hint (relaxed): the exception itself travels through
/// join, which orders everything.
class cancellation {
 public:
  void cancel() noexcept { m_cancelled.store(true, std::memory_order_relaxed); }  // relaxed: a hint, see above
  [[nodiscard]] bool is_cancelled() const noexcept {
    return m_cancelled.load(std::memory_order_relaxed);  // relaxed: a hint, see above
  }

 private:
  std::atomic<bool> m_cancelled{false};
};

}  // namespace ws::detail
