// SPDX-License-Identifier: MIT
// --rounds: every workload measured several times over, all its backends in
// turn each round, and each cell then made of its rounds. One round measures a
// backend's samples within a second or so of each other, while the other
// backends' samples come seconds earlier or later; a machine whose speed
// drifts over seconds (a shared VM: a neighbour's burst, the kernel reclaiming
// memory) then moves one backend's cell and not the other's. Rounds
// interleave them, so every backend sees the same drift.
#pragma once

#include <vector>

#include "harness/measurement.hpp"

namespace harness {

/// Merges the rows that share workload, size, backend, thread count and
/// unit (one per round) into one, placed where the first of them was: the
/// median of their medians (of an even count, the mean of the middle two),
/// the least of their minima, the largest of their maxima (none if a row
/// lacks one) and the sum of their samples. A row without another keeps its
/// values. Ratios are not merged: fill_ratios computes them afterwards.
/// Complexity: O(r log r) for r rows.
std::vector<measurement> merge_rounds(std::vector<measurement> rows);

}  // namespace harness
