// SPDX-License-Identifier: MIT
// pair_less: std::pair's order for pairs of arithmetic values, without a
// branch. std::pair's operator<=> returns after the first members unless
// they are equal: a branch on their equality even where the sort takes the
// answer as a flag (branch_free.hpp), which pair_less does not have (10^7
// pairs of u64 on one thread: 12-14% faster than by a lambda `x < y`).
// docs/sample-sort.md#orders.
#pragma once

#include <type_traits>  // for std::is_arithmetic_v
#include <utility>  // for std::pair

#include "pstl_ws/detail/backend/radix_sort.hpp"

namespace ws::detail {

template <class T>
inline constexpr bool is_arithmetic_pair_v = false;
template <class A, class B>
inline constexpr bool is_arithmetic_pair_v<std::pair<A, B>> = std::is_arithmetic_v<A> && std::is_arithmetic_v<B>;

/// Whether sort compares elements of type T under Comp by pair_less: pairs
/// of arithmetic values under any spelling of std::less or std::greater.
template <class Comp, class T>
inline constexpr bool pair_less_applies_v = is_arithmetic_pair_v<T> && radix_direction_v<Comp, T> != 0;

/// x < y for pairs (x > y when Direction is -1) as std::pair's operator<=>
/// answers it: by the first members, by the second where the first are equal
/// (for floating point: a NaN first member makes neither pair less). Both
/// comparisons are made and combined with & and |, so the compiler emits
/// flags, not branches. O(1); cannot throw.
template <int Direction>
struct pair_less {
  template <class A, class B>
  [[nodiscard]] bool operator()(const std::pair<A, B>& x, const std::pair<A, B>& y) const noexcept {
    return Direction > 0 ? ascending(x, y) : ascending(y, x);
  }

 private:
  template <class A, class B>
  [[nodiscard]] static bool ascending(const std::pair<A, B>& x, const std::pair<A, B>& y) noexcept {
    return static_cast<bool>((x.first < y.first) | ((x.first == y.first) & (x.second < y.second)));
  }
};

}  // namespace ws::detail
