// SPDX-License-Identifier: MIT
// Ranges of 2^31 + 7 elements, past every 32-bit index: for_each, reduce and
// transform_reduce over an iota view (no memory), and ws::sort of 2^31 + 7
// bytes by the radix sort and by the quicksort. Each check first asks
// /proc/meminfo whether the machine has the memory, and skips (with a message)
// if not. Compiled with -O2 even in Debug builds (tests/algorithm/CMakeLists.txt).
#include <pstl_ws/algorithm.hpp>
#include <pstl_ws/numeric.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "algorithm_test_support.hpp"
#include "iota_range.hpp"

namespace {

/// 2^31 + 7: past INT_MAX and UINT32_MAX / 2, and odd, so no split is even.
constexpr std::uint64_t k_n = (std::uint64_t{1} << 31) + 7;

constexpr std::uint64_t k_gib = std::uint64_t{1} << 30;

/// A pool of a few threads, so the parallel paths run (the 2-core CI machine
/// is oversubscribed, which is fine).
ws::thread_pool& large_pool() {
  static ws::thread_pool pool(ws_test::pool_options(4));
  return pool;
}

/// MemAvailable from /proc/meminfo in bytes, or 0 if it cannot be read.
std::uint64_t available_memory() {
  std::ifstream meminfo("/proc/meminfo");
  std::string key;
  std::uint64_t kib = 0;
  std::string unit;
  while (meminfo >> key >> kib >> unit) {
    if (key == "MemAvailable:") {
      return kib * 1024;
    }
  }
  return 0;
}

/// Whether `bytes` (plus 1 GiB to spare) are available; if not, says so in
/// the test output.
bool memory_allows(std::uint64_t bytes) {
  const std::uint64_t available = available_memory();
  if (available < bytes + k_gib) {
    MESSAGE("skipped: needs " << (bytes + k_gib) / k_gib << " GiB available, /proc/meminfo says "
                              << available / k_gib << " GiB");
    return false;
  }
  return true;
}

/// 0 + 1 + ... + (n - 1) and 0^2 + 1^2 + ... + (n - 1)^2, modulo 2^64.
std::uint64_t sum_below(std::uint64_t n) { return n % 2 == 0 ? n / 2 * (n - 1) : (n - 1) / 2 * n; }
std::uint64_t sum_of_squares_below(std::uint64_t n) {
  // (n - 1) n (2n - 1) / 6: divide the factors by 2 and 3 first, then
  // multiply modulo 2^64.
  std::array<std::uint64_t, 3> factors{n - 1, n, 2 * n - 1};
  for (const std::uint64_t divisor : {std::uint64_t{2}, std::uint64_t{3}}) {
    for (std::uint64_t& f : factors) {
      if (f % divisor == 0) {
        f /= divisor;
        break;
      }
    }
  }
  return factors[0] * factors[1] * factors[2];
}

/// What one thread saw of the indices an element function was called with.
struct tally {
  std::uint64_t m_count = 0;
  std::uint64_t m_sum = 0;
  std::uint64_t m_squares = 0;
  bool m_registered = false;
};

/// Each thread's own tally (constant-initialized: no guard on access), so the
/// element function touches no shared memory.
thread_local tally t_tally;

/// The tallies of every thread that ever called k_add_to_tally.
class all_tallies {
 public:
  static all_tallies& instance() {
    static all_tallies all;
    return all;
  }
  void add(tally& t) {
    const std::lock_guard lock(m_mutex);
    m_all.push_back(&t);
    t.m_registered = true;
  }
  /// The sum of every thread's tally, which starts again from zero. Only
  /// between calls: the threads must not be adding at the same time.
  tally total_and_reset() {
    const std::lock_guard lock(m_mutex);
    tally total;
    for (tally* t : m_all) {
      total.m_count += t->m_count;
      total.m_sum += t->m_sum;
      total.m_squares += t->m_squares;
      t->m_count = t->m_sum = t->m_squares = 0;
    }
    return total;
  }

 private:
  std::mutex m_mutex;
  std::vector<tally*> m_all;  // the pool's threads outlive every use
};

/// The element function of the for_each tests: adds i to the calling thread's tally.
constexpr auto k_add_to_tally = [](std::int64_t i) {
  tally& mine = t_tally;
  if (!mine.m_registered) {
    all_tallies::instance().add(mine);
  }
  const auto x = static_cast<std::uint64_t>(i);
  ++mine.m_count;
  mine.m_sum += x;
  mine.m_squares += x * x;
};

/// Fills data[0, n) with pseudo-random bytes masked with `mask`: each byte
/// drawn (run 1) or runs of `run` equal bytes.
void fill_random_bytes(std::uint8_t* data, std::uint64_t n, std::uint8_t mask, std::uint64_t run) {
  std::uint64_t state = 0x9e3779b97f4a7c15ULL;
  const std::uint64_t wide_mask = 0x0101010101010101ULL * mask;
  for (std::uint64_t i = 0; i < n;) {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    if (run == 1) {
      const std::uint64_t lanes = state & wide_mask;
      std::memcpy(data + i, &lanes, std::min<std::uint64_t>(8, n - i));
      i += 8;
    } else {
      std::memset(data + i, static_cast<int>(state & mask), std::min(run, n - i));
      i += run;
    }
  }
}

using histogram = std::array<std::uint64_t, 256>;

histogram histogram_of(const std::vector<std::uint8_t>& values) {
  histogram counts{};
  for (std::uint8_t x : values) {
    ++counts[x];
  }
  return counts;
}

/// Whether `values` is sorted and holds the values `counts` describes: the
/// first counts[0] bytes are 0, the next counts[1] are 1, and so on.
bool sorted_with_histogram(const std::vector<std::uint8_t>& values, const histogram& counts) {
  auto run = values.begin();
  for (std::size_t v = 0; v < counts.size(); ++v) {
    const auto run_end = run + static_cast<std::ptrdiff_t>(counts[v]);
    const auto value = static_cast<std::uint8_t>(v);
    if (std::find_if(run, run_end, [value](std::uint8_t x) { return x != value; }) != run_end) {
      return false;
    }
    run = run_end;
  }
  return run == values.end();
}

/// Sorts k_n random bytes (see fill_random_bytes) with sort(policy, first,
/// last) and checks the result by its histogram.
template <class Sort>
void check_sort_of_bytes(std::uint8_t mask, std::uint64_t run, Sort sort) {
  if (ws_test::k_glibcxx_debug) {
    // Minutes of checked iterator steps; the asan and release builds run it.
    MESSAGE("skipped under _GLIBCXX_DEBUG");
    return;
  }
  if (!memory_allows(k_n)) {
    return;
  }
  std::vector<std::uint8_t> values(k_n);
  fill_random_bytes(values.data(), k_n, mask, run);
  const histogram before = histogram_of(values);
  sort(ws::par.on(large_pool()), values.begin(), values.end());
  CHECK(sorted_with_histogram(values, before));
}

}  // namespace

TEST_CASE("the closed forms the large tests compare with are right" * doctest::timeout(10)) {
  std::uint64_t sum = 0;
  std::uint64_t squares = 0;
  for (std::uint64_t i = 0; i < 1001; ++i) {
    CHECK(sum_below(i) == sum);
    CHECK(sum_of_squares_below(i) == squares);
    sum += i;
    squares += i * i;
  }
}

TEST_CASE("for_each visits each of 2^31 + 7 indices of an iota view once" * doctest::timeout(300)) {
  const auto indices = ws_test::iota(std::int64_t{0}, static_cast<std::int64_t>(k_n));
  ws::for_each(ws::par.on(large_pool()), indices.begin(), indices.end(), k_add_to_tally);
  const tally seen = all_tallies::instance().total_and_reset();
  CHECK(seen.m_count == k_n);
  CHECK(seen.m_sum == sum_below(k_n));
  CHECK(seen.m_squares == sum_of_squares_below(k_n));

  const std::uint64_t n = k_n - 3;
  const auto end = ws::for_each_n(ws::par.on(large_pool()), indices.begin(), n, k_add_to_tally);
  CHECK(end == indices.begin() + static_cast<std::int64_t>(n));
  const tally seen_n = all_tallies::instance().total_and_reset();
  CHECK(seen_n.m_count == n);
  CHECK(seen_n.m_sum == sum_below(n));
}

TEST_CASE("reduce and transform_reduce over 2^31 + 7 indices of an iota view equal the closed forms" * doctest::timeout(300)) {
  const auto indices = ws_test::iota(std::int64_t{0}, static_cast<std::int64_t>(k_n));
  const auto policy = ws::par.on(large_pool());
  CHECK(ws::reduce(policy, indices.begin(), indices.end(), std::uint64_t{0}) == sum_below(k_n));
  const auto square = [](std::int64_t i) { return static_cast<std::uint64_t>(i) * static_cast<std::uint64_t>(i); };
  CHECK(ws::transform_reduce(policy, indices.begin(), indices.end(), std::uint64_t{0}, std::plus<>(), square) ==
        sum_of_squares_below(k_n));
  const auto times = [](std::int64_t a, std::int64_t b) { return static_cast<std::uint64_t>(a * b); };
  CHECK(ws::transform_reduce(policy, indices.begin(), indices.end(), indices.begin(), std::uint64_t{0}, std::plus<>(),
                             times) == sum_of_squares_below(k_n));
}

TEST_CASE("sort of 2^31 + 7 random bytes by the parallel radix sort" * doctest::timeout(300)) {
  // 1-byte keys: a counting sort in place, no buffer.
  check_sort_of_bytes(0xff, 1, [](auto policy, auto first, auto last) { ws::sort(policy, first, last); });
}

TEST_CASE("sort of 2^31 + 7 bytes with 4 distinct values by the parallel quicksort" * doctest::timeout(300)) {
  // A lambda comparator takes the quicksort, with its parallel partition. Few
  // distinct values keep it to a few partitioning levels, and runs of 4096
  // equal bytes keep the partition's branches predictable: a few seconds
  // instead of a few tens.
  check_sort_of_bytes(0x03, 4096, [](auto policy, auto first, auto last) {
    ws::sort(policy, first, last, [](std::uint8_t a, std::uint8_t b) { return a < b; });
  });
}
