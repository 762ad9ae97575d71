// SPDX-License-Identifier: MIT
// projecting_iterator: a random-access iterator that reads its range through
// a projection, for the range algorithms that compare the elements of two
// ranges in both directions (includes, lexicographical_compare), where one
// comparator cannot tell which projection its argument needs.
// docs/ranges.md#projections.
#pragma once

#include <functional>  // for std::identity, std::invoke
#include <iterator>  // for std::random_access_iterator, std::indirect_result_t, std::iter_difference_t, ...
#include <type_traits>  // for std::conditional_t, std::is_reference_v, std::is_same_v, std::remove_cvref_t

namespace ws::detail {

/// An iterator over the same positions as I whose elements are proj(*it). It
/// points to the projection, which must outlive it (the range algorithm's
/// own parameter), so that copies of it cost what copies of I cost. Random
/// access in C++20's sense; its legacy category is random access only when
/// proj gives references (as std::views::transform's iterator).
template <std::random_access_iterator I, class Proj>
class projecting_iterator {
 public:
  using reference = std::indirect_result_t<Proj&, I>;
  using value_type = std::remove_cvref_t<reference>;
  using difference_type = std::iter_difference_t<I>;
  using iterator_concept = std::random_access_iterator_tag;
  using iterator_category =
      std::conditional_t<std::is_reference_v<reference>, std::random_access_iterator_tag, std::input_iterator_tag>;

  projecting_iterator() = default;
  projecting_iterator(I it, Proj* proj) : m_it(it), m_proj(proj) {}

  reference operator*() const { return std::invoke(*m_proj, *m_it); }
  reference operator[](difference_type n) const { return std::invoke(*m_proj, m_it[n]); }

  projecting_iterator& operator++() {
    ++m_it;
    return *this;
  }
  projecting_iterator operator++(int) {
    projecting_iterator before = *this;
    ++m_it;
    return before;
  }
  projecting_iterator& operator--() {
    --m_it;
    return *this;
  }
  projecting_iterator operator--(int) {
    projecting_iterator before = *this;
    --m_it;
    return before;
  }
  projecting_iterator& operator+=(difference_type n) {
    m_it += n;
    return *this;
  }
  projecting_iterator& operator-=(difference_type n) {
    m_it -= n;
    return *this;
  }

  friend projecting_iterator operator+(projecting_iterator it, difference_type n) { return it += n; }
  friend projecting_iterator operator+(difference_type n, projecting_iterator it) { return it += n; }
  friend projecting_iterator operator-(projecting_iterator it, difference_type n) { return it -= n; }
  friend difference_type operator-(const projecting_iterator& a, const projecting_iterator& b) {
    return a.m_it - b.m_it;
  }
  friend bool operator==(const projecting_iterator& a, const projecting_iterator& b) { return a.m_it == b.m_it; }
  friend bool operator<(const projecting_iterator& a, const projecting_iterator& b) { return a.m_it < b.m_it; }
  friend bool operator>(const projecting_iterator& a, const projecting_iterator& b) { return b.m_it < a.m_it; }
  friend bool operator<=(const projecting_iterator& a, const projecting_iterator& b) { return !(b.m_it < a.m_it); }
  friend bool operator>=(const projecting_iterator& a, const projecting_iterator& b) { return !(a.m_it < b.m_it); }

 private:
  I m_it{};
  Proj* m_proj = nullptr;
};

/// it seen through proj, for an algorithm that cannot take a projection; it
/// itself when proj is std::identity.
template <std::random_access_iterator I, class Proj>
auto projecting(I it, Proj& proj) {
  if constexpr (std::is_same_v<Proj, std::identity>) {
    return it;
  } else {
    return projecting_iterator<I, Proj>(it, &proj);
  }
}

}  // namespace ws::detail
