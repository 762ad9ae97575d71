// SPDX-License-Identifier: MIT
// test_hook: the installed hook and the random-delay mode. Hooks are for
// tests only: this file is compiled only with the CMake option
// PSTL_WS_TEST_HOOKS (include/pstl_ws/detail/test_hook.hpp,
// docs/verification.md#forced-races).
#include "pstl_ws/detail/test_hook.hpp"

#include <atomic>
#include <chrono>
#include <cstdio>  // for std::fprintf, stderr
#include <cstdlib>  // for std::getenv, std::strtoull, std::abort
#include <thread>

#include "pstl_ws/detail/runtime/worker_thread.hpp"

namespace ws::detail {
namespace {

std::atomic<test_hook_fn> g_hook{nullptr};
std::atomic<scratch_gate_fn> g_scratch_gate{nullptr};
std::atomic<std::uint64_t> g_random_delay_seed{0};
std::atomic<std::uint64_t> g_thread_ordinal{0};

void random_delay(hook_point, std::uintptr_t) noexcept {
  // One generator per thread, reseeded when the seed changes: a thread's
  // sequence depends on the seed and on the order threads first got here.
  thread_local std::uint64_t seeded_with = 0;
  thread_local xorshift64star rng{1};
  // relaxed: the seed is a plain value; use_random_delays' release of g_hook
  // orders it before any call of this hook.
  const std::uint64_t seed = g_random_delay_seed.load(std::memory_order_relaxed);
  if (seeded_with != seed) {
    seeded_with = seed;
    // relaxed: only distinct values matter.
    const std::uint64_t ordinal = g_thread_ordinal.fetch_add(1, std::memory_order_relaxed);
    rng = xorshift64star{seed ^ (ordinal * 0x9E3779B97F4A7C15ULL)};
  }
  const std::uint64_t roll = rng.next_below(1000);
  if (roll < 900) {
    return;
  }
  if (roll < 970) {
    std::this_thread::yield();
  } else if (roll < 995) {
    for (std::uint64_t spin = rng.next_below(2000); spin > 0; --spin) {
      std::atomic_signal_fence(std::memory_order_seq_cst);  // keeps the loop
    }
  } else {
    std::this_thread::sleep_for(std::chrono::microseconds(10 + rng.next_below(491)));
  }
}

// PSTL_WS_RANDOM_DELAY=seed (a positive integer) turns the delays on for the
// whole process, before any pool exists.
const bool g_random_delays_from_environment = [] {
  const char* text = std::getenv("PSTL_WS_RANDOM_DELAY");
  if (text == nullptr || *text == '\0') {
    return false;
  }
  char* end = nullptr;
  const unsigned long long seed = std::strtoull(text, &end, 10);
  if (*end != '\0' || seed == 0) {
    std::fprintf(stderr, "pstl_ws: PSTL_WS_RANDOM_DELAY must be a positive integer seed, not '%s'\n",
                 text);
    std::abort();
  }
  use_random_delays(seed);
  return true;
}();

}  // namespace

test_hook_fn set_test_hook(test_hook_fn hook) noexcept {
  return g_hook.exchange(hook);  // seq_cst: rare; pairs with run_test_hook's acquire
}

void use_random_delays(std::uint64_t seed) noexcept {
  // relaxed: published by the exchange below.
  g_random_delay_seed.store(seed, std::memory_order_relaxed);
  set_test_hook(seed == 0 ? nullptr : &random_delay);
}

std::uint64_t random_delay_seed() noexcept {
  // acquire: pairs with set_test_hook's exchange.
  return g_hook.load(std::memory_order_acquire) == &random_delay
             ? g_random_delay_seed.load(std::memory_order_relaxed)  // relaxed: ordered by the load above
             : 0;
}

scratch_gate_fn set_scratch_gate(scratch_gate_fn gate) noexcept {
  return g_scratch_gate.exchange(gate);  // seq_cst: rare; pairs with scratch_refused's acquire
}

bool scratch_refused(std::size_t bytes) noexcept {
  // acquire: pairs with set_scratch_gate's exchange.
  const scratch_gate_fn gate = g_scratch_gate.load(std::memory_order_acquire);
  return gate != nullptr && gate(bytes);
}

void run_test_hook(hook_point point, std::uintptr_t value) noexcept {
  // acquire: pairs with set_test_hook's exchange (a hook's own state is set up before it).
  if (const test_hook_fn hook = g_hook.load(std::memory_order_acquire)) {
    hook(point, value);
  }
}

}  // namespace ws::detail
