// SPDX-License-Identifier: MIT
// clock: the steady clock as a count of nanoseconds, for the code on every
// algorithm's include path that times itself (the splitter's leaf timer),
// which would otherwise bring <chrono> to every translation unit.
// docs/design.md#compile-time.
#pragma once

#include <cstdint>

namespace ws::detail {

/// std::chrono::steady_clock::now() in nanoseconds since the clock's epoch.
/// Out of line, as steady_clock::now() itself is: one vDSO clock read.
[[nodiscard]] std::int64_t steady_now_ns() noexcept;

}  // namespace ws::detail
