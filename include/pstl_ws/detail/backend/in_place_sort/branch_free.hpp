// SPDX-License-Identifier: MIT
// branch_free: the two tools of the sample sort's branch-free code, the
// search tree's descent (classifier.hpp) and small_sort's networks and
// merges. A comparison whose answer is a coin flip (random keys) must
// become a value that indexes or masks, never a branch: a branch on it
// mispredicts half the time. docs/sample-sort.md#the-base-case.
#pragma once

#include <cstddef>  // for std::ptrdiff_t
#include <utility>  // for std::forward

namespace ws::detail {

/// a if `take_a`, else b, computed with masks: GCC turns a conditional
/// expression whose sides feed different stores into a branch, and a branch
/// on a comparison of random keys mispredicts half the time.
[[gnu::always_inline]] inline std::ptrdiff_t pick(bool take_a, std::ptrdiff_t a, std::ptrdiff_t b) noexcept {
  return b ^ ((a ^ b) & -static_cast<std::ptrdiff_t>(take_a));
}

/// comp(a, b) as a 0 or 1 in a register. A comparator that returns from
/// more than one path (std::pair's <, std::tie(...) <, which return after the
/// first members unless they are equal) otherwise gets folded into the code
/// that uses its answer, and the compiler then jumps on the first members'
/// comparison instead of adding the flag: 10^7 pairs by a lambda `x < y`
/// sorted 2.2 times slower. An empty asm statement that takes the answer as
/// an operand makes it a value first; the branch left inside the comparator
/// is on equality, which predicts. Complexity and exceptions: comp's.
template <class Comp, class A, class B>
[[nodiscard, gnu::always_inline]] inline bool flag_of(Comp& comp, A&& a, B&& b) {
  bool flag = static_cast<bool>(comp(std::forward<A>(a), std::forward<B>(b)));
#if defined(__GNUC__)
  asm("" : "+r"(flag));
#endif
  return flag;
}

}  // namespace ws::detail
