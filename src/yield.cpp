// SPDX-License-Identifier: MIT
// yield_cpu: see include/pstl_ws/detail/runtime/yield.hpp.
#include "pstl_ws/detail/runtime/yield.hpp"

#include <thread>

namespace ws::detail {

void yield_cpu() noexcept { std::this_thread::yield(); }

}  // namespace ws::detail
