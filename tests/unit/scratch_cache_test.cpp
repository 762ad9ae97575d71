// SPDX-License-Identifier: MIT
// The scratch cache alone: which block a call gets, what stays idle, what is
// given back and when, and what a forked child inherits.
#include <pstl_ws/detail/config.hpp>
#include <pstl_ws/detail/runtime/scratch_cache.hpp>

#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <thread>
#include <vector>

#include "child_process.hpp"
#include "test_support.hpp"

#if PSTL_WS_ASAN
#include <sanitizer/asan_interface.h>
#endif

using ws::detail::scratch_block;
using ws::detail::scratch_cache;

namespace {

constexpr std::size_t k_mib = std::size_t{1} << 20;
constexpr std::size_t k_no_limit = ~std::size_t{0};

/// Whether the page at p is mapped in this process (mincore fails with
/// ENOMEM on an unmapped address).
bool is_mapped(const void* p) {
  unsigned char resident = 0;
  return ::mincore(const_cast<void*>(p), 1, &resident) == 0 || errno != ENOMEM;
}

}  // namespace

TEST_CASE("a returned block is lent again to the next call that fits in it" * doctest::timeout(30)) {
  scratch_cache cache(k_no_limit);
  const scratch_block first = cache.acquire(3 * k_mib);
  REQUIRE(first.m_data != nullptr);
  CHECK(first.m_size >= 3 * k_mib);
  std::memset(first.m_data, 7, 3 * k_mib);  // the whole requested size is writable
  cache.release(first);
  CHECK(cache.idle_bytes() == first.m_size);
  const scratch_block second = cache.acquire(k_mib);
  CHECK(second.m_data == first.m_data);
  CHECK(cache.idle_bytes() == 0);
  cache.release(second);
}

TEST_CASE("blocks from 2 MiB on are whole, aligned huge pages, and smaller ones whole pages" * doctest::timeout(30)) {
  scratch_cache cache(k_no_limit);
  for (const std::size_t bytes : {std::size_t{1}, std::size_t{300'000}, 2 * k_mib, 5 * k_mib + 1}) {
    CAPTURE(bytes);
    const scratch_block block = cache.acquire(bytes);
    REQUIRE(block.m_data != nullptr);
    const std::size_t unit = bytes >= 2 * k_mib ? 2 * k_mib : 4096;
    CHECK(reinterpret_cast<std::uintptr_t>(block.m_data) % unit == 0);
    CHECK(block.m_size % unit == 0);
    CHECK(block.m_size >= bytes);
    CHECK(block.m_size < bytes + unit);
    cache.release(block);
    cache.trim();
  }
}

TEST_CASE("under AddressSanitizer a call may touch the bytes it asked for, and nothing of an idle block" *
          doctest::timeout(30) * doctest::skip(!PSTL_WS_ASAN)) {
#if PSTL_WS_ASAN
  scratch_cache cache(k_no_limit);
  const std::size_t bytes = 3 * k_mib + 8;
  const scratch_block block = cache.acquire(bytes);
  REQUIRE(block.m_size > bytes);
  auto* const base = static_cast<char*>(block.m_data);
  CHECK(__asan_region_is_poisoned(base, bytes) == nullptr);
  CHECK(__asan_address_is_poisoned(base + bytes));
  cache.release(block);
  CHECK(__asan_address_is_poisoned(base));
  CHECK(cache.acquire(k_mib).m_data == block.m_data);  // lent again: usable again
  CHECK(__asan_region_is_poisoned(base, k_mib) == nullptr);
  cache.release(block);
  cache.trim();
#endif
}

TEST_CASE("a call too large for every idle block gets a new one, which replaces the largest too small" *
          doctest::timeout(30)) {
  scratch_cache cache(k_no_limit);
  const scratch_block small = cache.acquire(k_mib);
  const scratch_block medium = cache.acquire(4 * k_mib);
  cache.release(small);
  cache.release(medium);
  const scratch_block large = cache.acquire(16 * k_mib);
  REQUIRE(large.m_data != nullptr);
  CHECK(large.m_size >= 16 * k_mib);
  CHECK(cache.idle_bytes() == small.m_size);  // the medium one was unmapped for it
  cache.release(large);
  CHECK(cache.idle_bytes() == small.m_size + large.m_size);
}

TEST_CASE("no more than the limit stays idle: the oldest blocks go first" * doctest::timeout(30)) {
  const std::size_t block = 2 * k_mib;
  scratch_cache cache(5 * k_mib);
  const scratch_block a = cache.acquire(block);
  const scratch_block b = cache.acquire(block);
  const scratch_block c = cache.acquire(block);
  cache.release(a);
  cache.release(b);
  CHECK(cache.idle_bytes() == 2 * block);
  cache.release(c);  // 6 MiB idle would pass the limit: a goes
  CHECK(cache.idle_bytes() == 2 * block);
  CHECK(!is_mapped(a.m_data));
  CHECK(is_mapped(b.m_data));
  CHECK(is_mapped(c.m_data));
  const scratch_block huge = cache.acquire(6 * k_mib);  // larger than the limit: never kept
  cache.release(huge);
  CHECK(!is_mapped(huge.m_data));
  CHECK(cache.idle_bytes() <= 5 * k_mib);
}

TEST_CASE("with a limit of 0 every block is unmapped when it comes back" * doctest::timeout(30)) {
  scratch_cache cache(0);
  const scratch_block block = cache.acquire(k_mib);
  REQUIRE(block.m_data != nullptr);
  CHECK_FALSE(cache.release(block));
  CHECK(cache.idle_bytes() == 0);
  CHECK(!is_mapped(block.m_data));
}

TEST_CASE("at most k_max_idle blocks stay idle, however many calls returned one" * doctest::timeout(30)) {
  scratch_cache cache(k_no_limit);
  std::vector<scratch_block> lent;
  for (std::size_t i = 0; i < scratch_cache::k_max_idle + 3; ++i) {
    lent.push_back(cache.acquire(4096));
  }
  for (const scratch_block& block : lent) {
    cache.release(block);
  }
  CHECK(cache.idle_bytes() == scratch_cache::k_max_idle * 4096);
  CHECK(!is_mapped(lent.front().m_data));
  CHECK(is_mapped(lent.back().m_data));
}

TEST_CASE("release tells the housekeeper once after it was told never, not on every call of a loop" *
          doctest::timeout(30)) {
  using clock = std::chrono::steady_clock;
  scratch_cache cache(k_no_limit);
  CHECK(cache.idle_release_due() == clock::time_point::max());  // nothing lent or idle
  const scratch_block a = cache.acquire(4096);
  const scratch_block b = cache.acquire(4096);
  const auto due_while_lent = cache.idle_release_due();  // lent: look again one idle period later
  CHECK(due_while_lent <= clock::now() + scratch_cache::k_idle_release);
  CHECK(due_while_lent != clock::time_point::max());
  CHECK(cache.release(a));  // the answer "never" above is out of date: tell
  CHECK_FALSE(cache.release(b));
  const auto due_while_idle = cache.idle_release_due();  // a's return plus the idle period
  CHECK(due_while_idle <= clock::now() + scratch_cache::k_idle_release);
  for (int call = 0; call < 10; ++call) {  // a loop of calls, the housekeeper asking in between
    const scratch_block block = cache.acquire(4096);
    CHECK(cache.idle_release_due() != clock::time_point::max());
    CHECK_FALSE(cache.release(block));
  }
  cache.trim();
  CHECK(cache.idle_release_due() == clock::time_point::max());
  CHECK(cache.release(cache.acquire(4096)));
  CHECK_FALSE(cache.release(cache.acquire(4096)));  // told once already
}

TEST_CASE("trim gives every idle block back and says how many bytes" * doctest::timeout(30)) {
  scratch_cache cache(k_no_limit);
  const scratch_block a = cache.acquire(3 * k_mib);
  const scratch_block b = cache.acquire(4096);
  cache.release(a);
  cache.release(b);
  CHECK(cache.trim() == a.m_size + b.m_size);
  CHECK(cache.idle_bytes() == 0);
  CHECK(!is_mapped(a.m_data));
  CHECK(cache.trim() == 0);
  CHECK(cache.idle_release_due() == std::chrono::steady_clock::time_point::max());
}

TEST_CASE("trim_idle gives back only the blocks idle for the idle period" * doctest::timeout(30)) {
  const auto period = std::chrono::milliseconds(100);
  scratch_cache cache(k_no_limit, period);
  const scratch_block old_block = cache.acquire(4096);
  const scratch_block new_block = cache.acquire(8192);
  cache.release(old_block);
  CHECK(cache.trim_idle() == 0);
  std::this_thread::sleep_for(period + std::chrono::milliseconds(20));
  cache.release(new_block);
  CHECK(cache.trim_idle() == old_block.m_size);
  CHECK(cache.idle_bytes() == new_block.m_size);
  CHECK(cache.idle_release_due() > std::chrono::steady_clock::now());
}

TEST_CASE("threads that borrow at once get distinct blocks" * doctest::timeout(60)) {
  scratch_cache cache(64 * k_mib);
  constexpr std::size_t k_threads = 8;
  ws_test::run_on_threads(k_threads, [&](std::size_t i) {
    for (int round = 0; round < 200; ++round) {
      const std::size_t bytes = (1 + (i + static_cast<std::size_t>(round)) % 3) * 100'000;
      const scratch_block block = cache.acquire(bytes);
      REQUIRE(block.m_data != nullptr);
      auto* const bytes_of = static_cast<unsigned char*>(block.m_data);
      std::memset(bytes_of, static_cast<int>(i), bytes);
      std::this_thread::yield();
      for (std::size_t at = 0; at < bytes; at += 4093) {
        REQUIRE(bytes_of[at] == i);  // nobody else wrote into it meanwhile
      }
      cache.release(block);
    }
  });
  CHECK(cache.idle_bytes() <= 64 * k_mib);
}

TEST_CASE("a forked child inherits the blocks lent out, not the idle ones" * doctest::timeout(60)) {
  scratch_cache cache(k_no_limit);
  const std::size_t bytes = 3 * k_mib;
  const scratch_block idle = cache.acquire(bytes);
  const scratch_block lent = cache.acquire(bytes);
  std::memset(idle.m_data, 1, bytes);
  std::memset(lent.m_data, 2, bytes);
  cache.release(idle);
  const ws_test::child_result result = ws_test::run_in_child([&](const ws_test::reporter& report) {
    report(is_mapped(idle.m_data) ? "idle mapped;" : "idle absent;");
    report(is_mapped(lent.m_data) && static_cast<unsigned char*>(lent.m_data)[bytes - 1] == 2
               ? "lent intact"
               : "lent lost");
    ::_exit(0);  // the child's copy of the cache is never destroyed: it would unmap what it does not have
  });
  CHECK(result.m_output == "idle absent;lent intact");
  CHECK(result.m_exit_code == 0);
  // In this process both are still here, and the idle one is lent again.
  CHECK(cache.acquire(bytes).m_data == idle.m_data);
  cache.release(idle);
  cache.release(lent);
}
