// SPDX-License-Identifier: MIT
// splitter: how many pieces a recursive split makes, undisturbed and when
// pieces are stolen, that a stolen piece re-arms it only in its window, that
// a piece not forked runs as halves in sequence down to its watched length,
// that no leaf goes below the minimum length; and the leaf timer it asks.
#include <doctest/doctest.h>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <thread>
#include <vector>

#include "pstl_ws/detail/backend/splitter.hpp"

namespace {

using ws::detail::leaf_timer;
using ws::detail::running_pieces;
using ws::detail::split_action;
using ws::detail::splitter;

constexpr std::size_t k_thread_counts[] = {1, 2, 3, 4, 8};

struct piece {
  std::size_t m_begin;
  std::size_t m_end;
};

// What par_for_node would make of [0, n) outside a pool (where no thread
// lacks work): the pieces its forks hand to threads, and the leaves those
// pieces run as, in order.
struct split_tree {
  std::vector<piece> m_pieces;
  std::vector<piece> m_leaves;
};

// par_for_node's halving of [begin, end), with stolen(begin, end) saying
// whether a forked half's job migrated; in_piece: below a node run in sequence.
void split_into(splitter split, std::size_t begin, std::size_t end, bool migrated, bool in_piece,
                const std::function<bool(std::size_t, std::size_t)>& stolen, split_tree& tree) {
  const split_action action = split.split(end - begin, migrated);
  if (!in_piece && action != split_action::fork) {
    tree.m_pieces.push_back({begin, end});
  }
  if (action == split_action::leaf) {
    tree.m_leaves.push_back({begin, end});
    return;
  }
  const bool forked = action == split_action::fork;
  const std::size_t mid = begin + (end - begin) / 2;
  split_into(split, begin, mid, false, !forked, stolen, tree);
  split_into(split, mid, end, forked && stolen(mid, end), !forked, stolen, tree);
}

split_tree split_tree_of(std::size_t threads, std::size_t min_len, std::size_t n, leaf_timer& timer,
                         const std::function<bool(std::size_t, std::size_t)>& stolen,
                         running_pieces running = running_pieces::shared) {
  split_tree tree;
  split_into(splitter(threads, min_len, n, timer, running), 0, n, false, false, stolen, tree);
  return tree;
}

std::vector<piece> leaves_of(std::size_t threads, std::size_t min_len, std::size_t n, leaf_timer& timer,
                             const std::function<bool(std::size_t, std::size_t)>& stolen) {
  return split_tree_of(threads, min_len, n, timer, stolen).m_leaves;
}

std::vector<piece> pieces_of(std::size_t threads, std::size_t min_len, std::size_t n, leaf_timer& timer,
                             const std::function<bool(std::size_t, std::size_t)>& stolen) {
  return split_tree_of(threads, min_len, n, timer, stolen).m_pieces;
}

// Whether pieces cover [0, n) in order, one after the other.
bool cover_in_order(const std::vector<piece>& pieces, std::size_t n) {
  std::size_t next = 0;
  for (const piece& p : pieces) {
    if (p.m_begin != next || p.m_end <= p.m_begin) {
      return false;
    }
    next = p.m_end;
  }
  return next == n;
}

// Whether a splitter with no splits left forks a piece of len elements.
bool spent_splitter_forks(splitter split, std::size_t n, std::size_t len, bool migrated) {
  while (split.split(n, false) == split_action::fork) {
  }
  return split.split(len, migrated) == split_action::fork;
}

// A duration as the leaf timer takes it: nanoseconds of the steady clock.
std::int64_t ns(std::chrono::nanoseconds duration) { return duration.count(); }

bool nothing_stolen(std::size_t, std::size_t) { return false; }
bool everything_stolen(std::size_t, std::size_t) { return true; }

// A timer whose leaves took `per_element` each.
void calibrate(leaf_timer& timer, std::chrono::nanoseconds per_element) {
  constexpr std::size_t k_len = 1000;
  timer.record(k_len, ns(per_element * k_len));
}

}  // namespace

TEST_CASE("an undisturbed split makes between P and 2P pieces that cover the input in order") {
  constexpr std::size_t n = 1'000'000;
  for (const std::size_t threads : k_thread_counts) {
    CAPTURE(threads);
    leaf_timer timer;
    const split_tree tree = split_tree_of(threads, 1, n, timer, nothing_stolen);
    CHECK(tree.m_pieces.size() >= threads);
    CHECK(tree.m_pieces.size() <= 2 * threads);
    CHECK(cover_in_order(tree.m_pieces, n));
    CHECK(cover_in_order(tree.m_leaves, n));
  }
}

TEST_CASE("a piece not forked runs as halves in sequence unless kept whole, down to n/128P elements and 5 µs halves") {
  constexpr std::size_t n = 1'000'000;
  for (const std::size_t threads : k_thread_counts) {
    CAPTURE(threads);
    // Before any leaf finished, and with slow elements, down to the watched length.
    const std::size_t watched_min = n / (splitter::k_watched_pieces_per_thread * threads);
    leaf_timer fresh;
    leaf_timer slow;
    calibrate(slow, std::chrono::microseconds(1));
    for (leaf_timer* timer : {&fresh, &slow}) {
      const split_tree tree = split_tree_of(threads, 1, n, *timer, nothing_stolen);
      if (threads == 1) {
        CHECK(tree.m_leaves.size() == tree.m_pieces.size());  // no other thread to share with: no halves
        continue;
      }
      for (const piece& leaf : tree.m_leaves) {
        CHECK(leaf.m_end - leaf.m_begin >= watched_min);
        CHECK(leaf.m_end - leaf.m_begin < 2 * watched_min);
      }
    }
    // With fast elements, only while each half takes k_rearm_min_ns.
    leaf_timer fast;
    const auto per_element = std::chrono::nanoseconds(1);
    calibrate(fast, per_element);
    const std::size_t shortest_half = splitter::k_rearm_min_ns / per_element.count();
    for (const piece& leaf : leaves_of(threads, 1, n, fast, nothing_stolen)) {
      CHECK(leaf.m_end - leaf.m_begin >= std::min(n / (2 * threads), shortest_half));
    }
    // Kept whole, a piece is one leaf.
    const split_tree whole = split_tree_of(threads, 1, n, fresh, nothing_stolen, running_pieces::kept_whole);
    CHECK(whole.m_leaves.size() == whole.m_pieces.size());
    // Outside a pool no thread lacks work: the halves never fork.
    CHECK(pieces_of(threads, 1, n, fast, nothing_stolen).size() ==
          pieces_of(threads, 1, n, slow, nothing_stolen).size());
  }
}

TEST_CASE("a stolen piece of fewer than n over P elements re-arms the splitter while it takes long enough") {
  constexpr std::size_t n = 1'000'000;
  for (const std::size_t threads : k_thread_counts) {
    CAPTURE(threads);
    const std::size_t rearm_max = n / threads;
    // Expensive elements: every stolen piece below n/P re-arms, down to
    // single elements, as in rayon.
    leaf_timer slow;
    calibrate(slow, std::chrono::milliseconds(1));
    const std::size_t undisturbed = pieces_of(threads, 1, n, slow, nothing_stolen).size();
    const std::vector<piece> fine = pieces_of(threads, 1, n, slow, everything_stolen);
    if (threads > 1) {
      CHECK(fine.size() > undisturbed);
    }
    // Cheap elements: a piece re-arms only while it takes k_rearm_min_ns,
    // so re-armed pieces stop splitting once that short, far above one element.
    leaf_timer fast;
    const auto per_element = std::chrono::nanoseconds(1);
    calibrate(fast, per_element);
    const std::size_t shortest_rearmed = splitter::k_rearm_min_ns / per_element.count();
    for (const piece& leaf : pieces_of(threads, 1, n, fast, everything_stolen)) {
      CHECK(leaf.m_end - leaf.m_begin >= shortest_rearmed / (4 * threads));
    }
    // A splitter with no splits left forks a stolen piece only below n/P
    // and when it takes long enough.
    const splitter spent(threads, 1, n, fast);
    CHECK_FALSE(spent_splitter_forks(spent, n, rearm_max, true));
    CHECK_FALSE(spent_splitter_forks(spent, n, shortest_rearmed - 1, true));
    CHECK(spent_splitter_forks(spent, n, shortest_rearmed, true));
    leaf_timer fresh;
    CHECK(spent_splitter_forks(splitter(threads, 1, n, fresh), n, 2, true));  // before any leaf finished: as rayon
  }
}

TEST_CASE("no leaf is shorter than the minimum length however often pieces are stolen") {
  constexpr std::size_t n = 100'000;
  constexpr std::size_t min_len = 5'000;
  for (const std::size_t threads : k_thread_counts) {
    CAPTURE(threads);
    leaf_timer timer;
    for (const piece& leaf : leaves_of(threads, min_len, n, timer, everything_stolen)) {
      CHECK(leaf.m_end - leaf.m_begin >= min_len);
    }
    CHECK(leaves_of(threads, n, n, timer, nothing_stolen).size() == 1);
  }
}

TEST_CASE("a leaf timer measures the leaf run in the scope of its measurement") {
  leaf_timer timer;
  CHECK(timer.may_take(1, ns(std::chrono::hours(1))));  // nothing measured yet
  {
    const auto timing = timer.measure(10);
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  // 10 elements in at least 2 ms: at least 200 µs each.
  CHECK(timer.may_take(5, ns(std::chrono::milliseconds(1))));
  CHECK_FALSE(timer.may_take(5, ns(std::chrono::hours(1))));
}

TEST_CASE("a leaf timer keeps its estimate until a leaf differs from it by more than twice") {
  leaf_timer timer;
  timer.record(1000, ns(std::chrono::microseconds(1000)));  // 1 µs an element
  timer.record(1000, ns(std::chrono::microseconds(1500)));  // within 2x: kept
  CHECK(timer.may_take(1000, ns(std::chrono::microseconds(1000))));
  CHECK_FALSE(timer.may_take(1000, ns(std::chrono::microseconds(1001))));
  timer.record(1000, ns(std::chrono::microseconds(3000)));  // 3x: taken
  CHECK(timer.may_take(1000, ns(std::chrono::microseconds(3000))));
  timer.record(1000, ns(std::chrono::microseconds(1000)));  // a third: taken
  CHECK_FALSE(timer.may_take(1000, ns(std::chrono::microseconds(1001))));
}
