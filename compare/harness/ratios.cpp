// SPDX-License-Identifier: MIT
#include "harness/ratios.hpp"

#include <algorithm>
#include <array>
#include <map>
#include <tuple>
#include <utility>

namespace harness {
namespace {

constexpr std::array<std::string_view, 7> k_backend_order{
    backend_names::seq,     backend_names::std_par,       backend_names::tbb,         backend_names::ws,
    backend_names::ws_park, backend_names::std_par_on_ws, backend_names::gnu_parallel};

bool row_order(const measurement* a, const measurement* b) {
  return std::tuple(a->m_threads, backend_rank(a->m_backend), std::string_view(a->m_backend)) <
         std::tuple(b->m_threads, backend_rank(b->m_backend), std::string_view(b->m_backend));
}

// row's median over the median of `against` at row's thread count.
std::optional<double> ratio(const workload_case& c, const measurement& row, std::string_view against) {
  const measurement* reference = find_row(c, against, row.m_threads);
  if (reference == nullptr || !(reference->m_median > 0.0)) {
    return std::nullopt;
  }
  return row.m_median / reference->m_median;
}

}  // namespace

std::size_t backend_rank(std::string_view backend) {
  return static_cast<std::size_t>(std::find(k_backend_order.begin(), k_backend_order.end(), backend) -
                                  k_backend_order.begin());
}

std::vector<workload_case> group_cases(const std::vector<measurement>& rows) {
  std::vector<workload_case> cases;
  std::map<std::tuple<std::string_view, std::size_t, std::string_view>, std::size_t> index_of;
  for (const measurement& row : rows) {
    const auto [place, is_new] = index_of.try_emplace({row.m_workload, row.m_size, row.m_unit}, cases.size());
    if (is_new) {
      cases.push_back({row.m_workload, row.m_size, row.m_unit, {}});
    }
    cases[place->second].m_rows.push_back(&row);
  }
  for (workload_case& c : cases) {
    std::stable_sort(c.m_rows.begin(), c.m_rows.end(), row_order);
  }
  return cases;
}

void fill_ratios(std::vector<measurement>& rows) {
  std::vector<std::pair<std::optional<double>, std::optional<double>>> ratios(rows.size());
  for (const workload_case& c : group_cases(rows)) {
    for (const measurement* row : c.m_rows) {
      ratios[static_cast<std::size_t>(row - rows.data())] = {ratio(c, *row, backend_names::std_par),
                                                              ratio(c, *row, backend_names::tbb)};
    }
  }
  for (std::size_t i = 0; i < rows.size(); ++i) {
    std::tie(rows[i].m_vs_std_par, rows[i].m_vs_tbb) = ratios[i];
  }
}

const measurement* find_row(const workload_case& c, std::string_view backend, std::size_t threads) {
  const auto found = std::find_if(c.m_rows.begin(), c.m_rows.end(), [&](const measurement* row) {
    return row->m_backend == backend && row->m_threads == threads;
  });
  return found == c.m_rows.end() ? nullptr : *found;
}

std::size_t max_threads(const workload_case& c) {
  return c.m_rows.empty() ? 0 : c.m_rows.back()->m_threads;  // sorted by threads first
}

std::optional<double> seq_median(const workload_case& c) {
  const auto seq = std::find_if(c.m_rows.begin(), c.m_rows.end(),
                                [](const measurement* row) { return row->m_backend == backend_names::seq; });
  return seq == c.m_rows.end() ? std::nullopt : std::optional<double>((*seq)->m_median);
}

bool has_speedups(const workload_case& c) { return c.m_unit == k_wall_time_unit && seq_median(c).has_value(); }

std::optional<double> speedup(const workload_case& c, const measurement& row) {
  const std::optional<double> seq = seq_median(c);
  if (!seq || !(row.m_median > 0.0)) {
    return std::nullopt;
  }
  return *seq / row.m_median;
}

}  // namespace harness
