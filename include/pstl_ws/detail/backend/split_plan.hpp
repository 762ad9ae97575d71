// SPDX-License-Identifier: MIT
// split_plan: the one place that decides whether a call runs on the pool and
// how finely it splits, from the policy, the length and the family's
// split_rule (tuning.hpp); every algorithm family enters the pool through it.
// docs/backend.md#serial-or-parallel.
#pragma once

#include <cstddef>
#include <type_traits>  // for std::invoke_result_t

#include "pstl_ws/detail/backend/par_for.hpp"
#include "pstl_ws/detail/backend/tuning.hpp"
#include "pstl_ws/execution.hpp"

namespace ws::detail {

/// How one call runs. Under a parallel policy with a grain g: on the pool
/// from 2g elements, leaves of at least g. Under one without: on the pool
/// from the rule's threshold, leaves of at least the rule's grain. Under a
/// sequential policy: on the calling thread. Free of overflow for any grain
/// (holds_two_grains).
/// Cost: a few comparisons; the plan is a few words, passed by reference or
/// captured by the body it runs.
class split_plan {
 public:
  /// The plan of a call over n elements (or positions, pieces, units of work).
  template <execution_kind Kind>
  constexpr split_plan(const basic_policy<Kind>& policy, std::size_t n, split_rule rule) noexcept
      : m_pool(policy.pool()),
        m_grain(policy.grain() != 0 ? policy.grain() : rule.m_grain),
        m_threshold(policy.grain() != 0 ? 0 : rule.m_threshold),
        m_parallel(basic_policy<Kind>::is_parallel && long_enough(n)) {}

  /// Whether the call runs on the pool.
  [[nodiscard]] constexpr bool parallel() const noexcept { return m_parallel; }

  /// Whether a piece of `n` elements of the call is long enough to be split
  /// by the same rule (a selection's pieces): never when the call is not
  /// parallel, so a sequential call stays on its thread.
  [[nodiscard]] constexpr bool parallel(std::size_t n) const noexcept { return m_parallel && long_enough(n); }

  /// The least leaf (tile, window, block): the policy's grain, or the rule's.
  [[nodiscard]] constexpr std::size_t grain() const noexcept { return m_grain; }

  /// Runs body() on a worker of the policy's pool (run_on_pool) when the call
  /// is parallel, else on the calling thread with no pool traffic: for a body
  /// that asks the plan how to split. Returns body's result; rethrows its
  /// exception.
  template <class Body>
  std::invoke_result_t<Body&> run(Body body) const {
    if (m_parallel) {
      return run_on_pool(m_pool, body);
    }
    return body();
  }

  /// Runs parallel() on a worker of the policy's pool when the call is
  /// parallel, else sequential() on the calling thread (the sequential std::
  /// algorithm, say). Both return the same type.
  template <class Parallel, class Sequential>
  std::invoke_result_t<Sequential&> run(Parallel parallel, Sequential sequential) const {
    if (m_parallel) {
      return run_on_pool(m_pool, parallel);
    }
    return sequential();
  }

 private:
  /// The rule for a parallel policy: from the threshold (the rule's, or none
  /// under a policy's grain), and in any case two grains.
  [[nodiscard]] constexpr bool long_enough(std::size_t n) const noexcept {
    return n >= m_threshold && holds_two_grains(n, m_grain);
  }

  thread_pool* m_pool;
  std::size_t m_grain;
  std::size_t m_threshold;
  bool m_parallel;
};

/// leaf(begin, end) over disjoint ranges covering [0, n), split as the plan
/// says: par_for with leaves of at least plan.grain() when it is parallel
/// (then on a worker), else leaf(0, n) on the calling thread (nothing when n
/// is 0). For bodies that run one or more such passes inside plan.run.
/// Exceptions: as par_for.
template <class Leaf>
void run_pass(const split_plan& plan, std::size_t n, Leaf& leaf) {
  par_for_if(plan.parallel(), n, plan.grain(), leaf);
}

}  // namespace ws::detail
