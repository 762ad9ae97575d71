// SPDX-License-Identifier: MIT
// set_operation: the one driver of set_union, set_intersection,
// set_difference and set_symmetric_difference: windows cut at values, then
// par_scan over them (a counting pass, offsets, a writing pass); and
// bounded_set_operation, the same over set_walk into a bounded output
// (ws::ranges). docs/algorithms.md#merge-inplace_merge-and-the-set-operations.
#pragma once

#include <algorithm>  // for std::lower_bound, std::upper_bound, std::max, std::min
#include <cstddef>
#include <functional>  // for std::identity, std::ref
#include <iterator>  // for std::output_iterator_tag
#include <new>  // for std::bad_alloc
#include <optional>
#include <utility>  // for std::pair
#include <vector>

#include "pstl_ws/detail/backend/dispatch.hpp"
#include "pstl_ws/detail/backend/par_for.hpp"
#include "pstl_ws/detail/backend/par_scan.hpp"
#include "pstl_ws/detail/backend/set_walk.hpp"
#include "pstl_ws/detail/backend/split_plan.hpp"
#include "pstl_ws/detail/backend/tuning.hpp"
#include "pstl_ws/execution.hpp"
#include "pstl_ws/thread_pool.hpp"

namespace ws::detail {

/// An output iterator that only counts the elements written through it.
class counting_output {
 public:
  using iterator_category = std::output_iterator_tag;
  using value_type = void;
  using difference_type = std::ptrdiff_t;
  using pointer = void;
  using reference = void;

  /// What *it = x assigns to: nothing.
  struct sink {
    template <class T>
    const sink& operator=(const T& /*value*/) const noexcept {
      return *this;
    }
  };

  [[nodiscard]] sink operator*() const noexcept { return {}; }
  counting_output& operator++() noexcept {
    ++m_count;
    return *this;
  }
  counting_output operator++(int) noexcept {
    counting_output old = *this;
    ++m_count;
    return old;
  }
  [[nodiscard]] std::size_t count() const noexcept { return m_count; }

 private:
  std::size_t m_count = 0;
};

/// Where one window of a set operation starts in each range; it ends where
/// the next window starts.
struct set_window {
  std::size_t m_first1;
  std::size_t m_first2;
};

/// Levels of window cutting at most. Sorted input needs about log2 of the
/// window count plus a few levels for runs of equivalent elements; the limit
/// bounds the recursion whatever comp answers (a deeper piece is one window).
inline constexpr std::size_t k_max_cut_depth = 64;

/// A cut of [a + a0, a + a1) and [b + b0, b + b1) (sorted) at the value v:
/// before every element not less than v (lower) or, when that leaves one
/// side empty, before every element greater than v (upper). Every element in
/// front of the cut, in either range, is then less than every element behind
/// it, so no run of equivalent elements straddles it. Nothing when neither
/// cut leaves elements on both sides.
template <class It1, class It2, class T, class Comp>
std::optional<std::pair<std::size_t, std::size_t>> cut_at_value(It1 a, std::size_t a0, std::size_t a1, It2 b,
                                                                 std::size_t b0, std::size_t b1, const T& v,
                                                                 Comp& comp) {
  using cut = std::pair<std::size_t, std::size_t>;
  auto splits = [&](const cut& c) { return (c.first != a0 || c.second != b0) && (c.first != a1 || c.second != b1); };
  const cut lower{distance_of(a, std::lower_bound(nth(a, a0), nth(a, a1), v, comp)),
                  distance_of(b, std::lower_bound(nth(b, b0), nth(b, b1), v, comp))};
  if (splits(lower)) {
    return lower;
  }
  const cut upper{distance_of(a, std::upper_bound(nth(a, a0), nth(a, a1), v, comp)),
                  distance_of(b, std::upper_bound(nth(b, b0), nth(b, b1), v, comp))};
  if (splits(upper)) {
    return upper;
  }
  return std::nullopt;
}

/// Appends to `windows` the windows of [a + a0, a + a1) and [b + b0, b + b1):
/// the two cut at the middle element of the longer one (cut_at_value), each
/// side again, down to fewer than 2 * size elements, a piece that no value
/// cuts (a run of equivalent elements) or `depth` levels.
template <class It1, class It2, class Comp>
void cut_windows(It1 a, std::size_t a0, std::size_t a1, It2 b, std::size_t b0, std::size_t b1, Comp& comp,
                 std::size_t size, std::size_t depth, std::vector<set_window>& windows) {
  const std::size_t na = a1 - a0;
  const std::size_t nb = b1 - b0;
  if (holds_two_grains(na + nb, size) && depth != 0) {
    const auto cut = na >= nb ? cut_at_value(a, a0, a1, b, b0, b1, *nth(a, a0 + na / 2), comp)
                              : cut_at_value(a, a0, a1, b, b0, b1, *nth(b, b0 + nb / 2), comp);
    if (cut) {
      cut_windows(a, a0, cut->first, b, b0, cut->second, comp, size, depth - 1, windows);
      cut_windows(a, cut->first, a1, b, cut->second, b1, comp, size, depth - 1, windows);
      return;
    }
  }
  windows.push_back({a0, b0});
}

/// The windows of [first1, first1 + n1) and [first2, first2 + n2), cut
/// (cut_windows) down to fewer than 2 * max(grain, (n1 + n2) / (8 P))
/// elements (P threads; so about k_set_windows_per_thread windows per
/// thread), then the end of the last one, {n1, n2}. Throws std::bad_alloc.
template <class It1, class It2, class Comp>
std::vector<set_window> set_windows(It1 first1, std::size_t n1, It2 first2, std::size_t n2, Comp& comp,
                                    std::size_t grain) {
  const std::size_t size = std::max(grain, (n1 + n2) / (k_set_windows_per_thread * current_num_threads()));
  std::vector<set_window> windows;
  cut_windows(first1, 0, n1, first2, 0, n2, comp, size, k_max_cut_depth, windows);
  windows.push_back({n1, n2});
  return windows;
}

/// The set operation `step` (a std::set_xxx taking first1, last1, first2,
/// last2, out, comp) of [first1, first1 + n1) and [first2, first2 + n2) into
/// out, on a worker: set_windows cuts the windows on that worker, then
/// par_scan over them runs `step` on each window's two pieces into out + the
/// sum of the counts before it, first into a counting_output to get its count
/// when the window ran on another thread than the one before it. Runs of
/// equivalent elements never straddle a window, so the windows' outputs,
/// concatenated, are `step`'s output on the whole ranges. If the window list
/// cannot be allocated, `step` on the whole ranges on this worker. Returns
/// the end of the output.
template <class It1, class It2, class Out, class Comp, class Step>
Out set_operation_by_windows(It1 first1, std::size_t n1, It2 first2, std::size_t n2, Out out, Comp& comp,
                             Step& step, std::size_t grain) {
  std::vector<set_window> windows;
  try {
    windows = set_windows(first1, n1, first2, n2, comp, grain);
  } catch (const std::bad_alloc&) {
    return step(first1, nth(first1, n1), first2, nth(first2, n2), out, std::ref(comp));
  }
  auto run_window = [&](std::size_t i, auto window_out) {
    const set_window& w = windows[i];
    const set_window& next = windows[i + 1];
    return step(nth(first1, w.m_first1), nth(first1, next.m_first1), nth(first2, w.m_first2),
                nth(first2, next.m_first2), window_out, std::ref(comp));
  };
  // par_scan over the windows: a window writes at the sum of the counts of
  // those before it, and returns where its output ends (so a window that runs
  // after its neighbour needs no counting pass).
  auto count_window = [&](std::size_t i) { return run_window(i, counting_output()).count(); };
  auto add = [](std::size_t earlier, std::size_t later) { return earlier + later; };
  auto write_window = [&](std::size_t i, const std::optional<std::size_t>& offset) -> std::size_t {
    const Out window_out = nth(out, *offset);
    return *offset + distance_of(window_out, run_window(i, window_out));
  };
  const std::size_t total = *par_scan<std::size_t>(windows.size() - 1, std::size_t{0}, count_window, add, write_window);
  return nth(out, total);
}

/// The set operation `step` of [first1, last1) and [first2, last2) into out:
/// set_operation_by_windows on the pool when k_set_operation_rule's plan for
/// n1 + n2 elements is parallel (a parallel policy, every iterator indexable),
/// else `step` on the whole ranges on the calling thread. Returns the end of
/// the output.
/// Complexity: up to twice step's comparisons and copies once, plus O(log(n1 + n2))
/// per window; span O((n1 + n2) / P + P log(n1 + n2)) with evenly spread
/// values (a run of equivalent elements is one window: a long one is long
/// work for one thread). Exceptions: the first exception of comp or of a copy
/// is rethrown once every started window finished; the output holds
/// unspecified values. comp must answer the same on both passes.
template <execution_kind Kind, class It1, class It2, class Out, class Comp, class Step>
Out set_operation(const basic_policy<Kind>& policy, It1 first1, It1 last1, It2 first2, It2 last2, Out out,
                  Comp& comp, Step step) {
  auto on_caller = [&] { return step(first1, last1, first2, last2, out, std::ref(comp)); };
  if constexpr (runs_in_parallel_v<Kind, It1, It2, Out>) {
    const std::size_t n1 = distance_of(first1, last1);
    const std::size_t n2 = distance_of(first2, last2);
    const split_plan plan(policy, n1 + n2, k_set_operation_rule);
    return plan.run([&] { return set_operation_by_windows(first1, n1, first2, n2, out, comp, step, plan.grain()); },
                    on_caller);
  } else {
    return on_caller();
  }
}

/// set_walk<Rule> of [first1, first1 + n1) and [first2, first2 + n2) into
/// [out, out + room) (one comparator, no projections), on a worker: the
/// windows of set_windows, then par_scan over them, each window walked into
/// out + the count of the windows before it, or only counted (into a
/// counting_output) when it ran on another thread than the one before it.
/// The counts saturate at room + 1, "past the output": a count stops there,
/// and a window whose offset is past the output is not walked (nor counted,
/// unless it was stolen, and so counted, before its offset was known). The
/// one window whose walk stops (its offset fits, its output does not) gives
/// where the whole walk stops; when everything fits, the last window whose
/// walk passed any element gives where it ends (set_walk's
/// rules hold across windows, since no run of equivalent elements straddles
/// one). If the window lists cannot be allocated, set_walk on the whole
/// ranges on this worker.
template <set_rule Rule, class I1, class I2, class O, class Comp>
set_walk_end bounded_set_operation_by_windows(I1 first1, std::size_t n1, I2 first2, std::size_t n2, O out,
                                              std::size_t room, Comp& comp, std::size_t grain) {
  std::identity identity;
  std::vector<set_window> windows;
  std::vector<set_walk_end> ends;  // each window's, in positions of the whole ranges and output
  try {
    windows = set_windows(first1, n1, first2, n2, comp, grain);
    ends.resize(windows.size() - 1);
  } catch (const std::bad_alloc&) {
    return set_walk<Rule>(first1, n1, first2, n2, out, room, comp, identity, identity);
  }
  auto walk_window = [&](std::size_t i, auto window_out, std::size_t window_room) {
    const set_window& w = windows[i];
    const set_window& next = windows[i + 1];
    return set_walk<Rule>(nth(first1, w.m_first1), next.m_first1 - w.m_first1, nth(first2, w.m_first2),
                          next.m_first2 - w.m_first2, window_out, window_room, comp, identity, identity);
  };
  const std::size_t past = room + 1;
  auto count_window = [&](std::size_t i) { return walk_window(i, counting_output(), past).m_written; };
  auto add = [past](std::size_t earlier, std::size_t later) { return std::min(earlier + later, past); };
  auto write_window = [&](std::size_t i, const std::optional<std::size_t>& offset) -> std::size_t {
    if (*offset == past) {
      return past;
    }
    const set_walk_end end = walk_window(i, nth(out, *offset), room - *offset);
    ends[i] = {windows[i].m_first1 + end.m_read1, windows[i].m_first2 + end.m_read2, *offset + end.m_written,
               end.m_full};
    return end.m_full ? past : *offset + end.m_written;
  };
  const std::size_t total = *par_scan<std::size_t>(windows.size() - 1, std::size_t{0}, count_window, add, write_window);
  set_walk_end whole{0, 0, total, false};
  for (std::size_t i = 0; i + 1 < windows.size(); ++i) {
    if (ends[i].m_full) {
      return ends[i];
    }
    if (ends[i].m_read1 != windows[i].m_first1 || ends[i].m_read2 != windows[i].m_first2) {
      whole.m_read1 = ends[i].m_read1;
      whole.m_read2 = ends[i].m_read2;
    }
  }
  return whole;
}

/// set_walk<Rule> of [first1, first1 + n1) and [first2, first2 + n2) into
/// [out, out + room), comparing with comp (no projections; a caller folds
/// one into comp): bounded_set_operation_by_windows on the pool when
/// k_set_operation_rule's plan for n1 + n2 elements is parallel, else
/// set_walk on the calling thread. Complexity: set_operation's, but no
/// window past the output is written, and no count goes past it. Exceptions:
/// set_operation's. Bad input: set_operation's.
template <set_rule Rule, execution_kind Kind, class I1, class I2, class O, class Comp>
set_walk_end bounded_set_operation(const basic_policy<Kind>& policy, I1 first1, std::size_t n1, I2 first2,
                                   std::size_t n2, O out, std::size_t room, Comp& comp) {
  auto on_caller = [&] {
    std::identity identity;
    return set_walk<Rule>(first1, n1, first2, n2, out, room, comp, identity, identity);
  };
  if constexpr (runs_in_parallel_v<Kind, I1, I2, O>) {
    const split_plan plan(policy, n1 + n2, k_set_operation_rule);
    return plan.run(
        [&] { return bounded_set_operation_by_windows<Rule>(first1, n1, first2, n2, out, room, comp, plan.grain()); },
        on_caller);
  } else {
    return on_caller();
  }
}

}  // namespace ws::detail
