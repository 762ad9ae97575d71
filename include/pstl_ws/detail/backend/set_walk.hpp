// SPDX-License-Identifier: MIT
// set_walk: the merge walk of the four set operations into a bounded output,
// stopping at the first element that does not fit and saying where it
// stopped in each range: the one serial step of ws::ranges::set_union,
// set_intersection, set_difference and set_symmetric_difference (P3179).
// docs/ranges.md#set-operations.
#pragma once

#include <algorithm>  // for std::min
#include <cstddef>
#include <functional>  // for std::invoke
#include <type_traits>  // for std::false_type, std::true_type

#include "pstl_ws/detail/backend/dispatch.hpp"

namespace ws::detail {

/// What a set operation does with the elements in front of the two ranges.
/// When one is less than the other, the lesser is passed, written or
/// skipped; when neither is less, both are passed and the first range's is
/// written or skipped; once one range is used up, the rest of the other is
/// written or left unread. The four rules give std::set_union,
/// set_intersection, set_difference and set_symmetric_difference's outputs,
/// element for element.
struct set_rule {
  bool m_write_less1;       // the first range's element is the lesser: write it
  bool m_write_less2;       // the second range's element is the lesser: write it
  bool m_write_equivalent;  // neither is less: write the first range's element
  bool m_write_rest1;       // the second range is used up: write the rest of the first
  bool m_write_rest2;       // the first range is used up: write the rest of the second
};

inline constexpr set_rule k_union_rule{true, true, true, true, true};
inline constexpr set_rule k_intersection_rule{false, false, true, false, false};
inline constexpr set_rule k_difference_rule{true, false, false, true, false};
inline constexpr set_rule k_symmetric_difference_rule{true, true, false, true, true};

/// Where a set_walk ended: how many elements of each range it passed
/// (written or skipped), how many it wrote, and whether it stopped at an
/// element to write that did not fit.
struct set_walk_end {
  std::size_t m_read1;
  std::size_t m_read2;
  std::size_t m_written;
  bool m_full;
};

/// Walks the sorted ranges [first1, first1 + n1) and [first2, first2 + n2)
/// as Rule says, comparing comp(proj1(e1), proj2(e2)) and comp(proj2(e2),
/// proj1(e1)), writing to [out, out + room). Stops at the first element to
/// write that does not fit: then m_full, and m_read1 and m_read2 count the
/// elements passed before it (P3179's "copied or skipped" elements: for every
/// rule, the state of std::set_xxx when it writes its (room + 1)-th element).
/// A walk that writes everything ends where the merge ends (every element of
/// both ranges for union and symmetric difference; the whole first range,
/// and of the second what comes before the first's end or was paired with
/// its elements, for difference), but for intersection, which writes no
/// rest: it ends just after its last pair of equivalent elements (nothing
/// after the last element written counts as skipped; {0, 0} with no pair).
/// Complexity: at most 2 (n1 + n2) - 1 comparisons, room copies at most.
/// Exceptions: those of comp, the projections and the copies, the output
/// then holding what was written so far.
template <set_rule Rule, class I1, class I2, class O, class Comp, class Proj1, class Proj2>
set_walk_end set_walk(I1 first1, std::size_t n1, I2 first2, std::size_t n2, O out, std::size_t room, Comp& comp,
                      Proj1& proj1, Proj2& proj2) {
  constexpr bool k_ends_after_last_pair = !Rule.m_write_rest1 && !Rule.m_write_rest2;
  const I1 last1 = nth(first1, n1);
  const I2 last2 = nth(first2, n2);
  I1 in1 = first1;
  I2 in2 = first2;
  [[maybe_unused]] I1 after_pair1 = first1;
  [[maybe_unused]] I2 after_pair2 = first2;
  std::size_t written = 0;
  // Writes *in; checked (std::true_type) first makes sure it fits, else
  // false. write and step are each compiled once checked and once not.
  auto write = [&](const auto& in, auto checked) {
    if constexpr (decltype(checked)::value) {
      if (written == room) {
        return false;
      }
    }
    *out = *in;
    ++out;
    ++written;
    return true;
  };
  // One step of the merge: passes the lesser front element, or an equivalent
  // pair, writing what Rule says; false if that did not fit (`checked`).
  auto step = [&](auto checked) {
    if (std::invoke(comp, std::invoke(proj1, *in1), std::invoke(proj2, *in2))) {
      if constexpr (Rule.m_write_less1) {
        if (!write(in1, checked)) {
          return false;
        }
      }
      ++in1;
    } else if (std::invoke(comp, std::invoke(proj2, *in2), std::invoke(proj1, *in1))) {
      if constexpr (Rule.m_write_less2) {
        if (!write(in2, checked)) {
          return false;
        }
      }
      ++in2;
    } else {
      if constexpr (Rule.m_write_equivalent) {
        if (!write(in1, checked)) {
          return false;
        }
      }
      ++in1;
      ++in2;
      if constexpr (k_ends_after_last_pair) {
        after_pair1 = in1;
        after_pair2 = in2;
      }
    }
    return true;
  };
  auto stopped = [&] { return set_walk_end{distance_of(first1, in1), distance_of(first2, in2), written, true}; };
  while (in1 != last1 && in2 != last2) {
    // A step passes at least one element and writes at most one, so the steps
    // within len1 + len2 <= room - written elements need no room check: one
    // unchecked run while both fit, single checked steps at the very end.
    const std::size_t left = room - written;
    const std::size_t len1 = std::min(distance_of(in1, last1), left / 2);
    const std::size_t len2 = std::min(distance_of(in2, last2), left - len1);
    if (len1 == 0 || len2 == 0) {
      if (!step(std::true_type{})) {
        return stopped();
      }
      continue;
    }
    const I1 stop1 = nth(in1, len1);
    const I2 stop2 = nth(in2, len2);
    while (in1 != stop1 && in2 != stop2) {
      step(std::false_type{});
    }
  }
  // The rest of the range not used up, as much as fits.
  auto write_rest = [&](auto& in, const auto last) {
    const auto stop = nth(in, std::min(distance_of(in, last), room - written));
    for (; in != stop; ++in) {
      write(in, std::false_type{});
    }
    return in == last;
  };
  if constexpr (Rule.m_write_rest1) {
    if (!write_rest(in1, last1)) {
      return stopped();
    }
  }
  if constexpr (Rule.m_write_rest2) {
    if (!write_rest(in2, last2)) {
      return stopped();
    }
  }
  if constexpr (k_ends_after_last_pair) {
    in1 = after_pair1;
    in2 = after_pair2;
  }
  return {distance_of(first1, in1), distance_of(first2, in2), written, false};
}

}  // namespace ws::detail
