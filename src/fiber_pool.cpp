// SPDX-License-Identifier: MIT
// fiber_pool: making fibers and the ready queue. docs/park.md.
#include "pstl_ws/detail/runtime/fiber_pool.hpp"

#include <new>  // for std::bad_alloc

namespace ws::detail {

fiber_context* fiber_pool::make_fiber(fiber_context::entry_function entry) noexcept {
  try {
    const std::scoped_lock lock(m_mutex);
    if (m_fibers.size() == m_fibers.capacity()) {  // first: a made fiber must never be dropped unstarted
      m_fibers.reserve(2 * m_fibers.size() + 8);
    }
    m_fibers.push_back(std::make_unique<fiber_context>(m_stacks, entry));
    return m_fibers.back().get();
  } catch (const std::bad_alloc&) {
    return nullptr;
  }
}

void fiber_pool::push_ready(fiber_context& fiber) noexcept {
  const std::scoped_lock lock(m_mutex);
  fiber.m_next_idle = nullptr;
  if (m_ready_tail != nullptr) {
    m_ready_tail->m_next_idle = &fiber;
  } else {
    m_ready_head = &fiber;
  }
  m_ready_tail = &fiber;
  // release: pairs with has_ready's acquire; a sleeper's last look is ordered by the
  // sleep fences, as for the injector (docs/sleep.md#fences).
  m_ready_count.fetch_add(1, std::memory_order_release);
}

fiber_context* fiber_pool::pop_ready() noexcept {
  if (!has_ready()) {
    return nullptr;
  }
  const std::scoped_lock lock(m_mutex);
  fiber_context* const fiber = m_ready_head;
  if (fiber != nullptr) {
    m_ready_head = fiber->m_next_idle;
    if (m_ready_head == nullptr) {
      m_ready_tail = nullptr;
    }
    m_ready_count.fetch_sub(1, std::memory_order_relaxed);  // relaxed: under the lock; has_ready is a hint
  }
  return fiber;
}

std::size_t fiber_pool::fibers_made() const noexcept {
  const std::scoped_lock lock(m_mutex);
  return m_fibers.size();
}

}  // namespace ws::detail
