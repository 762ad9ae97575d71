// SPDX-License-Identifier: MIT
// New calls from outside: a thread inside a wait never starts one, so no call
// runs on top of another caller's frame and a join's return never waits for
// an unrelated call (docs/scheduling.md). Every case runs under both wait
// policies (ctest runs the pool tests once per policy).
#include <pthread.h>

#include <pstl_ws/detail/runtime/fiber_context.hpp>
#include <pstl_ws/detail/runtime/worker_thread.hpp>
#include <pstl_ws/join.hpp>
#include <pstl_ws/scope.hpp>
#include <pstl_ws/thread_pool.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <map>
#include <mutex>
#include <thread>

#include "test_support.hpp"

namespace {

using clock_type = std::chrono::steady_clock;
using namespace std::chrono_literals;

/// The stack the calling frame runs on: its fiber's under wait_policy::park
/// (a parked frame goes on on its fiber, whichever thread resumes it), else
/// its thread's. Returned as the stack's highest address.
const char* current_stack_top() {
  const ws::detail::worker_thread* worker = ws::detail::worker_thread::current();
  if (worker != nullptr && worker->running_context() != nullptr) {
    return static_cast<const char*>(worker->running_context()->stack().m_base);
  }
  static thread_local const char* t_top = [] {
    pthread_attr_t attributes;
    void* bottom = nullptr;
    std::size_t size = 0;
    ::pthread_getattr_np(::pthread_self(), &attributes);
    ::pthread_attr_getstack(&attributes, &bottom, &size);
    ::pthread_attr_destroy(&attributes);
    return static_cast<const char*>(bottom) + size;
  }();
  return t_top;
}

/// Counts, for each stack, the calls whose frames are on it now, and the
/// calls that started on a stack that already held another call's frame.
class call_stacks {
 public:
  /// Enters a call on the current stack; returns the stack, for leave().
  const char* enter() {
    const char* stack = current_stack_top();
    std::lock_guard lock(m_mutex);
    if (m_calls_on[stack]++ > 0) {
      ++m_started_on_another_call;
    }
    return stack;
  }
  void leave(const char* stack) {
    std::lock_guard lock(m_mutex);
    --m_calls_on[stack];
  }
  /// Records how deep a frame runs on its stack (a frame address: under
  /// AddressSanitizer a local whose address is taken lives on a fake stack).
  void note_depth(const char* frame) {
    const auto depth = static_cast<std::size_t>(current_stack_top() - frame);
    std::size_t seen = m_deepest.load();
    while (depth > seen && !m_deepest.compare_exchange_weak(seen, depth)) {
    }
  }
  [[nodiscard]] std::size_t started_on_another_call() {
    std::lock_guard lock(m_mutex);
    return m_started_on_another_call;
  }
  [[nodiscard]] std::size_t deepest() const { return m_deepest.load(); }

 private:
  std::mutex m_mutex;
  std::map<const char*, int> m_calls_on;
  std::size_t m_started_on_another_call = 0;
  std::atomic<std::size_t> m_deepest{0};
};

/// fib(n) by join, each leaf spinning for `leaf` and noting its stack depth.
std::uint64_t fib_noting_depth(unsigned n, clock_type::duration leaf, call_stacks& stacks) {
  if (n < 2) {
    stacks.note_depth(static_cast<const char*>(__builtin_frame_address(0)));
    ws_test::spin_for(leaf);
    return n;
  }
  auto [a, b] = ws::join([n, leaf, &stacks] { return fib_noting_depth(n - 1, leaf, stacks); },
                         [n, leaf, &stacks] { return fib_noting_depth(n - 2, leaf, stacks); });
  return a + b;
}

constexpr unsigned k_fib_n = 12;
constexpr std::uint64_t k_fib_value = 144;
/// The frame each call's root holds: a call started on top of another one
/// would put a second one on the same stack.
constexpr std::size_t k_root_frame = 128 * 1024;

struct callers_outcome {
  std::size_t m_wrong = 0;
  std::size_t m_started_on_another_call = 0;
  std::size_t m_deepest = 0;
};

/// `callers` external threads at once, each making `rounds` calls of a deep
/// join recursion on `pool` (233 leaves of `leaf` each).
callers_outcome run_callers(ws::thread_pool& pool, std::size_t callers, int rounds, clock_type::duration leaf) {
  call_stacks stacks;
  std::atomic<std::size_t> wrong{0};
  ws_test::run_on_threads(callers, [&](std::size_t) {
    for (int round = 0; round < rounds; ++round) {
      const std::uint64_t value = pool.install([&] {
        const char* stack = stacks.enter();
        volatile char root_frame[k_root_frame];
        root_frame[0] = 0;
        const std::uint64_t result =
            fib_noting_depth(k_fib_n, leaf, stacks) + static_cast<std::uint64_t>(root_frame[0]);
        stacks.leave(stack);
        return result;
      });
      if (value != k_fib_value) {
        wrong.fetch_add(1);
      }
    }
  });
  return {wrong.load(), stacks.started_on_another_call(), stacks.deepest()};
}

}  // namespace

TEST_CASE("8 and 64 callers at once: every call is right and none starts on a stack inside another call" *
          doctest::timeout(240)) {
  for (std::size_t threads : ws_test::k_thread_counts) {
    CAPTURE(threads);
    ws::thread_pool pool(ws_test::pool_options(threads));
    for (const std::size_t callers : {std::size_t{8}, std::size_t{64}}) {
      CAPTURE(callers);
      const callers_outcome outcome = run_callers(pool, callers, 4, 2us);
      CHECK(outcome.m_wrong == 0);
      CHECK(outcome.m_started_on_another_call == 0);
    }
  }
}

TEST_CASE("the stack a call needs does not grow with the number of callers" * doctest::timeout(240)) {
  for (const std::size_t threads : {std::size_t{2}, std::size_t{4}}) {
    CAPTURE(threads);
    ws::thread_pool pool(ws_test::pool_options(threads));
    const std::size_t few = run_callers(pool, 1, 8, 2us).m_deepest;
    const std::size_t many = run_callers(pool, 64, 3, 2us).m_deepest;
    CAPTURE(few);
    CAPTURE(many);
    // A call started on top of another would add a root frame of 128 KiB;
    // stolen pieces of running calls (12 levels of joins at most) add less.
    CHECK(many < few + 3 * k_root_frame / 4);
  }
}

namespace {

/// Where the join of a B1 trial is made.
enum class joiner { worker, calling_thread };

/// One trial of B1: a join(a, b) whose b (3 ms) is stolen, while another
/// thread injects an unrelated 30 ms call once b started. Returns whether the
/// join returned while that call was still running.
bool join_returns_before_unrelated_call(ws::thread_pool& pool, joiner where) {
  std::atomic<bool> b_started{false};
  std::atomic<bool> long_call_done{false};
  std::atomic<bool> join_done{false};
  std::atomic<bool> returned_first{false};
  const auto trial_join = [&] {
    ws::join(
        [&] {
          while (!b_started.load()) {  // a waits until another thread stole b
            std::this_thread::yield();
          }
          ws_test::spin_for(1ms);
        },
        [&] {
          b_started.store(true);
          ws_test::spin_for(3ms);
        });
    returned_first.store(!long_call_done.load());
    join_done.store(true);
  };
  std::thread injector([&] {
    while (!b_started.load()) {
      std::this_thread::yield();
    }
    pool.spawn([&] {  // from outside the pool: a new call
      ws_test::spin_for(30ms);
      long_call_done.store(true);
    });
  });
  if (where == joiner::worker) {
    pool.spawn(trial_join);
  } else {
    pool.install(trial_join);
  }
  injector.join();
  while (!join_done.load() || !long_call_done.load()) {
    std::this_thread::sleep_for(1ms);
  }
  return returned_first.load();
}

}  // namespace

TEST_CASE("a join whose half was stolen returns before an unrelated call injected meanwhile ends" *
          doctest::timeout(120)) {
  constexpr int k_trials = 5;
  for (const joiner where : {joiner::worker, joiner::calling_thread}) {
    // The join on a worker needs a second worker to steal b; on the calling
    // thread, the seat, one worker does.
    for (std::size_t threads : where == joiner::worker ? std::vector<std::size_t>{3, 4} : std::vector<std::size_t>{2, 3, 4}) {
      CAPTURE(threads);
      CAPTURE(where == joiner::worker ? "on a worker" : "on the calling thread");
      ws::thread_pool pool(ws_test::pool_options(threads));
      int returned_first = 0;
      for (int trial = 0; trial < k_trials; ++trial) {
        returned_first += join_returns_before_unrelated_call(pool, where) ? 1 : 0;
      }
      // Each trial leaves 27 ms to spare; a join made to run the 30 ms call
      // on top of itself cannot return first at all.
      CHECK(returned_first >= k_trials - 1);
    }
  }
}

TEST_CASE("a job a worker spawns is a new call: the caller waiting in a join never runs it" * doctest::timeout(60)) {
  // b, stolen by a worker, spawns a job and holds on until it ran (or 200
  // ms passed); meanwhile the caller waits for b and steals what it finds.
  // Pushed on the worker's deque, the spawned job would be there to steal,
  // and a caller with one worker would run it on its waiting frame.
  for (const std::size_t threads : {std::size_t{2}, std::size_t{3}, std::size_t{4}, std::size_t{8}}) {
    CAPTURE(threads);
    ws::thread_pool pool(ws_test::pool_options(threads));
    const std::thread::id caller = std::this_thread::get_id();
    std::atomic<bool> spawned_ran{false};
    std::thread::id spawned_on;
    pool.install([&] {
      std::atomic<bool> b_started{false};
      ws::join([&] { REQUIRE(ws_test::eventually([&] { return b_started.load(); }, 10s)); },
               [&] {
                 b_started.store(true);
                 pool.spawn([&] {
                   spawned_on = std::this_thread::get_id();
                   spawned_ran.store(true);
                 });
                 ws_test::eventually([&] { return spawned_ran.load(); }, 200ms);
               });
    });
    REQUIRE(ws_test::eventually([&] { return spawned_ran.load(); }, 10s));
    CHECK(spawned_on != caller);
  }
}

namespace {

/// A scope's job that spawns its successor into the scope until `stop` or the
/// deadline: a worker that runs one goes back to the top of its loop with the
/// successor on its own deque, every time.
void scope_chain(ws::scope_handle& scope, std::atomic<bool>& stop, std::atomic<int>& links,
                 clock_type::time_point deadline) {
  links.fetch_add(1);
  if (!stop.load() && clock_type::now() < deadline) {
    scope.spawn([&stop, &links, deadline](ws::scope_handle& next) { scope_chain(next, stop, links, deadline); });
  }
}

}  // namespace

TEST_CASE("a worker whose own deque a scope's jobs keep refilling still starts a new call from outside" *
          doctest::timeout(60)) {
  // One worker and one seat. The caller in the seat spawns the chain's first
  // job and spins in the scope's body (spinning, it steals nothing), so the
  // chain runs on the worker, from its own deque.
  std::atomic<bool> new_call_ran{false};
  std::atomic<int> links{0};
  ws::pool_options options = ws_test::pool_options(2);
  options.seats = 1;
  ws::thread_pool pool(options);  // destroyed first: the new call may run only as it ends
  const auto deadline = clock_type::now() + 10s;
  std::thread holder([&] {
    pool.install([&] {
      ws::scope([&](ws::scope_handle& scope) {
        scope.spawn([&](ws::scope_handle& next) { scope_chain(next, new_call_ran, links, deadline); });
        while (!new_call_ran.load() && clock_type::now() < deadline) {
        }
      });
    });
  });
  REQUIRE(ws_test::eventually([&] { return links.load() > 100; }, 10s));
  pool.spawn([&] { new_call_ran.store(true); });  // a new call
  // Own work first, but every 61st look from the top goes to injected calls.
  CHECK(ws_test::eventually([&] { return new_call_ran.load(); }, 5s));
  new_call_ran.store(true);  // ends the chain if the call never ran
  holder.join();
}
