// SPDX-License-Identifier: MIT
// classifier: the sample sort's splitters and the branch-free search tree that
// maps an element to its bucket, with equality buckets for splitters that
// occur more than once in the sample. docs/sample-sort.md#classification.
#pragma once

#include <algorithm>  // for std::min, std::max, std::iter_swap
#include <bit>  // for std::bit_width
#include <cstddef>
#include <cstdint>
#include <iterator>  // for std::iter_value_t, std::iter_difference_t
#include <type_traits>  // for std::integral_constant
#include <utility>  // for std::integer_sequence
#include <vector>

#include "pstl_ws/detail/backend/in_place_sort/sample_order.hpp"
#include "pstl_ws/detail/backend/in_place_sort/stripe.hpp"
#include "pstl_ws/detail/backend/sequential_sort.hpp"
#include "pstl_ws/detail/backend/tuning.hpp"

namespace ws::detail {

/// How many buckets (log2) a level over n elements splits into: all of
/// them (k_sample_sort_log_buckets) while more than two levels remain; else
/// as many as leave buckets of about `base_case` elements after one level,
/// or after two levels of equal fan-out.
constexpr unsigned sample_sort_log_buckets(std::size_t n, std::size_t base_case) noexcept {
  const auto levels_to_base = static_cast<unsigned>(std::bit_width(n / base_case)) - 1;
  if (levels_to_base > 2 * k_sample_sort_log_buckets) {
    return k_sample_sort_log_buckets;
  }
  return std::max(1U, levels_to_base > k_sample_sort_log_buckets ? (levels_to_base + 1) / 2 : levels_to_base);
}

/// The splitters of one level and the tree that searches them, in the terms
/// of a sample_order (sample_order.hpp). Built from a
/// sample of the range (which it leaves sorted at the range's front); then
/// classify() gives each element its bucket: with s the sorted distinct
/// splitters, bucket i of the tree holds s[i-1] < x <= s[i]. When the sample
/// repeats a splitter the level has equality buckets: bucket 2i holds
/// s[i-1] < x < s[i], bucket 2i+1 holds x == s[i] (already sorted, never
/// visited again), and the last, 2k-1, holds x > s[k-2].
/// Any comparator, a strict weak order or not, yields a bucket in
/// [0, num_buckets()): the distribution that follows only trusts those
/// numbers, never the comparator again.
/// Needs copies of the splitters (the order's nodes); exceptions: the
/// comparator's and the copies' (std::bad_alloc for the tree), with the range
/// a permutation of its input.
template <class T, sample_order<T> Order>
class classifier {
 public:
  using node_type = typename Order::node_type;

  /// Samples [first, first + n) (n > 2 × Order::base_case), sorts the
  /// sample in place at the front, and builds the tree for 2^log_buckets
  /// buckets (fewer when the sample has fewer distinct values).
  template <class It>
  classifier(It first, std::size_t n, unsigned log_buckets, const Order& order) : m_order(order) {
    using diff = std::iter_difference_t<It>;
    const std::size_t wanted_buckets = std::size_t{1} << log_buckets;
    const std::size_t step =
        std::max<std::size_t>(1, static_cast<std::size_t>(std::bit_width(n)) / k_sample_sort_oversampling_divisor);
    const std::size_t sample = std::min(n / 2, wanted_buckets * step - 1);
    // Fixed-seed draws: the same input splits the same way on every run.
    std::uint64_t state = 0x9e3779b97f4a7c15ULL ^ n;
    for (std::size_t i = 0; i < sample; ++i) {
      state = state * 6364136223846793005ULL + 1442695040888963407ULL;
      const std::size_t pick = i + static_cast<std::size_t>((state >> 33) % (n - i));
      std::iter_swap(first + static_cast<diff>(i), first + static_cast<diff>(pick));
    }
    auto&& comp = order.comparator();
    sequential_sort(first, first + static_cast<diff>(sample), comp);

    // Every step-th sample element, skipping repeats of the one before.
    std::vector<node_slot>& splitters = m_sorted;
    splitters.reserve(wanted_buckets);
    for (std::size_t i = step - 1; i < sample; i += step) {
      auto& candidate = first[static_cast<diff>(i)];
      if (!splitters.empty() && !order.node_less(splitters.back().m_node, order.probe(candidate))) {
        m_equal_buckets = true;
        continue;
      }
      splitters.push_back({order.node(candidate)});
    }
    if (splitters.empty()) {
      splitters.push_back({order.node(first[0])});
    }
    m_log_buckets = static_cast<unsigned>(std::bit_width(splitters.size()));
    m_buckets = std::size_t{1} << m_log_buckets;
    // Padding with the largest splitter leaves the buckets past it empty.
    while (splitters.size() < m_buckets) {
      splitters.push_back(splitters.back());
    }
    m_tree.reserve(m_buckets);
    m_tree.push_back(splitters.front());  // m_tree[0] is never read
    for (std::size_t node = 1; node < m_buckets; ++node) {
      // Node at depth d (from 0), position p within it, covers the splitters
      // of one subtree; it holds the middle one.
      const auto depth = static_cast<unsigned>(std::bit_width(node)) - 1;
      const std::size_t width = m_buckets >> depth;
      const std::size_t position = node - (std::size_t{1} << depth);
      m_tree.push_back(splitters[position * width + width / 2 - 1]);
    }
  }

  /// Buckets of this level: 2^log_buckets, twice that with equality buckets.
  [[nodiscard]] std::size_t num_buckets() const noexcept { return m_equal_buckets ? 2 * m_buckets : m_buckets; }

  /// Whether every element of bucket b equals one splitter (no further sort).
  [[nodiscard]] bool is_equality_bucket(std::size_t b) const noexcept {
    return m_equal_buckets && b % 2 == 1 && b + 1 != num_buckets();
  }

  /// The order that sorts bucket b: the level's, between the bucket's bounds.
  [[nodiscard]] Order bucket_order(std::size_t b) const {
    const std::size_t i = m_equal_buckets ? b / 2 : b;
    return m_order.between(i >= 1 ? &m_sorted[i - 1].m_node : nullptr,
                           i + 1 < m_buckets ? &m_sorted[i].m_node : nullptr);
  }

  /// Calls visit(bucket, element) for every element of [first, first + n),
  /// in order. Classifies k_classify_batch elements before visiting them, so
  /// their descents overlap, and an exception from the comparator leaves the
  /// batch unvisited: `visited` then tells how many elements were.
  template <class It, class Visit>
  void classify(It first, std::size_t n, Visit&& visit, std::size_t& visited) const {
    with_levels(std::make_integer_sequence<unsigned, k_sample_sort_log_buckets>(),
                [&]<unsigned Levels>(std::integral_constant<unsigned, Levels>) {
                  classify_with<Levels>(first, n, visit, visited);
                });
  }

 private:
  /// Calls f(std::integral_constant<unsigned, m_log_buckets>()): the tree's
  /// depth as a constant, so that each batch's descent unrolls.
  template <unsigned... Depths, class F>
  void with_levels(std::integer_sequence<unsigned, Depths...>, F&& f) const {
    ((m_log_buckets == Depths + 1 ? f(std::integral_constant<unsigned, Depths + 1>()) : void()), ...);
  }

  template <unsigned Levels, class It, class Visit>
  void classify_with(It first, std::size_t n, Visit& visit, std::size_t& visited) const {
    using diff = std::iter_difference_t<It>;
    // Locals, not members: visit() moves elements (memcpy for some types),
    // which the compiler must otherwise take to change them.
    const tree_view tree{m_tree.data(), m_sorted.data(), m_equal_buckets};
    std::size_t begin = 0;
    for (; begin + k_classify_batch <= n; begin += k_classify_batch) {
      classify_batch<Levels, k_classify_batch>(tree, first + static_cast<diff>(begin), visit);
      visited = begin + k_classify_batch;
    }
    for (; begin < n; ++begin) {
      classify_batch<Levels, 1>(tree, first + static_cast<diff>(begin), visit);
      visited = begin + 1;
    }
  }

  // A node in a struct of its own: std::vector<bool> would hand out proxies.
  struct node_slot {
    node_type m_node;
  };

  // What a descent reads.
  struct tree_view {
    node_slot* m_tree;
    node_slot* m_sorted;
    bool m_equal_buckets;
  };

  template <unsigned Levels, std::size_t Batch, class It, class Visit>
  void classify_batch(tree_view tree, It first, Visit& visit) const {
    using diff = std::iter_difference_t<It>;
    typename Order::probe_type probe[Batch];
    std::size_t node[Batch];
    for (std::size_t j = 0; j < Batch; ++j) {
      probe[j] = m_order.probe(first[static_cast<diff>(j)]);
      node[j] = 1;
    }
    for (unsigned level = 0; level < Levels; ++level) {
      // Unrolled, so the batch's nodes stay in registers: GCC otherwise keeps
      // a loop over the batch for larger comparators (std::tie of three
      // members) and takes each node through memory, a store and a load in
      // every step of the descent (10^7 such records 1.35 times IPS4o's
      // time on one thread, 1.1 unrolled).
#pragma GCC unroll 8
      for (std::size_t j = 0; j < Batch; ++j) {
        node[j] = 2 * node[j] + static_cast<std::size_t>(m_order.node_less(tree.m_tree[node[j]].m_node, probe[j]));
      }
    }
    for (std::size_t j = 0; j < Batch; ++j) {
      std::size_t bucket = node[j] - (std::size_t{1} << Levels);
      if (tree.m_equal_buckets) {
        bucket = 2 * bucket + static_cast<std::size_t>(!m_order.probe_less(probe[j], tree.m_sorted[bucket].m_node));
      }
      visit(static_cast<bucket_index>(bucket), first[static_cast<diff>(j)]);
    }
  }

  // The comparator may take non-const lvalues (std::sortable allows that),
  // so the nodes are mutable copies.
  mutable std::vector<node_slot> m_tree;    // m_tree[node], node in [1, m_buckets): the implicit search tree
  mutable std::vector<node_slot> m_sorted;  // the padded splitters in order
  Order m_order;
  unsigned m_log_buckets = 0;
  std::size_t m_buckets = 0;
  bool m_equal_buckets = false;
};

}  // namespace ws::detail
