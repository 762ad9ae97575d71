// SPDX-License-Identifier: MIT
// The comparators of the sort fuzz target: four strict weak orders (<, >, a
// projection with many ties, always false) and five that are not (<=, always
// true, a coin flip per call, one that turns around after k calls, one whose
// answer depends on the calling thread), any of which may also throw at call
// t, so that exceptions leave from every state an algorithm can get into. All
// are one type, fuzz_order, so that each algorithm is compiled once per
// element type; its state is shared by the copies the algorithms make, and is
// safe to call from several threads at once.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <thread>

#include "sort_fuzz_elements.hpp"

namespace sort_fuzz {

enum class order_kind : std::uint8_t {
  less,           ///< a < b
  greater,        ///< a > b
  ties,           ///< (a & 7) < (b & 7): eight classes of equivalent keys
  less_equal,     ///< a <= b
  always_true,    ///< true
  always_false,   ///< false (a strict weak order: everything is equivalent)
  coin_flip,      ///< a seeded coin flip per call
  flips_after_k,  ///< a < b for the first k calls, then a > b
  by_thread,      ///< a < b on some threads, a > b on the others (by thread id and seed)
};
inline constexpr std::uint8_t k_order_kinds = 9;
/// The throw_at of a comparator that never throws.
inline constexpr std::uint64_t k_never = ~std::uint64_t{0};

inline const char* name_of(order_kind kind) {
  constexpr const char* k_names[k_order_kinds] = {"less",        "greater",      "ties",
                                                   "less_equal",  "always_true",  "always_false",
                                                   "coin_flip",   "flips_after_k", "by_thread"};
  return k_names[static_cast<std::size_t>(kind)];
}

/// What a comparator throws at call throw_at.
struct thrown_by_comparator {};

/// splitmix64's finaliser: a well-mixed 64-bit function of x.
constexpr std::uint64_t mix(std::uint64_t x) noexcept {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

/// The strict weak order on keys that a comparator of `kind` acted as, when
/// it acted as one (see order_state::acted_as_strict_weak_order): the
/// reference the results are checked against.
struct key_order {
  order_kind m_kind;
  bool operator()(std::int64_t a, std::int64_t b) const noexcept {
    switch (m_kind) {
      case order_kind::greater: return a > b;
      case order_kind::ties: return (a & 7) < (b & 7);
      case order_kind::always_false: return false;
      default: return a < b;
    }
  }
};

/// One call's comparator: its kind, parameters and call count.
class order_state {
 public:
  /// A comparator of `kind` whose call number throw_at (from 0; k_never:
  /// none) throws thrown_by_comparator.
  order_state(order_kind kind, std::uint64_t seed, std::uint64_t k, std::uint64_t throw_at) noexcept
      : m_kind(kind), m_seed(seed), m_k(k), m_throw_at(throw_at) {}
  order_state(const order_state&) = delete;
  order_state& operator=(const order_state&) = delete;

  bool compare(std::int64_t a, std::int64_t b) {
    const std::uint64_t call = m_calls.fetch_add(1);
    if (call == m_throw_at) {
      m_threw.store(true);
      throw thrown_by_comparator{};
    }
    switch (m_kind) {
      case order_kind::less_equal: return a <= b;
      case order_kind::always_true: return true;
      case order_kind::coin_flip: return (mix(m_seed + call) & 1) != 0;
      case order_kind::flips_after_k: return call < m_k ? a < b : a > b;
      case order_kind::by_thread:
        return ((mix(m_seed ^ std::hash<std::thread::id>()(std::this_thread::get_id())) & 1) != 0) ? a < b : a > b;
      default: return key_order{m_kind}(a, b);
    }
  }

  /// Whether the comparator threw (read after the algorithm returned).
  [[nodiscard]] bool threw() const noexcept { return m_threw.load(); }

  /// Whether every answer it gave came from key_order{kind}: always for the
  /// strict weak orders, and for flips_after_k when the algorithm called it
  /// at most k times.
  [[nodiscard]] bool acted_as_strict_weak_order() const noexcept {
    switch (m_kind) {
      case order_kind::less:
      case order_kind::greater:
      case order_kind::ties:
      case order_kind::always_false: return true;
      case order_kind::flips_after_k: return m_calls.load() <= m_k;
      default: return false;
    }
  }

 private:
  order_kind m_kind;
  std::uint64_t m_seed;
  std::uint64_t m_k;
  std::uint64_t m_throw_at;
  std::atomic<std::uint64_t> m_calls{0};
  std::atomic<bool> m_threw{false};
};

/// The comparator the algorithms get: a pointer to the call's state.
struct fuzz_order {
  order_state* m_state;
  template <class T>
  bool operator()(const T& a, const T& b) const {
    return m_state->compare(key_of(a), key_of(b));
  }
};

}  // namespace sort_fuzz
