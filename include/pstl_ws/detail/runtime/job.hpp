// SPDX-License-Identifier: MIT
// Jobs: job_ref (what the deques hold), stack_job (lives in the frame of the
// thread that waits for it) and heap_job (fire-and-forget). Executing a job
// never touches it after its latch is set: docs/latch.md#set-may-free.
#pragma once

#include <cstddef>
#include <exception>  // for std::rethrow_exception, std::current_exception, std::exception_ptr
#include <functional>  // for std::reference_wrapper, std::invoke
#include <memory>  // for std::destroy_at, std::unique_ptr
#include <optional>
#include <type_traits>  // for std::conditional_t, std::is_void_v, std::is_lvalue_reference_v, ...
#include <utility>  // for std::forward, std::move

namespace ws {

/// The value a `void` function contributes to a join's result pair: an empty
/// type, all of whose values are equal (what std::monostate is, without
/// bringing <variant> to every algorithm).
struct unit {
  friend constexpr bool operator==(unit, unit) noexcept = default;
};

}  // namespace ws

namespace ws::detail {

/// A type-erased job: a data pointer and the function that executes it.
/// Trivially copyable, two words; must be executed exactly once.
struct job_ref {
  void* m_data = nullptr;
  void (*m_execute)(void*) noexcept = nullptr;

  void execute() const noexcept { m_execute(m_data); }
  friend bool operator==(const job_ref&, const job_ref&) = default;
};

/// How a job stores a result of type R: void as ws::unit, an lvalue reference
/// as a std::reference_wrapper, anything else as a value.
template <class R>
using stored_result_t =
    std::conditional_t<std::is_void_v<R>, unit,
                       std::conditional_t<std::is_lvalue_reference_v<R>,
                                          std::reference_wrapper<std::remove_reference_t<R>>,
                                          std::remove_cvref_t<R>>>;

/// The stored result of invoking F with Args.
template <class F, class... Args>
using result_of_t = stored_result_t<std::invoke_result_t<F, Args...>>;

/// What install and scope return for a function returning R: R itself, except
/// that an rvalue reference becomes a value (the referent may not outlive the
/// job).
template <class R>
using returned_result_t = std::conditional_t<std::is_rvalue_reference_v<R>, std::remove_cvref_t<R>, R>;

/// Invokes f(args...) and returns its result as result_of_t stores it.
template <class F, class... Args>
result_of_t<F, Args...> invoke_to_result(F&& f, Args&&... args) {
  if constexpr (std::is_void_v<std::invoke_result_t<F, Args...>>) {
    std::invoke(std::forward<F>(f), std::forward<Args>(args)...);
    return unit{};
  } else {
    return std::invoke(std::forward<F>(f), std::forward<Args>(args)...);
  }
}

/// A job whose storage is owned by the waiting frame. F is called as f(bool
/// migrated): true when a thread other than the owner runs it.
///
/// Lifetime: the owner may destroy the job as soon as its latch is set, so
/// execute() reads nothing of *this after Latch::set (the latch's own set is
/// written the same way).
/// Exceptions: an exception from F is captured and rethrown by into_result().
template <class Latch, class F>
class stack_job {
 public:
  using result_type = result_of_t<F&, bool>;

  template <class... LatchArgs>
  explicit stack_job(F func, LatchArgs&&... latch_args)
      : m_latch(std::forward<LatchArgs>(latch_args)...), m_func(std::move(func)) {}

  stack_job(const stack_job&) = delete;
  stack_job& operator=(const stack_job&) = delete;
  ~stack_job() {
    if (m_has_func) {
      std::destroy_at(&m_func);
    }
  }

  [[nodiscard]] job_ref as_job_ref() noexcept { return {this, &execute}; }
  [[nodiscard]] Latch& latch() noexcept { return m_latch; }

  /// Runs the job on the owner's thread, exceptions passing straight through.
  result_type run_inline(bool migrated) { return invoke_to_result(take_func(), migrated); }

  /// The result of an executed job; rethrows the exception it captured.
  result_type into_result() {
    if (m_error) {
      std::rethrow_exception(m_error);
    }
    return std::move(*m_value);
  }

 private:
  F take_func() {
    F func = std::move(m_func);
    std::destroy_at(&m_func);  // captures die before the owner can be released
    m_has_func = false;
    return func;
  }

  static void execute(void* data) noexcept {
    auto* self = static_cast<stack_job*>(data);
    try {
      self->m_value.emplace(invoke_to_result(self->take_func(), true));
    } catch (...) {
      self->m_error = std::current_exception();
    }
    Latch::set(&self->m_latch);  // may free *self: nothing follows
  }

  Latch m_latch;
  // F in a union, not a std::optional: under _GLIBCXX_ASSERTIONS optional's
  // accessors embed their signature, which names F (for nested algorithm
  // lambdas, hundreds of KiB each), in the binary.
  union {
    F m_func;
  };
  bool m_has_func = true;
  std::optional<result_type> m_value;  // set by execute() unless F threw
  std::exception_ptr m_error;          // what F threw
};

/// A job that owns itself on the heap and deletes itself after running F().
/// F must not throw: whoever creates a heap_job wraps the user's function in
/// its own exception handling (scope and spawn do).
///
/// Ownership: create it with std::make_unique, queue as_job_ref(), and only
/// then release() the unique_ptr, so a failed push leaks nothing.
template <class F>
class heap_job {
  static_assert(std::is_nothrow_invocable_v<F&>, "heap_job bodies handle their own exceptions");

 public:
  explicit heap_job(F func) : m_func(std::move(func)) {}

  [[nodiscard]] job_ref as_job_ref() noexcept { return {this, &execute}; }

 private:
  static void execute(void* data) noexcept {
    const std::unique_ptr<heap_job> self(static_cast<heap_job*>(data));
    self->m_func();
  }

  F m_func;
};

}  // namespace ws::detail
