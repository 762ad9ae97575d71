// SPDX-License-Identifier: MIT
// os_thread: pthread_create with a stack size, and thread names.
#include "pstl_ws/detail/runtime/os_thread.hpp"

#include <cstdio>  // for std::snprintf
#include <system_error>  // for std::system_error, std::system_category

#include "pstl_ws/detail/config.hpp"

namespace ws::detail {
namespace {

// Owns a pthread_attr_t for the duration of one pthread_create.
class thread_attributes {
 public:
  explicit thread_attributes(std::size_t stack_size) {
    if (const int error = ::pthread_attr_init(&m_attributes); error != 0) {
      throw std::system_error(error, std::system_category(), "pstl_ws: pthread_attr_init");
    }
    if (stack_size != 0) {
      if (const int error = ::pthread_attr_setstacksize(&m_attributes, stack_size); error != 0) {
        ::pthread_attr_destroy(&m_attributes);
        throw std::system_error(error, std::system_category(),
                                "pstl_ws: a worker thread stack of " + std::to_string(stack_size) +
                                    " bytes (pthread_attr_setstacksize)");
      }
    }
  }
  ~thread_attributes() { ::pthread_attr_destroy(&m_attributes); }
  thread_attributes(const thread_attributes&) = delete;
  thread_attributes& operator=(const thread_attributes&) = delete;

  [[nodiscard]] const pthread_attr_t* get() const noexcept { return &m_attributes; }

 private:
  pthread_attr_t m_attributes{};
};

}  // namespace

os_thread::os_thread(std::size_t stack_size, void* (*entry)(void*), void* argument) {
  const thread_attributes attributes(stack_size);
  if (const int error = ::pthread_create(&m_handle, attributes.get(), entry, argument); error != 0) {
    throw std::system_error(error, std::system_category(), "pstl_ws: pthread_create");
  }
}

os_thread::~os_thread() {
  if (m_joinable) {
    fatal("an os_thread was destroyed while its thread was still joinable");
  }
}

void os_thread::join() noexcept {
  PSTL_WS_ASSERT(m_joinable);
  ::pthread_join(m_handle, nullptr);
  m_joinable = false;
}

void name_this_thread(const std::string& prefix, std::size_t index) noexcept {
  if (prefix.empty()) {
    return;
  }
  // Linux keeps 15 bytes and a terminator; a longer name is refused, so it is cut.
  constexpr std::size_t k_max_name = 15;
  char name[k_max_name + 1];
  const int length = std::snprintf(name, sizeof(name), "%s-%zu", prefix.c_str(), index);
  if (length > 0) {
    ::pthread_setname_np(::pthread_self(), name);
  }
}

}  // namespace ws::detail
