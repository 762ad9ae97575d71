// SPDX-License-Identifier: MIT
// pstl_ws_compare's outputs: ratios compare rows of the same case and thread
// count only, the CSV reads back exactly (and reads the files written before
// its max column) and names the file and line of a malformed row, the report
// holds every case and flags where ws is behind, and a peak memory window
// sees memory touched inside it.
#include <sys/mman.h>
#include <unistd.h>

#include <cstddef>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "harness/console_table.hpp"
#include "harness/csv.hpp"
#include "harness/peak_memory.hpp"
#include "harness/ratios.hpp"
#include "harness/report.hpp"
#include "harness/rounds.hpp"
#include "test_support.hpp"

namespace {

namespace fs = std::filesystem;
using harness::measurement;

measurement row(std::string workload, std::string backend, std::size_t threads, double median) {
  measurement result;
  result.m_workload = std::move(workload);
  result.m_size = 1000;
  result.m_backend = std::move(backend);
  result.m_threads = threads;
  result.m_median = median;
  result.m_min = median * 0.75;
  result.m_max = median * 1.5;
  result.m_reps = 5;
  return result;
}

/// Two cases at 1 and 4 threads; ws is ahead of std_par in sort, behind tbb in
/// reduce; reduce has no std_par at 4 threads.
std::vector<measurement> sample_rows() {
  std::vector<measurement> rows{row("sort u32 random", "seq", 1, 100.0), row("sort u32 random", "std_par", 1, 110.0),
                                row("sort u32 random", "tbb", 1, 105.0), row("sort u32 random", "ws", 1, 99.0),
                                row("sort u32 random", "std_par", 4, 40.0), row("sort u32 random", "tbb", 4, 35.0),
                                row("sort u32 random", "ws", 4, 30.0), row("reduce f64", "seq", 1, 8.0),
                                row("reduce f64", "tbb", 4, 2.0), row("reduce f64", "ws", 4, 2.5)};
  rows.push_back(row("fib(30) join", "ws", 4, 1.0 / 3.0));  // a median with no short decimal form
  rows.back().m_size = 0;
  rows.back().m_unit = "us";
  return rows;
}

const measurement& find(const std::vector<measurement>& rows, const std::string& workload, const std::string& backend,
                        std::size_t threads) {
  for (const measurement& candidate : rows) {
    if (candidate.m_workload == workload && candidate.m_backend == backend && candidate.m_threads == threads) {
      return candidate;
    }
  }
  throw std::logic_error("no such row");
}

std::string contents(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

/// A folder of its own under the temporary directory, removed at the end.
struct scratch_folder {
  fs::path m_path = fs::temp_directory_path() / ("pstl_ws_harness_test_" + std::to_string(::getpid()));
  scratch_folder() { fs::create_directories(m_path); }
  ~scratch_folder() { fs::remove_all(m_path); }
};

}  // namespace

TEST_CASE("a ratio divides by std_par's and tbb's median in the same case at the same thread count") {
  std::vector<measurement> rows = sample_rows();
  harness::fill_ratios(rows);
  const measurement& ws_sort = find(rows, "sort u32 random", "ws", 4);
  REQUIRE(ws_sort.m_vs_std_par.has_value());
  CHECK(*ws_sort.m_vs_std_par == doctest::Approx(30.0 / 40.0));
  CHECK(*ws_sort.m_vs_tbb == doctest::Approx(30.0 / 35.0));
  CHECK(*find(rows, "sort u32 random", "ws", 1).m_vs_std_par == doctest::Approx(99.0 / 110.0));
  const measurement& ws_reduce = find(rows, "reduce f64", "ws", 4);
  CHECK_FALSE(ws_reduce.m_vs_std_par.has_value());
  CHECK(*ws_reduce.m_vs_tbb == doctest::Approx(1.25));
  CHECK_FALSE(find(rows, "reduce f64", "seq", 1).m_vs_tbb.has_value());
}

TEST_CASE("rounds merge into one row per cell: the median of their medians, the extremes and the samples of all") {
  std::vector<measurement> rows;
  for (const double ws_median : {3.0, 9.0, 4.0}) {  // three rounds, in the order the suite makes them
    for (measurement& one : sample_rows()) {
      if (one.m_backend == "ws" && one.m_workload == "sort u32 random" && one.m_threads == 4) {
        one.m_median = ws_median;
        one.m_min = ws_median - 1.0;
        one.m_max = ws_median + 1.0;
      }
      rows.push_back(std::move(one));
    }
  }
  rows.back().m_max.reset();  // the last round's last row has no maximum: its cell then has none
  const std::vector<measurement> merged = harness::merge_rounds(rows);
  const std::vector<measurement> one_round = sample_rows();
  REQUIRE(merged.size() == one_round.size());
  for (std::size_t i = 0; i < merged.size(); ++i) {
    CHECK(merged[i].m_workload == one_round[i].m_workload);  // in the first round's order
    CHECK(merged[i].m_backend == one_round[i].m_backend);
    CHECK(merged[i].m_reps == 3 * one_round[i].m_reps);
  }
  const measurement& ws_sort = find(merged, "sort u32 random", "ws", 4);
  CHECK(ws_sort.m_median == 4.0);
  CHECK(ws_sort.m_min == 2.0);
  CHECK(ws_sort.m_max == 10.0);
  CHECK(find(merged, "sort u32 random", "tbb", 4).m_median == 35.0);
  CHECK_FALSE(merged.back().m_max.has_value());
  CHECK(merged.front().m_max == one_round.front().m_max);

  std::vector<measurement> even_rounds = {row("reduce f64", "ws", 2, 1.0), row("reduce f64", "ws", 2, 2.0)};
  CHECK(harness::merge_rounds(even_rounds).front().m_median == 1.5);
  CHECK(harness::merge_rounds(one_round).size() == one_round.size());
}

TEST_CASE("a speedup divides seq's median by the backend's, and cases group by workload, size and unit") {
  const std::vector<measurement> rows = sample_rows();
  const std::vector<harness::workload_case> cases = harness::group_cases(rows);
  REQUIRE(cases.size() == 3);
  CHECK(cases[0].m_workload == "sort u32 random");
  CHECK(harness::max_threads(cases[0]) == 4);
  CHECK(cases[0].m_rows.front()->m_backend == "seq");
  CHECK(*harness::speedup(cases[0], *harness::find_row(cases[0], "ws", 4)) == doctest::Approx(100.0 / 30.0));
  CHECK(harness::has_speedups(cases[1]));
  CHECK_FALSE(harness::has_speedups(cases[2]));  // not wall time, no seq
}

TEST_CASE("table cells keep four significant digits and name powers of ten") {
  CHECK(harness::format_value(1234.56) == "1235");
  CHECK(harness::format_value(12.3456) == "12.35");
  CHECK(harness::format_value(0.0123456) == "0.01235");
  CHECK(harness::format_ratio(std::nullopt) == "-");
  CHECK(harness::format_ratio(0.87654) == "0.877");
  CHECK(harness::format_size(10000000) == "10^7");
  CHECK(harness::format_size(1500) == "1500");
  CHECK(harness::format_size(100) == "100");
}

TEST_CASE("a CSV reads back to the same rows and facts, and writes back to the same bytes") {
  const scratch_folder folder;
  std::vector<measurement> rows = sample_rows();
  harness::fill_ratios(rows);
  const harness::machine_info machine{{{"cpu", "Some CPU @ 2.0GHz, 2 cores"}, {"flags", ""}}};
  harness::write_csv(folder.m_path / "a.csv", machine, rows);
  const harness::results read = harness::read_csv(folder.m_path / "a.csv");
  CHECK(read.m_machine.m_facts == machine.m_facts);
  REQUIRE(read.m_measurements.size() == rows.size());
  for (std::size_t i = 0; i < rows.size(); ++i) {
    CAPTURE(i);
    const measurement& expected = rows[i];
    const measurement& actual = read.m_measurements[i];
    CHECK(actual.m_workload == expected.m_workload);
    CHECK(actual.m_size == expected.m_size);
    CHECK(actual.m_backend == expected.m_backend);
    CHECK(actual.m_threads == expected.m_threads);
    CHECK(actual.m_unit == expected.m_unit);
    CHECK(actual.m_median == expected.m_median);  // exact: the shortest form that reads back the same double
    CHECK(actual.m_min == expected.m_min);
    CHECK(actual.m_max == expected.m_max);
    CHECK(actual.m_reps == expected.m_reps);
    CHECK(actual.m_vs_std_par == expected.m_vs_std_par);
    CHECK(actual.m_vs_tbb == expected.m_vs_tbb);
  }
  harness::write_csv(folder.m_path / "b.csv", read.m_machine, read.m_measurements);
  CHECK(contents(folder.m_path / "a.csv") == contents(folder.m_path / "b.csv"));
}

TEST_CASE("a CSV written before the max column reads, with empty maxima") {
  const scratch_folder folder;
  const fs::path path = folder.m_path / "old.csv";
  std::ofstream(path) << "# cpu: x\nworkload,size,backend,threads,unit,median,min,reps,vs_std_par,vs_tbb\n"
                         "sort,10,ws,2,ms,1.5,1.2,5,0.9,\n";
  const harness::results read = harness::read_csv(path);
  REQUIRE(read.m_measurements.size() == 1);
  CHECK(read.m_measurements[0].m_median == 1.5);
  CHECK(read.m_measurements[0].m_vs_std_par == 0.9);
  CHECK_FALSE(read.m_measurements[0].m_max.has_value());
  harness::write_csv(folder.m_path / "new.csv", read.m_machine, read.m_measurements);  // now with the column
  CHECK(contents(folder.m_path / "new.csv").find(",vs_tbb,max\nsort,10,ws,2,ms,1.5,1.2,5,0.9,,\n") !=
        std::string::npos);
}

TEST_CASE("a malformed CSV is reported with its file, line and problem") {
  const scratch_folder folder;
  const std::string header = "workload,size,backend,threads,unit,median,min,reps,vs_std_par,vs_tbb,max\n";
  const auto error_of = [&](const std::string& text) {
    const fs::path path = folder.m_path / "bad.csv";
    std::ofstream(path) << text;
    try {
      harness::read_csv(path);
    } catch (const std::runtime_error& error) {
      return std::string(error.what());
    }
    return std::string("no error");
  };
  const std::string bad = (folder.m_path / "bad.csv").string();
  CHECK(error_of("# cpu: x\n" + header + "sort,10,ws,2,ms,1.5,1.2,5,0.9,\n") ==
        bad + ":3: expected 11 comma-separated fields, found 10");
  CHECK(error_of(header + "sort,10,ws,two,ms,1.5,1.2,5,,,\n") ==
        bad + ":2: threads: expected a whole number >= 0, got 'two'");
  CHECK(error_of(header + "sort,10,ws,2,ms,-1,1.2,5,,,\n") ==
        bad + ":2: median: expected a finite number >= 0, got '-1'");
  CHECK(error_of(header + "sort,10,ws,2,ms,1,1,5,,,x\n") == bad + ":2: max: expected a finite number >= 0, got 'x'");
  CHECK(error_of("# no colon\n" + header) == bad + ":1: expected a machine fact '# key: value', got '# no colon'");
  CHECK(error_of("# cpu: x\n").find(bad + ": no header line") == 0);
  CHECK_THROWS_AS(harness::read_csv(folder.m_path / "missing.csv"), std::runtime_error);
}

TEST_CASE("a text that would not read back is refused when writing") {
  const scratch_folder folder;
  std::vector<measurement> rows{row("sort, then reduce", "ws", 1, 1.0)};
  CHECK_THROWS_AS(harness::write_csv(folder.m_path / "c.csv", {}, rows), std::runtime_error);
  CHECK_THROWS_AS(harness::write_csv(folder.m_path / "c.csv", {{{"a: b", "c"}}}, {}), std::runtime_error);
}

TEST_CASE("the report has every case, and flags where ws is behind at the largest thread count") {
  const scratch_folder folder;
  std::vector<measurement> rows = sample_rows();
  harness::fill_ratios(rows);
  harness::write_report(folder.m_path / "report", {{{"cpu", "x"}}}, rows);
  const std::string report = contents(folder.m_path / "report" / "report.md");
  CHECK(report.find("### sort u32 random, n = 10^3 (ms)") != std::string::npos);
  CHECK(report.find("### reduce f64, n = 10^3 (ms)") != std::string::npos);
  CHECK(report.find("### fib(30) join (us)") != std::string::npos);
  CHECK(report.find("| reduce f64, n = 10^3 (ms) | 4 | 2.500 ms | - | **1.25** | **no**: behind tbb |") !=
        std::string::npos);
  CHECK(report.find("| sort u32 random, n = 10^3 (ms) | 4 | 30.00 ms | 0.750 | 0.857 | yes |") != std::string::npos);
  // The case tables show the maximum after the minimum.
  CHECK(report.find("| backend | threads | median ms | min ms | max ms | vs std_par | vs tbb | speedup vs seq |") !=
        std::string::npos);
  CHECK(report.find("| ws | 4 | 30.00 | 22.50 | 45.00 | 0.750 | 0.857 | 3.33 |") != std::string::npos);
}

TEST_CASE("the report puts a sort's steady state, first call and peak memory side by side") {
  const scratch_folder folder;
  std::vector<measurement> rows = sample_rows();
  for (const auto& [backend, threads] : {std::pair{"seq", std::size_t{1}}, std::pair{"ws", std::size_t{4}}}) {
    rows.push_back(row("sort u32 random first call", backend, threads, threads == 1 ? 120.0 : 36.0));
    rows.push_back(row("sort u32 random peak extra memory", backend, threads, threads == 1 ? 0.0 : 3.5));
    rows.back().m_unit = "MiB";
  }
  harness::fill_ratios(rows);
  harness::write_report(folder.m_path / "report", {{{"cpu", "x"}}}, rows);
  const std::string report = contents(folder.m_path / "report" / "report.md");
  CHECK(report.find("### sort u32 random peak extra memory, n = 10^3 (MiB)") != std::string::npos);
  CHECK(report.find("## Sorts: steady state, first call and peak memory") != std::string::npos);
  CHECK(report.find("| sort u32 random, n = 10^3 | seq | 1 | 100.0 | 150.0 | 120.0 | 0 |") != std::string::npos);
  CHECK(report.find("| sort u32 random, n = 10^3 | ws | 4 | 30.00 | 45.00 | 36.00 | 3.500 |") !=
        std::string::npos);
  CHECK(report.find("| sort u32 random, n = 10^3 | tbb | 4 | 35.00 | 52.50 | - | - |") != std::string::npos);
  CHECK(report.find("| reduce f64, n = 10^3 | ws |") == std::string::npos);  // not a sort
}

TEST_CASE("a peak memory window counts memory touched and given back inside it, not before") {
  constexpr std::size_t bytes = std::size_t{64} << 20;
  constexpr double mib = static_cast<double>(bytes >> 20);
  void* before = ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  REQUIRE(before != MAP_FAILED);
  std::memset(before, 1, bytes);  // resident before the window: not counted
  const harness::peak_memory_window window;
  void* inside = ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  REQUIRE(inside != MAP_FAILED);
  std::memset(inside, 1, bytes);
  ::munmap(inside, bytes);  // gone again: only the high-water mark remembers it
  const std::optional<double> extra = window.extra_mib();
  ::munmap(before, bytes);
  if (!extra) {
    MESSAGE("no /proc/self/clear_refs or /proc/self/status here: nothing to check");
    return;
  }
  CHECK(*extra >= mib * 0.9);
  CHECK(*extra < mib * 1.5);
}
