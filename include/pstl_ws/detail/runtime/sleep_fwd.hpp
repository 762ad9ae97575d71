// SPDX-License-Identifier: MIT
// sleep_fwd: what the join path needs of the sleep module (sleep.hpp) and no
// more, so that the headers every algorithm includes name no mutex, condition
// variable or clock: the class's name, the search levels, and the one call a
// push makes. docs/design.md#compile-time.
#pragma once

#include <cstdint>

namespace ws::detail {

class sleep;

/// Where a thread searches from: the top of its scheduling loop (the main
/// loop, or the base of a scheduler fiber), or a wait inside a call (a join,
/// a scope, a cross-pool call, the seat). Only the top starts new calls.
enum class search_level : bool { nested, top };

/// sleep::new_internal_jobs, for callers that see the module only declared:
/// a worker pushed num_jobs jobs on its own deque. One call, as the member is.
void new_internal_jobs(sleep& module, std::uint32_t num_jobs, bool queue_was_empty) noexcept;

}  // namespace ws::detail
