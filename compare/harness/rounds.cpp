// SPDX-License-Identifier: MIT
#include "harness/rounds.hpp"

#include <algorithm>
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <utility>

#include "bench_support.hpp"

namespace harness {

std::vector<measurement> merge_rounds(std::vector<measurement> rows) {
  using key = std::tuple<std::string, std::size_t, std::string, std::size_t, std::string>;
  std::map<key, std::size_t> first_of;       // each cell's row in merged
  std::vector<std::vector<double>> medians;  // each merged row's rounds' medians
  std::vector<measurement> merged;
  for (measurement& row : rows) {
    const auto [at, is_new] = first_of.try_emplace(
        key{row.m_workload, row.m_size, row.m_backend, row.m_threads, row.m_unit}, merged.size());
    if (is_new) {
      medians.push_back({row.m_median});
      merged.push_back(std::move(row));
      continue;
    }
    measurement& cell = merged[at->second];
    medians[at->second].push_back(row.m_median);
    cell.m_min = std::min(cell.m_min, row.m_min);
    cell.m_max = cell.m_max && row.m_max ? std::optional<double>(std::max(*cell.m_max, *row.m_max)) : std::nullopt;
    cell.m_reps += row.m_reps;
  }
  for (std::size_t i = 0; i < merged.size(); ++i) {
    merged[i].m_median = bench::median(std::move(medians[i]));
  }
  return merged;
}

}  // namespace harness
