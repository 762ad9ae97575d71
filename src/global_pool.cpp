// SPDX-License-Identifier: MIT
// The global pool, and what a forked child does with its parent's pools: a
// pthread_atfork child handler abandons them (their threads do not exist in
// the child), and the child's global pool is built anew on first use.
// States, invariants and the race this prevents: docs/fork.md.
#include <pthread.h>

#include <atomic>
#include <cstdint>
#include <memory>  // for std::shared_ptr
#include <new>  // for new , std::nothrow
#include <optional>
#include <stdexcept>  // for std::logic_error
#include <utility>  // for std::move

#include "pstl_ws/detail/runtime/once.hpp"
#include "pstl_ws/detail/runtime/registry.hpp"
#include "pstl_ws/detail/runtime/worker_thread.hpp"
#include "pstl_ws/thread_pool.hpp"

namespace ws::detail {
namespace {

// 0 in the first process; the child handler adds one. It changes only in a
// child that has one thread, and a thread started later sees the new value
// (thread creation orders it), so no load can race with the store.
std::atomic<std::uint64_t> g_fork_generation{0};

// The global pool of one process. A child's global pool links to its
// parent's, abandoned, so that everything abandoned stays reachable from
// here: leak checkers do not report it, and nothing ever destroys it.
struct global_generation {
  thread_pool* m_pool;          // never destroyed
  global_generation* m_parent;  // the parent's, abandoned here; null in the first process
  // The options given to build_global, which a forked child's global pool is
  // made with too; none: each generation reads its own environment.
  std::optional<pool_options> m_configured;
};

once g_global_once;                      // reset by the child handler
global_generation* g_global = nullptr;  // written inside g_global_once; never freed

// Handles of parent pools destroyed in a child, kept for the same reasons.
struct kept_registry {
  std::shared_ptr<registry> m_registry;
  kept_registry* m_next;
};
std::atomic<kept_registry*> g_kept{nullptr};

// The pthread_atfork child handler. It runs in the child, on the forking
// thread, the only one there; the parent's threads may have held any lock of
// any pool at the fork, so it takes none and touches no pool: it counts the
// generation (which abandons every existing registry), makes the next global
// pool call build a new pool, and leaves the forking thread outside every
// pool (it may have forked from inside a job).
void abandon_parent_pools() noexcept {
  g_fork_generation.fetch_add(1);
  g_global_once.reset_in_forked_child();
  worker_thread::forget_current_in_forked_child();
}

}  // namespace

std::uint64_t fork_generation() noexcept { return g_fork_generation.load(); }

void watch_forks() noexcept {
  // Done here during static initialization, before main and before any pool
  // has a thread (registry::create calls it too, for a pool made by a static
  // initializer that runs first). So no fork lands while it runs: a fork then
  // would leave this static's guard taken for good in the child.
  [[maybe_unused]] static const bool s_registered = [] {
    if (::pthread_atfork(nullptr, nullptr, &abandon_parent_pools) != 0) {
      fatal("pthread_atfork failed: a forked child could not abandon its parent's pools");
    }
    return true;
  }();
}

namespace {
[[maybe_unused]] const bool g_watching_forks = (watch_forks(), true);
}  // namespace

void registry::throw_if_abandoned() const {
  if (is_abandoned()) {
    throw std::logic_error(
        "pstl_ws: this ws::thread_pool was made before fork(), and its threads do not exist in "
        "the child; make a new pool there (the global pool is made anew by itself: docs/fork.md)");
  }
}

void keep_abandoned(std::shared_ptr<registry> abandoned) noexcept {
  auto* const kept = new (std::nothrow) kept_registry{std::move(abandoned), g_kept.load()};
  if (kept == nullptr) {
    fatal("out of memory while keeping a pool abandoned by fork()");
  }
  while (!g_kept.compare_exchange_weak(kept->m_next, kept)) {
  }
}

registry& global_registry() { return *thread_pool::global().m_registry; }

}  // namespace ws::detail

namespace ws {

namespace {

// Makes the global pool of this process (inside g_global_once), from the
// options configured in code, else from the environment. Deliberately leaked:
// the global pool outlives static destruction, so a parallel call from a
// static destructor still works and exit never waits for (or on) its workers.
void make_global(std::optional<pool_options> configured) {
  auto* const pool = new thread_pool(configured ? *configured : pool_options::from_environment());
  detail::g_global = new detail::global_generation{pool, detail::g_global, std::move(configured)};
}

}  // namespace

thread_pool& thread_pool::global() {
  detail::g_global_once.call([] {
    // A forked child's first global pool keeps what its parent configured.
    make_global(detail::g_global != nullptr ? detail::g_global->m_configured : std::nullopt);
  });
  return *detail::g_global->m_pool;
}

thread_pool& thread_pool::build_global(pool_options options) {
  bool built = false;
  detail::g_global_once.call([&] {
    make_global(std::move(options));
    built = true;
  });
  if (!built) {
    throw std::logic_error(
        "pstl_ws: ws::thread_pool::build_global was called after the global pool was made (by an "
        "earlier build_global, or by a parallel call that used it): configure the global pool "
        "before the first parallel call");
  }
  return *detail::g_global->m_pool;
}

}  // namespace ws
