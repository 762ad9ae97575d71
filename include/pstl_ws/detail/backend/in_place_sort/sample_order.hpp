// SPDX-License-Identifier: MIT
// sample_order: what a sample sort level knows about the order it sorts by.
// The level's search tree holds one node per splitter; classification turns
// each element into a probe once and compares it with the nodes on its way
// down; the buckets below a level may know more than the level did (strings
// between two splitters share their common prefix). The comparison order is
// the user's comparator and nothing more; string_order.hpp is the other.
// docs/sample-sort.md#orders.
#pragma once

#include <concepts>  // for std::convertible_to, std::same_as
#include <cstddef>
#include <memory>  // for std::addressof

#include "pstl_ws/detail/backend/in_place_sort/branch_free.hpp"
#include "pstl_ws/detail/backend/in_place_sort/small_sort.hpp"
#include "pstl_ws/detail/backend/sequential_sort.hpp"
#include "pstl_ws/detail/backend/tuning.hpp"

namespace ws::detail {

/// The most elements an order whose base case is an insertion sort sorts by
/// sort_small: twice k_sample_sort_base_case.
inline constexpr std::size_t k_sample_sort_small = 2 * k_sample_sort_base_case;

/// An order for elements of type T, as the sample sort uses it:
/// - node(x): a splitter as the search tree keeps it (a copy of x, or more);
/// - probe(x): what classification computes once per element;
/// - node_less(s, p): s < x; probe_less(p, s): x < s (x the probed element);
/// - comparator(): a comparator for sorting samples (and ranges past the
///   depth limit);
/// - base_case: the elements per bucket its last level aims at;
/// - sort_small(first, last): sorts a range of at most 2 × base_case
///   elements, the sample sort's base case;
/// - between(lower, upper): the order for the elements of a bucket, lower
///   < x <= upper (nullptr for no bound), which may start further in.
/// node_less and probe_less agree with comparator() on every pair.
template <class O, class T>
concept sample_order = requires(const O& order, T& x, typename O::node_type& s, const typename O::node_type* bound) {
  { order.node(x) } -> std::same_as<typename O::node_type>;
  { order.probe(x) } -> std::same_as<typename O::probe_type>;
  { order.node_less(s, order.probe(x)) } -> std::convertible_to<bool>;
  { order.probe_less(order.probe(x), s) } -> std::convertible_to<bool>;
  order.comparator()(x, x);
  order.sort_small(&x, &x + 1);
  { order.between(bound, bound) } -> std::same_as<O>;
  { O::base_case } -> std::convertible_to<std::size_t>;
};

/// The order of a comparator: nodes are copies of the splitters, a probe is
/// the element's address, and every bucket sorts by the same comparator,
/// its base case by small_sort for small_sortable_v elements and by
/// insertion sort otherwise. Every comparison of the descent and of
/// small_sort is taken as a flag (flag_of), so a comparator that returns
/// from several paths (std::pair's <, std::tie's) still sorts without a
/// branch on its answer. Holds the comparator by address: the caller's
/// outlives every level.
template <class T, class Comp>
class comparison_order {
 public:
  using node_type = T;
  using probe_type = T*;
  static constexpr std::size_t base_case =
      small_sortable_v<T> ? k_small_sort_base_case : k_sample_sort_base_case;

  explicit comparison_order(Comp& comp) noexcept : m_comp(&comp) {}

  [[nodiscard]] node_type node(T& x) const { return x; }
  [[nodiscard]] probe_type probe(T& x) const noexcept { return std::addressof(x); }
  // The comparator takes non-const lvalues (std::sortable allows that), so
  // the nodes the tree passes are mutable. Inlined always: left to GCC 12's
  // heuristics, the tree's descent over pairs under std::less<> branched on
  // every step instead of adding the comparison's flag (3x slower); flag_of
  // does the same for comparators inlined but folded into the descent.
  [[nodiscard, gnu::always_inline]] bool node_less(node_type& s, probe_type x) const { return flag_of(*m_comp, s, *x); }
  [[nodiscard, gnu::always_inline]] bool probe_less(probe_type x, node_type& s) const { return flag_of(*m_comp, *x, s); }
  [[nodiscard]] Comp& comparator() const noexcept { return *m_comp; }
  template <class It>
  void sort_small(It first, It last) const {
    if constexpr (small_sortable_v<T>) {
      small_sort(first, last, *m_comp);
    } else {
      insertion_sort(first, last, *m_comp);
    }
  }
  [[nodiscard]] comparison_order between(const node_type*, const node_type*) const noexcept { return *this; }

 private:
  Comp* m_comp;
};

}  // namespace ws::detail
