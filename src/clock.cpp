// SPDX-License-Identifier: MIT
// clock: see include/pstl_ws/detail/runtime/clock.hpp.
#include "pstl_ws/detail/runtime/clock.hpp"

#include <chrono>

namespace ws::detail {

std::int64_t steady_now_ns() noexcept {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

}  // namespace ws::detail
