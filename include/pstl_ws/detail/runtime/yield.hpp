// SPDX-License-Identifier: MIT
// yield_cpu: std::this_thread::yield out of line, for the code on every
// algorithm's include path that waits a moment for another thread (the sample
// sort's block permutation), which would otherwise bring <thread> to every
// translation unit. docs/design.md#compile-time.
#pragma once

namespace ws::detail {

/// Lets another thread ready on this CPU run first (std::this_thread::yield).
void yield_cpu() noexcept;

}  // namespace ws::detail
