// SPDX-License-Identifier: MIT
// ws_test::iota(first, last): the integers [first, last) as a range whose
// iterators are C++20 random-access iterators that yield prvalues and claim
// only std::input_iterator_tag as their C++17 category, the iterators the
// algorithms must accept as random access without being told so by
// iterator_traits.
//
// With g++ (and clang from 16) that range is std::views::iota itself. Clang
// before 16 rejects libstdc++'s <ranges> (iota_view's constraints fail), so
// there the tests get a counting range of their own with the same traits.
#pragma once

#if defined(__clang__) && __clang_major__ < 16
#include <compare>
#include <concepts>
#include <cstddef>
#include <iterator>
#else
#include <ranges>
#endif

namespace ws_test {

#if defined(__clang__) && __clang_major__ < 16

/// A random-access iterator over integers, with views::iota's iterator traits.
template <std::integral T>
class counting_iterator {
 public:
  using iterator_concept = std::random_access_iterator_tag;
  using iterator_category = std::input_iterator_tag;
  using value_type = T;
  using difference_type = std::ptrdiff_t;

  counting_iterator() = default;
  explicit counting_iterator(T value) : m_value(value) {}

  T operator*() const { return m_value; }
  T operator[](difference_type n) const { return *(*this + n); }

  counting_iterator& operator++() { return *this += 1; }
  counting_iterator operator++(int) {
    const counting_iterator old = *this;
    ++*this;
    return old;
  }
  counting_iterator& operator--() { return *this -= 1; }
  counting_iterator operator--(int) {
    const counting_iterator old = *this;
    --*this;
    return old;
  }
  // Unsigned T wraps for negative n, which lands on the right value.
  counting_iterator& operator+=(difference_type n) {
    m_value = static_cast<T>(m_value + static_cast<T>(n));
    return *this;
  }
  counting_iterator& operator-=(difference_type n) {
    m_value = static_cast<T>(m_value - static_cast<T>(n));
    return *this;
  }

  friend counting_iterator operator+(counting_iterator it, difference_type n) { return it += n; }
  friend counting_iterator operator+(difference_type n, counting_iterator it) { return it += n; }
  friend counting_iterator operator-(counting_iterator it, difference_type n) { return it -= n; }
  friend difference_type operator-(counting_iterator a, counting_iterator b) {
    return static_cast<difference_type>(a.m_value - b.m_value);
  }
  friend bool operator==(counting_iterator, counting_iterator) = default;
  friend auto operator<=>(counting_iterator, counting_iterator) = default;

 private:
  T m_value{};
};

static_assert(std::random_access_iterator<counting_iterator<long>>);

/// The integers [first, last), as begin() and end().
template <std::integral T>
struct counting_range {
  counting_iterator<T> m_first;
  counting_iterator<T> m_last;

  counting_iterator<T> begin() const { return m_first; }
  counting_iterator<T> end() const { return m_last; }
};

template <std::integral T>
counting_range<T> iota(T first, T last) {
  return {counting_iterator<T>(first), counting_iterator<T>(last)};
}

#else

template <class T>
auto iota(T first, T last) {
  return std::views::iota(first, last);
}

#endif

}  // namespace ws_test
