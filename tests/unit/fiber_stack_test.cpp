// SPDX-License-Identifier: MIT
// Fiber stacks: page-rounded, writable stacks reused from the cache, regions, concurrent
// use, Boost fibers on pool stacks, and (in forked children) the overflow reporter.
#include <doctest/doctest.h>
#include <signal.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <mutex>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "pstl_ws/detail/runtime/fiber_context.hpp"
#include "pstl_ws/detail/runtime/fiber_stack.hpp"
#include "child_process.hpp"
#include "test_support.hpp"

namespace {

using ws::detail::fiber_context;
using ws::detail::fiber_stack;
using ws::detail::stack_pool;

constexpr std::size_t k_min = stack_pool::k_min_stack_size;
constexpr const char* k_overflow_message = "pstl_ws: fiber stack overflow (stack of ";

const std::size_t k_page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));

// The lowest and one past the highest usable byte.
std::byte* high_end(const fiber_stack& stack) { return static_cast<std::byte*>(stack.m_base); }
std::byte* low_end(const fiber_stack& stack) { return high_end(stack) - stack.m_size; }

// How many stacks one region holds: what a fresh pool maps on its first allocate.
std::size_t stacks_per_region(stack_pool& pool) {
  const fiber_stack stack = pool.allocate();
  const std::size_t mapped = pool.stacks_mapped();
  pool.deallocate(stack);
  return mapped;
}

// Recurses `limit` levels, a quarter KiB of frame each; returns the depth reached. The
// volatile frame and the work after the call keep it a real recursion at any -O level.
std::size_t recurse(std::size_t depth, std::size_t limit) {
  volatile char frame[256];
  frame[0] = static_cast<char>(depth);
  if (depth >= limit) {
    return depth;
  }
  return recurse(depth + 1, limit) + static_cast<std::size_t>(frame[0] - frame[0]);
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// The context a test fiber switches back to (entry functions take no captures).
fiber_context* g_back = nullptr;

// Installs the reporter, then runs a fiber on a pool stack of the minimum size that
// recurses without end.
void overflow_a_fiber() {
  ws::detail::install_overflow_reporter();
  stack_pool pool(k_min);
  fiber_context origin;
  g_back = &origin;
  fiber_context f(pool, [](fiber_context&) noexcept -> fiber_context& {
    volatile std::size_t limit = SIZE_MAX;
    recurse(0, limit);
    return *g_back;
  });
  fiber_context::switch_to(origin, f, [] {});
}

// Faults on a store through a null pointer. UBSan would report the store and exit
// before the fault, so the check is off here: the test is about the signal.
__attribute__((no_sanitize("undefined"))) void write_through_null() {
  volatile char* volatile null = nullptr;
  *null = 1;
}

// A PROT_NONE page of our own, outside every stack_pool, mapped on the first call.
volatile char* protected_page() {
  static void* const page = ::mmap(nullptr, k_page, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  return static_cast<volatile char*>(page);
}

// Faults on a store to protected_page(): the same kind of fault as a guard page hit, at
// an address the reporter must not claim.
void write_to_protected_page() { *protected_page() = 1; }

// For a signal handler: writes text to stderr and exits with 42.
[[noreturn]] void say_and_exit(const char* text) {
  [[maybe_unused]] const ssize_t written = ::write(STDERR_FILENO, text, std::strlen(text));
  ::_exit(42);
}

}  // namespace

TEST_CASE("stack_pool: sizes round up to whole pages and every usable byte is writable" *
          doctest::timeout(10)) {
  CHECK(stack_pool(k_min).stack_size() == k_min);
  CHECK(stack_pool(k_min + 1).stack_size() == k_min + k_page);
  stack_pool pool(k_min + 3 * k_page - 7);
  CHECK(pool.stack_size() == k_min + 3 * k_page);
  const fiber_stack stack = pool.allocate();
  CHECK(stack.m_size == pool.stack_size());
  CHECK(reinterpret_cast<std::uintptr_t>(stack.m_base) % k_page == 0);
  std::memset(low_end(stack), 0x5a, stack.m_size);
  CHECK(low_end(stack)[0] == std::byte{0x5a});
  CHECK(high_end(stack)[-1] == std::byte{0x5a});
  pool.deallocate(stack);
  CHECK(pool.stacks_in_use() == 0);
}

TEST_CASE("stack_pool: a returned stack comes back from the cache without a new mapping" *
          doctest::timeout(10)) {
  stack_pool pool(k_min);
  CHECK(pool.stacks_mapped() == 0);
  const fiber_stack first = pool.allocate();
  const std::size_t mapped = pool.stacks_mapped();
  CHECK(mapped > 1);  // a region holds several stacks
  pool.deallocate(first);
  const fiber_stack again = pool.allocate();
  CHECK(again.m_base == first.m_base);
  CHECK(pool.stacks_mapped() == mapped);
  std::vector<fiber_stack> held{again};
  while (held.size() < mapped) {
    held.push_back(pool.allocate());
  }
  CHECK(pool.stacks_mapped() == mapped);  // the whole first region, then the next one
  held.push_back(pool.allocate());
  CHECK(pool.stacks_mapped() == 2 * mapped);
  for (const fiber_stack& stack : held) {
    pool.deallocate(stack);
  }
  CHECK(pool.stacks_in_use() == 0);
}

TEST_CASE("stack_pool: many stacks span several regions and none overlaps another or its guard" *
          doctest::timeout(20)) {
  stack_pool pool(k_min);
  const std::size_t per_region = stacks_per_region(pool);
  std::vector<fiber_stack> stacks(3 * per_region + 1);
  for (std::size_t i = 0; i < stacks.size(); ++i) {  // write both ends of every stack first
    stacks[i] = pool.allocate();
    low_end(stacks[i])[0] = high_end(stacks[i])[-1] = static_cast<std::byte>(i);
  }
  CHECK(pool.stacks_mapped() == 4 * per_region);
  CHECK(pool.stacks_in_use() == stacks.size());
  std::size_t intact = 0;
  for (std::size_t i = 0; i < stacks.size(); ++i) {
    const auto tag = static_cast<std::byte>(i);
    intact += low_end(stacks[i])[0] == tag && high_end(stacks[i])[-1] == tag;
  }
  CHECK(intact == stacks.size());
  std::sort(stacks.begin(), stacks.end(),
            [](const fiber_stack& a, const fiber_stack& b) { return a.m_base < b.m_base; });
  for (std::size_t i = 1; i < stacks.size(); ++i) {
    CHECK(low_end(stacks[i]) - k_page >= high_end(stacks[i - 1]));
  }
  for (const fiber_stack& stack : stacks) {
    pool.deallocate(stack);
  }
  CHECK(pool.stacks_in_use() == 0);
  CHECK(pool.stacks_mapped() == 4 * per_region);
}

TEST_CASE("stack_pool: four threads allocate and free concurrently, each freeing another's stacks" *
          doctest::timeout(60)) {
  constexpr std::size_t k_threads = 4;
  constexpr std::size_t k_rounds = PSTL_WS_TSAN ? 300 : 2'000;
  stack_pool pool(k_min);
  std::mutex check_mutex;
  std::set<void*> handed_out;  // every stack held now: one handed out twice is a bug
  std::atomic<std::size_t> errors{0};
  std::vector<std::vector<fiber_stack>> inbox(k_threads);  // guarded by check_mutex
  ws_test::run_on_threads(k_threads, [&](std::size_t me) {
    for (std::size_t round = 0; round < k_rounds; ++round) {
      const fiber_stack stack = pool.allocate();
      static_cast<std::size_t*>(stack.m_base)[-1] = me;  // the stack is ours: write to it
      std::vector<fiber_stack> mine;
      {
        const std::lock_guard lock(check_mutex);
        errors += handed_out.insert(stack.m_base).second ? 0 : 1;
        inbox[(me + 1) % k_threads].push_back(stack);
        mine.swap(inbox[me]);
        for (const fiber_stack& received : mine) {
          errors += handed_out.erase(received.m_base) == 1 ? 0 : 1;
        }
      }
      for (const fiber_stack& received : mine) {
        const std::size_t sender = (me + k_threads - 1) % k_threads;
        errors += static_cast<std::size_t*>(received.m_base)[-1] == sender ? 0 : 1;
        pool.deallocate(received);
      }
    }
  });
  CHECK(errors.load() == 0);
  for (const auto& stacks : inbox) {  // the last round's stacks, never received
    for (const fiber_stack& stack : stacks) {
      pool.deallocate(stack);
    }
  }
  CHECK(pool.stacks_in_use() == 0);
  // Every stack mapped is in the cache again: taking them all maps nothing new.
  const std::size_t mapped = pool.stacks_mapped();
  std::vector<fiber_stack> all(mapped);
  for (fiber_stack& stack : all) {
    stack = pool.allocate();
  }
  CHECK(pool.stacks_mapped() == mapped);
  for (const fiber_stack& stack : all) {
    pool.deallocate(stack);
  }
}

TEST_CASE("stack_pool: a size below the minimum or absurdly large is rejected by name" *
          doctest::timeout(10)) {
  CHECK_THROWS_WITH_AS(stack_pool(1000), doctest::Contains("1000"), std::invalid_argument);
  CHECK_THROWS_WITH_AS(stack_pool(k_min - 1), doctest::Contains("65535"), std::invalid_argument);
  const std::string huge = std::to_string(SIZE_MAX);
  CHECK_THROWS_WITH_AS(stack_pool(SIZE_MAX), doctest::Contains(huge.c_str()), std::invalid_argument);
  CHECK_NOTHROW(stack_pool{k_min});
}

TEST_CASE("fiber_context: a fiber runs on a pool stack, switches back and forth, recurses, ends, frees it" *
          doctest::timeout(10)) {
  stack_pool pool(k_min);
  const fiber_stack expected = pool.allocate();  // the cache is LIFO: the fiber gets this one
  pool.deallocate(expected);
  static std::uintptr_t frame_address = 0;
  static std::size_t depth = 0;
  fiber_context origin;
  g_back = &origin;
  {
    fiber_context f(pool, [](fiber_context& self) noexcept -> fiber_context& {
      // The frame, not a local's address: ASan's detect_stack_use_after_return moves locals.
      frame_address = reinterpret_cast<std::uintptr_t>(__builtin_frame_address(0));
      fiber_context::switch_to(self, *g_back, [] {});
      depth = recurse(0, 40);  // 10 KiB of frames
      return *g_back;
    });
    CHECK(pool.stacks_in_use() == 1);
    bool published = false;
    fiber_context::switch_to(origin, f, [&] { published = true; });  // runs to its switch back
    CHECK(published);
    CHECK(frame_address >= reinterpret_cast<std::uintptr_t>(low_end(expected)));
    CHECK(frame_address < reinterpret_cast<std::uintptr_t>(expected.m_base));
    CHECK(depth == 0);
    fiber_context::switch_to(origin, f, [] {});  // runs to its end
    CHECK(depth == 40);
  }
  CHECK(pool.stacks_in_use() == 0);
}

TEST_CASE("overflow reporter: a fiber that recurses without end dies with SIGSEGV and names it" *
          doctest::timeout(30)) {
  for (const bool on_new_thread : {false, true}) {
    CAPTURE(on_new_thread);
    const ws_test::child_result end = ws_test::run_in_child([on_new_thread](const ws_test::reporter&) {
      if (on_new_thread) {
        std::thread(overflow_a_fiber).join();
      } else {
        overflow_a_fiber();
      }
    });
    CHECK(end.m_signal == SIGSEGV);
    CHECK(contains(end.m_stderr, k_overflow_message + std::to_string(k_min) + " bytes at 0x"));
  }
}

TEST_CASE("overflow reporter: a write to a guard page in a later region names that stack" *
          doctest::timeout(30)) {
  const ws_test::child_result end = ws_test::run_in_child([](const ws_test::reporter&) {
    ws::detail::install_overflow_reporter();
    stack_pool pool(k_min);
    const std::size_t per_region = stacks_per_region(pool);
    std::vector<fiber_stack> stacks(per_region + 1);
    for (fiber_stack& stack : stacks) {
      stack = pool.allocate();
    }
    std::fprintf(stderr, "expect %p\n", static_cast<void*>(low_end(stacks.back())));
    std::fflush(stderr);
    *reinterpret_cast<volatile char*>(low_end(stacks.back()) - 1) = 1;
  });
  CHECK(end.m_signal == SIGSEGV);
  const std::size_t at = end.m_stderr.find("expect ");
  REQUIRE(at != std::string::npos);
  const std::string address = end.m_stderr.substr(at + 7, end.m_stderr.find('\n', at) - at - 7);
  const std::string line = k_overflow_message + std::to_string(k_min) + " bytes at " + address;
  CHECK(contains(end.m_stderr, line + ";"));
}

TEST_CASE("overflow reporter: a fault outside every guard page still dies with SIGSEGV, silently" *
          doctest::timeout(30)) {
  for (void (*const fault)() : {write_through_null, write_to_protected_page}) {
    const ws_test::child_result end = ws_test::run_in_child([fault](const ws_test::reporter&) {
      ws::detail::install_overflow_reporter();
      stack_pool pool(k_min);
      const fiber_stack stack = pool.allocate();  // a live region the handler checks first
      low_end(stack)[0] = std::byte{1};
      fault();
    });
    CHECK(end.m_signal == SIGSEGV);
    CHECK_FALSE(contains(end.m_stderr, k_overflow_message));
  }
}

TEST_CASE("overflow reporter: a fault outside every guard page goes to the previous handler" *
          doctest::timeout(30)) {
  for (const bool with_siginfo : {false, true}) {
    const ws_test::child_result end = ws_test::run_in_child([with_siginfo](const ws_test::reporter&) {
      struct sigaction previous {};
      if (with_siginfo) {  // must get the fault's siginfo
        previous.sa_flags = SA_SIGINFO;
        previous.sa_sigaction = [](int, siginfo_t* info, void*) {
          say_and_exit(info->si_addr == protected_page() ? "previous (siginfo) ran\n" : "wrong\n");
        };
      } else {
        previous.sa_handler = [](int) { say_and_exit("previous ran\n"); };
      }
      sigemptyset(&previous.sa_mask);
      ::sigaction(SIGSEGV, &previous, nullptr);
      ws::detail::install_overflow_reporter();
      write_to_protected_page();
    });
    CHECK(end.m_exit_code == 42);
    CHECK(end.m_stderr == (with_siginfo ? "previous (siginfo) ran\n" : "previous ran\n"));
  }
}

TEST_CASE("overflow reporter: each thread gets its own alternate signal stack, kept after" *
          doctest::timeout(30)) {
  const ws_test::child_result end = ws_test::run_in_child([](const ws_test::reporter&) {
    const auto current = [] {  // this thread's alternate signal stack, or nullptr
      stack_t stack{};
      ::sigaltstack(nullptr, &stack);
      return (stack.ss_flags & SS_DISABLE) == 0 ? stack.ss_sp : nullptr;
    };
    ws::detail::install_overflow_reporter();
    void* const main_stack = current();
    ws::detail::install_overflow_reporter();
    void* other_stack = nullptr;
    std::thread([&] {
      ws::detail::install_overflow_reporter();
      other_stack = current();
    }).join();
    const bool ok = main_stack != nullptr && current() == main_stack && other_stack != nullptr &&
                    other_stack != main_stack;
    std::fputs(ok ? "ok\n" : "wrong\n", stderr);
  });
  CHECK(end.m_exit_code == 0);
  CHECK(end.m_stderr == "ok\n");
}
