// SPDX-License-Identifier: MIT
// work_deque's cold members: a new buffer, and the growth that copies the live
// slots into one twice as large. Out of work_deque.hpp so that the translation
// units whose pushes reach them do not instantiate them: src/registry.cpp
// instantiates work_deque<job_ref> with them, and a test of another element
// type includes this file itself. docs/deque.md#growth.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>  // for std::make_unique
#include <utility>  // for std::move

#include "pstl_ws/detail/runtime/work_deque.hpp"

namespace ws::detail {

template <class T>
auto work_deque<T>::allocate(std::int64_t capacity) -> buffer* {
  const std::size_t num_words = static_cast<std::size_t>(capacity) * k_words;
  auto buf = std::make_unique<buffer>(
      buffer{capacity, std::make_unique<slot_line[]>((num_words + k_line_words - 1) / k_line_words)});
  m_buffers.push_back(std::move(buf));
  return m_buffers.back().get();
}

template <class T>
auto work_deque<T>::grow(const buffer* old, std::int64_t t, std::int64_t b) -> buffer* {
  buffer* bigger = allocate(old->m_capacity * 2);
  for (std::int64_t i = t; i < b; ++i) {
    bigger->put(i, old->get(i));
  }
  m_buffer.store(bigger, std::memory_order_release);  // release: publishes the copied slots; pairs with acquire in steal()
  return bigger;
}

}  // namespace ws::detail
