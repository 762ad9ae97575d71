// SPDX-License-Identifier: MIT
// Allocation failures: for every algorithm family, a call whose k-th
// allocation fails (operator new, replaced here for the whole test program,
// and the scratch cache, through the test hooks' scratch gate), for every k
// the call reaches. Each call either returns the sequential result (a
// fallback) or throws std::bad_alloc to its caller, with an in-place
// reordering's range holding a permutation of its input and every read-only
// input unchanged; the pool works afterwards; under AddressSanitizer nothing
// leaks. docs/verification.md#allocation-failures.
#include "test_support.hpp"

#include <pstl_ws/algorithm.hpp>
#include <pstl_ws/detail/test_hook.hpp>
#include <pstl_ws/memory.hpp>
#include <pstl_ws/numeric.hpp>

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <iterator>
#include <limits>
#include <memory>
#include <new>
#include <numeric>
#include <string>
#include <utility>
#include <vector>

namespace {

// Allocations left before the one that fails; negative: none fails. Counted
// across every thread: the workers' allocations are the call's too.
std::atomic<std::int64_t> g_countdown{-1};

bool fails_now() noexcept {
  // relaxed: a count; which allocation fails among racing threads does not matter.
  if (g_countdown.load(std::memory_order_relaxed) < 0) {
    return false;
  }
  return g_countdown.fetch_sub(1, std::memory_order_relaxed) == 0;
}

void* allocate(std::size_t bytes, std::size_t alignment) noexcept {
  if (fails_now()) {
    return nullptr;
  }
  bytes = bytes == 0 ? 1 : bytes;
  if (alignment <= alignof(std::max_align_t)) {
    return std::malloc(bytes);
  }
  return std::aligned_alloc(alignment, (bytes + alignment - 1) / alignment * alignment);
}

void* allocate_or_throw(std::size_t bytes, std::size_t alignment) {
  if (void* p = allocate(bytes, alignment)) {
    return p;
  }
  throw std::bad_alloc();
}

bool refuse_scratch(std::size_t) noexcept { return fails_now(); }

constexpr std::int64_t k_counting = std::int64_t{1} << 40;
std::atomic<bool> g_threw{false};  // the last run_failing_at threw

}  // namespace

void* operator new(std::size_t bytes) { return allocate_or_throw(bytes, alignof(std::max_align_t)); }
void* operator new[](std::size_t bytes) { return allocate_or_throw(bytes, alignof(std::max_align_t)); }
void* operator new(std::size_t bytes, std::align_val_t a) { return allocate_or_throw(bytes, static_cast<std::size_t>(a)); }
void* operator new[](std::size_t bytes, std::align_val_t a) { return allocate_or_throw(bytes, static_cast<std::size_t>(a)); }
void* operator new(std::size_t bytes, const std::nothrow_t&) noexcept { return allocate(bytes, alignof(std::max_align_t)); }
void* operator new[](std::size_t bytes, const std::nothrow_t&) noexcept { return allocate(bytes, alignof(std::max_align_t)); }
void* operator new(std::size_t bytes, std::align_val_t a, const std::nothrow_t&) noexcept {
  return allocate(bytes, static_cast<std::size_t>(a));
}
void* operator new[](std::size_t bytes, std::align_val_t a, const std::nothrow_t&) noexcept {
  return allocate(bytes, static_cast<std::size_t>(a));
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }

namespace {

/// Runs call() with the k-th allocation failing (k from 0; k_counting: none
/// within reach); returns whether it threw std::bad_alloc and how many
/// allocations it reached.
struct armed_outcome {
  bool m_threw = false;
  std::int64_t m_reached = 0;
};
template <class Call>
armed_outcome run_failing_at(std::int64_t k, Call&& call) {
  armed_outcome outcome;
  g_countdown.store(k);
  try {
    call();
  } catch (const std::bad_alloc&) {
    outcome.m_threw = true;
    g_threw.store(true);
  }
  const std::int64_t left = g_countdown.exchange(-1);
  outcome.m_reached = k - std::max<std::int64_t>(left, -1);
  return outcome;
}

/// One algorithm family's case: runs its call on `policy` with the k-th
/// allocation failing and returns "" if the outcome is right, else what is
/// wrong; sets `reached` to the allocations the call reached.
using policy_type = decltype(ws::par.on(std::declval<ws::thread_pool&>()));
using fault_case = std::function<std::string(const policy_type&, std::int64_t k, std::int64_t& reached)>;

constexpr std::size_t k_n = std::size_t{1} << 14;

std::vector<std::uint64_t> numbers() {
  std::vector<std::uint64_t> v(k_n);
  std::uint64_t x = 12345;
  for (auto& e : v) {
    x = x * 6364136223846793005ULL + 1442695040888963407ULL;
    e = (x >> 33) % 5000;  // duplicates
  }
  return v;
}

std::vector<std::string> words() {
  std::vector<std::string> v;
  v.reserve(k_n / 8);
  for (std::uint64_t x : numbers()) {
    if (v.size() == k_n / 8) {
      break;
    }
    v.push_back("a string longer than the small-string buffer " + std::to_string(x));
  }
  return v;
}

template <class T>
bool same_elements(std::vector<T> a, std::vector<T> b) {
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  return a == b;
}

/// An in-place reordering: right, or bad_alloc with a permutation of the input.
template <class T, class Parallel, class Sequential>
fault_case reordering(std::vector<T> (*input)(), Parallel parallel, Sequential sequential) {
  return [input, parallel, sequential](const policy_type& policy, std::int64_t k,
                                      std::int64_t& reached) -> std::string {
    const std::vector<T> original = input();
    std::vector<T> expected = original;
    sequential(expected);
    std::vector<T> data = original;
    const armed_outcome outcome = run_failing_at(k, [&] { parallel(policy, data); });
    reached = outcome.m_reached;
    if (outcome.m_threw) {
      return same_elements(data, original) ? "" : "bad_alloc left a range that is no permutation of its input";
    }
    return data == expected ? "" : "wrong result";
  };
}

/// A call that reads its inputs and writes a result: right, or bad_alloc with
/// the inputs unchanged.
template <class T, class Result, class Parallel, class Sequential>
fault_case producing(std::vector<T> (*input)(), Parallel parallel, Sequential sequential) {
  return [input, parallel, sequential](const policy_type& policy, std::int64_t k,
                                      std::int64_t& reached) -> std::string {
    const std::vector<T> original = input();
    const Result expected = sequential(original);
    std::vector<T> data = original;
    Result result{};
    const armed_outcome outcome = run_failing_at(k, [&] { result = parallel(policy, data); });
    reached = outcome.m_reached;
    if (data != original) {
      return "the input changed";
    }
    return outcome.m_threw || result == expected ? "" : "wrong result";
  };
}

using u64 = std::uint64_t;
using u64s = std::vector<u64>;
using strings = std::vector<std::string>;
const auto is_even = [](u64 x) { return x % 2 == 0; };

std::vector<std::pair<const char*, fault_case>> cases() {
  std::vector<std::pair<const char*, fault_case>> all;
  all.emplace_back("sort u64", reordering<u64>(
      numbers, [](const auto& p, u64s& v) { ws::sort(p, v.begin(), v.end()); },
      [](u64s& v) { std::sort(v.begin(), v.end()); }));
  all.emplace_back("sort u64 by a lambda", reordering<u64>(
      numbers, [](const auto& p, u64s& v) { ws::sort(p, v.begin(), v.end(), [](u64 a, u64 b) { return a > b; }); },
      [](u64s& v) { std::sort(v.begin(), v.end(), [](u64 a, u64 b) { return a > b; }); }));
  all.emplace_back("sort strings", reordering<std::string>(
      words, [](const auto& p, strings& v) { ws::sort(p, v.begin(), v.end()); },
      [](strings& v) { std::sort(v.begin(), v.end()); }));
  all.emplace_back("stable_sort u64", reordering<u64>(
      numbers, [](const auto& p, u64s& v) { ws::stable_sort(p, v.begin(), v.end()); },
      [](u64s& v) { std::stable_sort(v.begin(), v.end()); }));
  all.emplace_back("stable_sort strings", reordering<std::string>(
      words, [](const auto& p, strings& v) { ws::stable_sort(p, v.begin(), v.end()); },
      [](strings& v) { std::stable_sort(v.begin(), v.end()); }));
  all.emplace_back("partial_sort", reordering<u64>(
      numbers, [](const auto& p, u64s& v) { ws::partial_sort(p, v.begin(), v.begin() + 1000, v.end()); v.resize(1000); },
      [](u64s& v) { std::partial_sort(v.begin(), v.begin() + 1000, v.end()); v.resize(1000); }));
  all.emplace_back("nth_element", reordering<u64>(
      numbers, [](const auto& p, u64s& v) { ws::nth_element(p, v.begin(), v.begin() + 777, v.end()); v = {v[777]}; },
      [](u64s& v) { std::nth_element(v.begin(), v.begin() + 777, v.end()); v = {v[777]}; }));
  all.emplace_back("stable_partition", reordering<std::string>(
      words, [](const auto& p, strings& v) { ws::stable_partition(p, v.begin(), v.end(), [](const std::string& s) { return s.back() % 2 == 0; }); },
      [](strings& v) { std::stable_partition(v.begin(), v.end(), [](const std::string& s) { return s.back() % 2 == 0; }); }));
  all.emplace_back("inplace_merge", reordering<u64>(
      [] { u64s v = numbers(); std::sort(v.begin(), v.begin() + 5000); std::sort(v.begin() + 5000, v.end()); return v; },
      [](const auto& p, u64s& v) { ws::inplace_merge(p, v.begin(), v.begin() + 5000, v.end()); },
      [](u64s& v) { std::inplace_merge(v.begin(), v.begin() + 5000, v.end()); }));
  all.emplace_back("remove_if", reordering<std::string>(
      words, [](const auto& p, strings& v) { v.erase(ws::remove_if(p, v.begin(), v.end(), [](const std::string& s) { return s.back() == '7'; }), v.end()); },
      [](strings& v) { v.erase(std::remove_if(v.begin(), v.end(), [](const std::string& s) { return s.back() == '7'; }), v.end()); }));
  all.emplace_back("unique", reordering<u64>(
      [] { u64s v = numbers(); std::sort(v.begin(), v.end()); return v; },
      [](const auto& p, u64s& v) { v.erase(ws::unique(p, v.begin(), v.end()), v.end()); },
      [](u64s& v) { v.erase(std::unique(v.begin(), v.end()), v.end()); }));
  all.emplace_back("copy_if", producing<u64, u64s>(
      numbers, [](const auto& p, const u64s& v) { u64s out(v.size()); out.resize(static_cast<std::size_t>(ws::copy_if(p, v.begin(), v.end(), out.begin(), is_even) - out.begin())); return out; },
      [](const u64s& v) { u64s out; std::copy_if(v.begin(), v.end(), std::back_inserter(out), is_even); return out; }));
  all.emplace_back("inclusive_scan", producing<u64, u64s>(
      numbers, [](const auto& p, const u64s& v) { u64s out(v.size()); ws::inclusive_scan(p, v.begin(), v.end(), out.begin()); return out; },
      [](const u64s& v) { u64s out(v.size()); std::inclusive_scan(v.begin(), v.end(), out.begin()); return out; }));
  all.emplace_back("reduce", producing<u64, u64>(
      numbers, [](const auto& p, const u64s& v) { return ws::reduce(p, v.begin(), v.end()); },
      [](const u64s& v) { return std::reduce(v.begin(), v.end()); }));
  all.emplace_back("transform to strings", producing<u64, strings>(
      [] { u64s v = numbers(); v.resize(k_n / 8); return v; }, [](const auto& p, const u64s& v) { strings out(v.size()); ws::transform(p, v.begin(), v.end(), out.begin(), [](u64 x) { return std::string(40, static_cast<char>('a' + x % 26)); }); return out; },
      [](const u64s& v) { strings out(v.size()); std::transform(v.begin(), v.end(), out.begin(), [](u64 x) { return std::string(40, static_cast<char>('a' + x % 26)); }); return out; }));
  all.emplace_back("merge", producing<u64, u64s>(
      [] { u64s v = numbers(); std::sort(v.begin(), v.begin() + 5000); std::sort(v.begin() + 5000, v.end()); return v; },
      [](const auto& p, const u64s& v) { u64s out(v.size()); ws::merge(p, v.begin(), v.begin() + 5000, v.begin() + 5000, v.end(), out.begin()); return out; },
      [](const u64s& v) { u64s out(v.size()); std::merge(v.begin(), v.begin() + 5000, v.begin() + 5000, v.end(), out.begin()); return out; }));
  all.emplace_back("set_union", producing<u64, u64s>(
      [] { u64s v = numbers(); std::sort(v.begin(), v.begin() + 5000); std::sort(v.begin() + 5000, v.end()); return v; },
      [](const auto& p, const u64s& v) { u64s out(v.size()); out.resize(static_cast<std::size_t>(ws::set_union(p, v.begin(), v.begin() + 5000, v.begin() + 5000, v.end(), out.begin()) - out.begin())); return out; },
      [](const u64s& v) { u64s out; std::set_union(v.begin(), v.begin() + 5000, v.begin() + 5000, v.end(), std::back_inserter(out)); return out; }));
  all.emplace_back("uninitialized_copy of strings", producing<std::string, strings>(
      words, [](const auto& p, const strings& v) {
        std::allocator<std::string> allocator;
        std::string* raw = allocator.allocate(v.size());
        try {
          ws::uninitialized_copy(p, v.begin(), v.end(), raw);  // on a throw it destroys what it made
        } catch (...) {
          allocator.deallocate(raw, v.size());
          throw;
        }
        // The countdown still runs: the copy out may fail too.
        try {
          strings out(std::make_move_iterator(raw), std::make_move_iterator(raw + v.size()));
          std::destroy(raw, raw + v.size());
          allocator.deallocate(raw, v.size());
          return out;
        } catch (...) {
          std::destroy(raw, raw + v.size());
          allocator.deallocate(raw, v.size());
          throw;
        }
      },
      [](const strings& v) { return v; }));
  all.emplace_back("partition", reordering<u64>(
      numbers, [](const auto& p, u64s& v) { const auto mid = ws::partition(p, v.begin(), v.end(), is_even); std::sort(v.begin(), mid); std::sort(mid, v.end()); },
      [](u64s& v) { const auto mid = std::partition(v.begin(), v.end(), is_even); std::sort(v.begin(), mid); std::sort(mid, v.end()); }));
  all.emplace_back("rotate", reordering<u64>(
      numbers, [](const auto& p, u64s& v) { ws::rotate(p, v.begin(), v.begin() + 1234, v.end()); },
      [](u64s& v) { std::rotate(v.begin(), v.begin() + 1234, v.end()); }));
  all.emplace_back("for_each", reordering<u64>(
      numbers, [](const auto& p, u64s& v) { ws::for_each(p, v.begin(), v.end(), [](u64& x) { x = x * 3 + 1; }); },
      [](u64s& v) { std::for_each(v.begin(), v.end(), [](u64& x) { x = x * 3 + 1; }); }));
  all.emplace_back("find_if", producing<u64, std::ptrdiff_t>(
      numbers, [](const auto& p, const u64s& v) { return ws::find_if(p, v.begin(), v.end(), [](u64 x) { return x == 4999; }) - v.begin(); },
      [](const u64s& v) { return std::find_if(v.begin(), v.end(), [](u64 x) { return x == 4999; }) - v.begin(); }));
  all.emplace_back("exclusive_scan", producing<u64, u64s>(
      numbers, [](const auto& p, const u64s& v) { u64s out(v.size()); ws::exclusive_scan(p, v.begin(), v.end(), out.begin(), u64{7}); return out; },
      [](const u64s& v) { u64s out(v.size()); std::exclusive_scan(v.begin(), v.end(), out.begin(), u64{7}); return out; }));
  all.emplace_back("transform_reduce", producing<u64, u64>(
      numbers, [](const auto& p, const u64s& v) { return ws::transform_reduce(p, v.begin(), v.end(), u64{0}, std::plus<>(), [](u64 x) { return x * x; }); },
      [](const u64s& v) { return std::transform_reduce(v.begin(), v.end(), u64{0}, std::plus<>(), [](u64 x) { return x * x; }); }));
  all.emplace_back("unique_copy of strings", producing<std::string, strings>(
      [] { strings v = words(); std::sort(v.begin(), v.end()); return v; },
      [](const auto& p, const strings& v) { strings out(v.size()); out.erase(ws::unique_copy(p, v.begin(), v.end(), out.begin()), out.end()); return out; },
      [](const strings& v) { strings out; std::unique_copy(v.begin(), v.end(), std::back_inserter(out)); return out; }));
  all.emplace_back("partition_copy", producing<u64, u64s>(
      numbers, [](const auto& p, const u64s& v) { u64s yes(v.size()), no(v.size()); const auto ends = ws::partition_copy(p, v.begin(), v.end(), yes.begin(), no.begin(), is_even); yes.erase(ends.first, yes.end()); no.erase(ends.second, no.end()); yes.insert(yes.end(), no.begin(), no.end()); return yes; },
      [](const u64s& v) { u64s yes, no; std::partition_copy(v.begin(), v.end(), std::back_inserter(yes), std::back_inserter(no), is_even); yes.insert(yes.end(), no.begin(), no.end()); return yes; }));
  all.emplace_back("set_intersection", producing<u64, u64s>(
      [] { u64s v = numbers(); std::sort(v.begin(), v.begin() + 5000); std::sort(v.begin() + 5000, v.end()); return v; },
      [](const auto& p, const u64s& v) { u64s out(v.size()); out.resize(static_cast<std::size_t>(ws::set_intersection(p, v.begin(), v.begin() + 5000, v.begin() + 5000, v.end(), out.begin()) - out.begin())); return out; },
      [](const u64s& v) { u64s out; std::set_intersection(v.begin(), v.begin() + 5000, v.begin() + 5000, v.end(), std::back_inserter(out)); return out; }));
  all.emplace_back("adjacent_difference", producing<u64, u64s>(
      numbers, [](const auto& p, const u64s& v) { u64s out(v.size()); ws::adjacent_difference(p, v.begin(), v.end(), out.begin()); return out; },
      [](const u64s& v) { u64s out(v.size()); std::adjacent_difference(v.begin(), v.end(), out.begin()); return out; }));
  all.emplace_back("min_element", producing<u64, std::ptrdiff_t>(
      numbers, [](const auto& p, const u64s& v) { return ws::min_element(p, v.begin(), v.end()) - v.begin(); },
      [](const u64s& v) { return std::min_element(v.begin(), v.end()) - v.begin(); }));
  return all;
}

}  // namespace

TEST_CASE("a call whose k-th allocation fails returns the right result or throws bad_alloc with its range a permutation, for every k" *
          doctest::timeout(600)) {
  ws::detail::set_scratch_gate(&refuse_scratch);
  std::size_t points = 0;
  std::size_t threw = 0;
  constexpr std::array<std::size_t, 3> k_pools{1, 2, 4};
  for (const std::size_t threads : k_pools) {
    CAPTURE(threads);
    ws::thread_pool pool(ws_test::pool_options(threads));
    const auto policy = ws::par.on(pool);
    std::string reached_by;
    for (const auto& [name, run] : cases()) {
      const std::string case_name = name;
      CAPTURE(case_name);
      std::int64_t reached = 0;
      REQUIRE(run(policy, k_counting, reached) == "");
      // Every allocation point the call reached, and one more (the count
      // may differ from run to run on several threads).
      for (std::int64_t k = 0; k <= reached; ++k) {
        CAPTURE(k);
        std::int64_t ignored = 0;
        CHECK(run(policy, k, ignored) == "");
        ++points;
        threw += g_threw.exchange(false) ? 1 : 0;
      }
      reached_by += case_name + " " + std::to_string(reached) + ", ";
    }
    CHECK(pool.install([] { return ws_test::fib_by_join(15); }) == 610);
    MESSAGE("allocations reached on " << threads << " threads: " << reached_by);
  }
  ws::detail::set_scratch_gate(nullptr);
  MESSAGE("allocation points tried: " << points << ", of which " << threw << " threw bad_alloc");
  CHECK(threw > 0);  // failures reached callers: the sweep tried something
}
