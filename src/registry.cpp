// SPDX-License-Identifier: MIT
// registry: starting and stopping the workers, injecting jobs.
// docs/design.md and docs/latch.md#termination.
#include "pstl_ws/detail/runtime/registry.hpp"

#include <chrono>
#include <memory>  // for std::make_unique, std::shared_ptr, std::make_shared
#include <stdexcept>  // for std::invalid_argument
#include <string>
#include <system_error>  // for std::system_error
#include <thread>  // for std::this_thread::sleep_for
#include <vector>

#include "pstl_ws/detail/runtime/fiber_pool.hpp"
#include "pstl_ws/detail/runtime/injector.hpp"
#include "pstl_ws/detail/runtime/os_thread.hpp"
#include "pstl_ws/detail/runtime/scratch_cache.hpp"
#include "pstl_ws/detail/runtime/sleep.hpp"
#include "pstl_ws/detail/runtime/work_deque_growth.hpp"
#include "pstl_ws/detail/runtime/worker_thread.hpp"
#include "pstl_ws/detail/test_hook.hpp"
#include "pstl_ws/pool_options.hpp"
#include "pstl_ws/thread_pool.hpp"

namespace ws::detail {

// The one instantiation of the deque's members, the cold ones included, which
// no header defines where a push is compiled (work_deque_growth.hpp).
template class work_deque<job_ref>;

// The members of a registry that no inline path touches. Its idle chore:
// worker 0 gives back the scratch memory idle for too long.
struct registry::services final : private idle_chore {
  services(const pool_options& options, std::size_t num_slots, std::size_t num_workers, stealing steals)
      : m_options(options),
        m_scratch(scratch_limit_for(options.scratch_limit)),
        m_sleep(num_slots, sleep::k_idle_spin_budget / num_workers, this, steals) {}

  [[nodiscard]] std::chrono::steady_clock::time_point chore_due() noexcept override {
    return m_scratch.idle_release_due();
  }
  void do_chore() noexcept override { m_scratch.trim_idle(); }

  pool_options m_options;
  scratch_cache m_scratch;
  class sleep m_sleep;  // after m_scratch, which its idle chore reads
  injector m_injected_calls;  // new calls: taken at the top of a loop only
  injector m_injected_parts;  // parts of running calls: taken by anyone
  std::vector<os_thread> m_threads;
};

registry::registry(const pool_options& options)
    : m_num_threads(options.num_threads),
      m_num_workers(workers_for(options.num_threads)),
      m_num_seats(options.seats),
      m_thread_infos(std::make_unique<thread_info[]>(num_slots())),
      m_services(std::make_unique<services>(options, num_slots(), m_num_workers,
                                            threads_steal() ? stealing::on : stealing::off)),
      m_sleep(&m_services->m_sleep),
      m_fibers(options.wait == wait_policy::park ? std::make_unique<fiber_pool>(options.fiber_stack_size)
                                                 : nullptr) {}

std::shared_ptr<registry> registry::create(const pool_options& options) {
  constexpr std::size_t k_max = sleep_counters::k_threads_max;
  if (options.num_threads == 0 || options.num_threads > k_max) {
    throw std::invalid_argument("pstl_ws: a pool needs 1 to " + std::to_string(k_max) + " threads, not " +
                                std::to_string(options.num_threads));
  }
  const std::size_t workers = workers_for(options.num_threads);
  if (options.seats == 0 || options.seats > k_max - workers) {
    throw std::invalid_argument("pstl_ws: a pool of " + std::to_string(options.num_threads) + " threads has 1 to " +
                                std::to_string(k_max - workers) + " seats, not " + std::to_string(options.seats) +
                                " (its workers and seats together are at most " + std::to_string(k_max) + ")");
  }
  constexpr std::size_t k_min_thread_stack_size = std::size_t{64} << 10;
  if (options.thread_stack_size != 0 && options.thread_stack_size < k_min_thread_stack_size) {
    throw std::invalid_argument("pstl_ws: pool_options::thread_stack_size of " +
                                std::to_string(options.thread_stack_size) + " bytes is below " +
                                std::to_string(k_min_thread_stack_size) + " (0: the system's default)");
  }
  watch_forks();
  auto result = std::make_shared<registry>(options);
  result->start_workers();
  return result;
}

namespace {

// What a new worker thread is given: its pool and its index.
struct worker_start {
  registry* m_owner;
  std::size_t m_index;
};

}  // namespace

void* registry::worker_entry(void* start) noexcept {
  const worker_start given = *static_cast<worker_start*>(start);
  delete static_cast<worker_start*>(start);
  worker_thread::main_loop(*given.m_owner, given.m_index);
  return nullptr;
}

void registry::start_workers() {
  std::vector<os_thread>& threads = m_services->m_threads;
  threads.reserve(m_num_workers);
  try {
    for (std::size_t i = 0; i < m_num_workers; ++i) {
      auto start = std::make_unique<worker_start>(worker_start{this, i});
      threads.emplace_back(m_services->m_options.thread_stack_size, &worker_entry, start.get());
      static_cast<void>(start.release());  // the thread deletes it
    }
  } catch (...) {
    // Stop the workers that did start, then report the failure: a thread
    // the system refused with how many were asked for and how many started.
    const std::size_t started = threads.size();
    terminate();
    join_workers();
    try {
      throw;
    } catch (const std::system_error& error) {
      throw std::system_error(error.code(), "pstl_ws: a pool of " + std::to_string(m_num_threads) +
                                                " threads needs " + std::to_string(m_num_workers) +
                                                " worker threads, and the system started only " +
                                                std::to_string(started) + " of them");
    }
  }
}

registry::~registry() {
  // Every worker was joined (thread_pool's destructor) or the registry is the
  // immortal global one; a joinable os_thread here would end the process.
  PSTL_WS_ASSERT(m_services->m_threads.empty());
}

const pool_options& registry::options() const noexcept { return m_services->m_options; }

bool registry::has_injected_job(search_level level) const noexcept {
  return !m_services->m_injected_parts.is_empty() ||
         (level == search_level::top && !m_services->m_injected_calls.is_empty());
}

std::optional<job_ref> registry::pop_injected_job(search_level level) noexcept {
  if (auto job = m_services->m_injected_parts.pop()) {
    return job;
  }
  return level == search_level::top ? m_services->m_injected_calls.pop() : std::nullopt;
}

scratch_block registry::lend_scratch(std::size_t bytes) noexcept { return m_services->m_scratch.acquire(bytes); }

std::size_t registry::trim_scratch() noexcept { return m_services->m_scratch.trim(); }

void registry::notify_latch_set(std::size_t worker_index, std::uintptr_t state) noexcept {
  if (state == core_latch::k_sleeping) {
    m_sleep->notify_worker_latch_is_set(worker_index);
  } else if (fiber_context* const parked = core_latch::parked_fiber(state)) {
    make_ready(*parked);
  }
}

void registry::return_scratch(scratch_block block) noexcept {
  if (is_abandoned()) {
    return;  // a call that forked, finishing in the child: the block stays its (docs/scratch.md#fork)
  }
  if (m_services->m_scratch.release(block)) {
    m_sleep->notify_chore_due();  // worker 0 may be blocked with no time to wake at
  }
}

fiber_context* registry::make_fiber(fiber_context& (*entry)(fiber_context&) noexcept) noexcept {
  return m_fibers->make_fiber(entry);
}

void registry::make_ready(fiber_context& fiber) noexcept {
  m_fibers->push_ready(fiber);
  // A worker of this pool on fibers takes the fiber itself once back at a
  // base, or wakes a sleeper after all (docs/park.md#parking); anyone else
  // (the seat, a worker of another pool) wakes one now.
  worker_thread* const setter = worker_thread::current();
  if (setter != nullptr && &setter->owner() == this && setter->running_context() != nullptr) {
    setter->owe_ready_wake();
  } else {
    m_sleep->new_ready_fiber();
  }
}

fiber_context* registry::pop_ready_fiber() noexcept { return m_fibers->pop_ready(); }

bool registry::has_ready_fiber() const noexcept { return m_fibers->has_ready(); }

std::size_t registry::fibers_made() const noexcept { return parks() ? m_fibers->fibers_made() : 0; }

void registry::leave_seat(std::size_t slot) noexcept {
  PSTL_WS_ASSERT(is_seat(slot) && slot < num_slots());
  injector& calls = m_services->m_injected_calls;
  std::atomic<bool>& taken = m_thread_infos[slot].m_seat_taken;
  for (;;) {
    if (seat_request* const next = calls.pop_seat_request()) {
      // Handed over, never free: the latch's set and wait order this
      // occupant's deque writes before the next one's, as the store below and
      // a taker's acquire CAS do otherwise. Nothing of *next after the set.
      next->m_handed_seat = slot;
      lock_latch::set(next->m_latch);
      return;
    }
    PSTL_WS_TEST_HOOK(leaving_seat, slot);
    // seq_cst store, then seq_cst load: against inject_call's request, then
    // its CAS. Either this load sees the request, or that CAS sees the seat
    // free (docs/seat.md#hand-over). The store also releases the deque to the
    // next taker's acquire CAS (S4).
    taken.store(false);
    if (!calls.has_seat_request()) {
      return;
    }
    // A request came while the seat was being freed: take the seat back to
    // hand it over, unless a caller took it meanwhile (that caller leaves in turn).
    bool expected = false;
    // acquire: pairs with the release of whoever freed it, this thread itself.
    if (!taken.compare_exchange_strong(expected, true, std::memory_order_acquire, std::memory_order_relaxed)) {
      return;
    }
  }
}

std::optional<std::size_t> registry::inject_call(job_ref job, seat_request& request) {
  injector& calls = m_services->m_injected_calls;
  const bool queue_was_empty = calls.is_empty();
  calls.push(job, &request);
  PSTL_WS_TEST_HOOK(job_injected, static_cast<std::uintptr_t>(injected_as::new_call));
  // A seat freed between the caller's try_take_seat and the push above: its
  // leaver may have looked before the request was there. Look again, with
  // seq_cst CASes after the request's seq_cst count (leave_seat's pair).
  for (std::size_t slot = m_num_workers; slot < num_slots(); ++slot) {
    bool expected = false;
    if (m_thread_infos[slot].m_seat_taken.compare_exchange_strong(expected, true)) {
      if (calls.withdraw(request)) {
        return slot;
      }
      // A worker took the call, or a leaver is handing a seat to it: this
      // seat goes to the next request, or becomes free again.
      leave_seat(slot);
      return std::nullopt;
    }
  }
  m_sleep->new_injected_calls(1, queue_was_empty);
  return std::nullopt;
}

void registry::inject(job_ref job, injected_as kind) {
  injector& queue = kind == injected_as::new_call ? m_services->m_injected_calls : m_services->m_injected_parts;
  const bool queue_was_empty = queue.is_empty();
  queue.push(job);
  PSTL_WS_TEST_HOOK(job_injected, static_cast<std::uintptr_t>(kind));
  if (kind == injected_as::new_call) {
    m_sleep->new_injected_calls(1, queue_was_empty);
  } else {
    m_sleep->new_injected_jobs(1, queue_was_empty);
  }
}

void registry::wait_for_calls_in_flight() const noexcept {
  // acquire: pairs with call_in_flight's release decrement.
  while (m_calls_in_flight.load(std::memory_order_acquire) != 0) {
    std::this_thread::sleep_for(std::chrono::microseconds(100));
  }
}

void registry::increment_terminate_count() noexcept {
  // relaxed: the caller holds a count already (the pool handle or a running
  // spawned job), so the count cannot reach 0 concurrently.
  [[maybe_unused]] const std::size_t old = m_terminate_count.fetch_add(1, std::memory_order_relaxed);
  PSTL_WS_ASSERT(old != 0);
}

void registry::terminate() noexcept {
  // seq_cst (acq_rel would do): the last decrement acquires the effects of
  // every spawned job, whose decrements form one release sequence.
  if (m_terminate_count.fetch_sub(1) != 1) {
    return;
  }
  for (std::size_t i = 0; i < m_num_workers; ++i) {
    notify_latch_set(i, core_latch::set(&m_thread_infos[i].m_terminate));
  }
}

void registry::join_workers() noexcept {
  for (os_thread& thread : m_services->m_threads) {
    thread.join();
  }
  m_services->m_threads.clear();
}

pool_stats registry::stats() const noexcept {
  pool_stats total;
  for (std::size_t i = 0; i < num_slots(); ++i) {
    total.jobs_executed += m_thread_infos[i].m_executed.load(std::memory_order_relaxed);  // relaxed: statistic
    total.steals += m_thread_infos[i].m_steals.load(std::memory_order_relaxed);           // relaxed: statistic
    total.parks += m_thread_infos[i].m_parks.load(std::memory_order_relaxed);             // relaxed: statistic
  }
  const sleep_stats sleeping = m_sleep->stats();
  total.sleeps = sleeping.m_sleeps;
  total.wake_ups = sleeping.m_wake_ups;
  total.sleeping_threads = m_sleep->counters().sleeping_threads();
  total.idle_scratch_bytes = m_services->m_scratch.idle_bytes();
  return total;
}

}  // namespace ws::detail
