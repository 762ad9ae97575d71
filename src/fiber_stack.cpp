// SPDX-License-Identifier: MIT
// stack_pool on Linux mmap/mprotect, and the SIGSEGV/SIGBUS overflow reporter that reads
// the pools' regions from a lock-free table. See include/pstl_ws/detail/runtime/fiber_stack.hpp.
#include "pstl_ws/detail/runtime/fiber_stack.hpp"

#include <pthread.h>
#include <signal.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>  // for std::clamp, std::any_of
#include <array>
#include <atomic>
#include <cerrno>
#include <cstdint>
#include <new>  // for std::bad_alloc
#include <stdexcept>  // for std::invalid_argument
#include <string>
#include <system_error>  // for std::system_error, std::system_category

#include "pstl_ws/detail/config.hpp"

namespace ws::detail {
namespace {

constexpr std::size_t k_max_stack_size = std::size_t{1} << 30;  // 1 GiB: surely a mistake
constexpr std::size_t k_region_bytes = 4 * 1024 * 1024;         // target size of one mapping
constexpr std::size_t k_min_stacks_per_region = 4;
constexpr std::size_t k_max_stacks_per_region = 64;
constexpr std::size_t k_table_size = 1024;  // regions the reporter knows, all pools together
constexpr std::size_t k_unregistered = k_table_size;
constexpr std::size_t k_signal_stack_size = 64 * 1024;

static_assert(std::atomic<std::uint64_t>::is_always_lock_free &&
                  std::atomic<std::uintptr_t>::is_always_lock_free,
              "the signal handler reads the region table without locks");

// One region as the signal handler sees it: a seqlock. Writers hold g_table_writers;
// the handler reads without locks and ignores an entry whose version moved meanwhile
// (an entry being rewritten cannot describe the region of a stack that is running).
struct table_entry {
  std::atomic<std::uint64_t> m_version{0};  // odd while a writer is inside
  std::atomic<std::uintptr_t> m_begin{0};   // 0: the entry is free
  std::atomic<std::size_t> m_bytes{0};
  std::atomic<std::size_t> m_slot_bytes{0};   // guard page + usable stack
  std::atomic<std::size_t> m_guard_bytes{0};  // one page
};

std::array<table_entry, k_table_size> g_table;
std::mutex g_table_writers;

// Rewrites one entry (g_table_writers held). begin == 0 frees it.
void publish(table_entry& entry, std::uintptr_t begin, std::size_t bytes, std::size_t slot_bytes,
             std::size_t guard_bytes) noexcept {
  // relaxed: only writers store m_version, and they hold g_table_writers.
  const std::uint64_t version = entry.m_version.load(std::memory_order_relaxed);
  // relaxed: the release field stores below keep it before them.
  entry.m_version.store(version + 1, std::memory_order_relaxed);
  // release (the four fields): pairs with the acquire field loads in find_guard, so a
  // reader that sees one new field then sees the odd version (no fences: TSan-clean).
  entry.m_begin.store(begin, std::memory_order_release);
  entry.m_bytes.store(bytes, std::memory_order_release);
  entry.m_slot_bytes.store(slot_bytes, std::memory_order_release);
  entry.m_guard_bytes.store(guard_bytes, std::memory_order_release);
  // release: pairs with the acquire load of m_version in find_guard.
  entry.m_version.store(version + 2, std::memory_order_release);
}

// A fork while another thread holds g_table_writers would leave it locked for
// good in the child, whose own pools register regions too: every fork takes it
// first (the prepare handler runs in the parent, where its holder goes on) and
// both processes release it (docs/fork.md). Registered during static
// initialization, before any thread of a pool exists (and so before any fork
// could leave this static's guard taken in a child); a stack_pool made by a
// static initializer that runs first registers it itself.
void hold_table_across_forks() noexcept {
  [[maybe_unused]] static const bool s_registered = [] {
    const auto lock = [] { g_table_writers.lock(); };
    const auto unlock = [] { g_table_writers.unlock(); };
    if (::pthread_atfork(lock, unlock, unlock) != 0) {
      fatal("pthread_atfork failed: a forked child could find the fiber stack table locked");
    }
    return true;
  }();
}
[[maybe_unused]] const bool g_table_held_across_forks = (hold_table_across_forks(), true);

// Claims a free entry for a region; k_unregistered when the table is full (overflows in
// that region are then plain SIGSEGVs).
std::size_t register_region(const void* begin, std::size_t bytes, std::size_t slot_bytes,
                            std::size_t guard_bytes) {
  const std::lock_guard lock(g_table_writers);
  for (std::size_t i = 0; i < k_table_size; ++i) {
    // relaxed: only writers store m_begin, and they hold g_table_writers.
    if (g_table[i].m_begin.load(std::memory_order_relaxed) == 0) {
      publish(g_table[i], reinterpret_cast<std::uintptr_t>(begin), bytes, slot_bytes, guard_bytes);
      return i;
    }
  }
  return k_unregistered;
}

void unregister_region(std::size_t index) {
  if (index != k_unregistered) {
    const std::lock_guard lock(g_table_writers);
    publish(g_table[index], 0, 0, 0, 0);
  }
}

// A guard page hit: the usable range of the stack whose guard it is.
struct guard_hit {
  std::uintptr_t m_low = 0;
  std::size_t m_size = 0;
};

// Async-signal-safe: atomics only. Whether `address` lies in a guard page of a live region.
bool find_guard(std::uintptr_t address, guard_hit& hit) noexcept {
  for (const table_entry& entry : g_table) {
    // acquire: pairs with the release store of m_version in publish.
    const std::uint64_t version = entry.m_version.load(std::memory_order_acquire);
    // acquire (the four fields): pairs with the release field stores in publish; keeps
    // the version re-read below after them, so a torn read is detected.
    const std::uintptr_t begin = entry.m_begin.load(std::memory_order_acquire);
    const std::size_t bytes = entry.m_bytes.load(std::memory_order_acquire);
    const std::size_t slot = entry.m_slot_bytes.load(std::memory_order_acquire);
    const std::size_t guard = entry.m_guard_bytes.load(std::memory_order_acquire);
    // relaxed: the acquire loads above keep it after them.
    const bool stable =
        version % 2 == 0 && entry.m_version.load(std::memory_order_relaxed) == version;
    if (!stable || begin == 0 || address < begin || address - begin >= bytes) {
      continue;
    }
    const std::uintptr_t slot_begin = address - (address - begin) % slot;
    if (address - slot_begin < guard) {
      hit = {slot_begin + guard, slot - guard};
      return true;
    }
  }
  return false;
}

// Appends `value` in base `radix` (10 or 16) at `out`; returns the end. Async-signal-safe.
char* format_number(char* out, std::uintptr_t value, unsigned radix) noexcept {
  char digits[32];
  std::size_t count = 0;
  do {
    digits[count++] = "0123456789abcdef"[value % radix];
    value /= radix;
  } while (value != 0);
  while (count > 0) {
    *out++ = digits[--count];
  }
  return out;
}

char* append(char* out, const char* text) noexcept {
  while (*text != '\0') {
    *out++ = *text++;
  }
  return out;
}

// Writes the overflow line to stderr with write(2) only.
void report_overflow(const guard_hit& hit) noexcept {
  char line[256];
  char* end = append(line, "pstl_ws: fiber stack overflow (stack of ");
  end = format_number(end, hit.m_size, 10);
  end = append(end, " bytes at 0x");
  end = format_number(end, hit.m_low, 16);
  end = append(end, "; raise ws::pool_options::fiber_stack_size)\n");
  for (const char* next = line; next < end;) {
    const ssize_t written = ::write(STDERR_FILENO, next, static_cast<std::size_t>(end - next));
    if (written > 0) {
      next += written;
    } else if (written < 0 && errno != EINTR) {
      return;
    }
  }
}

constexpr std::array<int, 2> k_fault_signals{SIGSEGV, SIGBUS};
// The actions in place before ours, by index in k_fault_signals. Written once, before our
// handler is installed; the sigaction system call orders that before any delivery to it.
std::array<struct sigaction, 2> g_previous{};

// Sets the default action: returning from the handler re-executes the faulting access,
// which then kills the process with `signal` as if no handler had been installed.
void reset_to_default(int signal) noexcept {
  struct sigaction action {};
  action.sa_handler = SIG_DFL;
  sigemptyset(&action.sa_mask);
  ::sigaction(signal, &action, nullptr);
}

void on_fault(int signal, siginfo_t* info, void* context) {
  const int saved_errno = errno;
  guard_hit hit;
  if (find_guard(reinterpret_cast<std::uintptr_t>(info->si_addr), hit)) {
    report_overflow(hit);
    reset_to_default(signal);
  } else {
    const struct sigaction& previous = g_previous[signal == SIGSEGV ? 0 : 1];
    if ((previous.sa_flags & SA_SIGINFO) != 0) {
      previous.sa_sigaction(signal, info, context);
    } else if (previous.sa_handler != SIG_DFL && previous.sa_handler != SIG_IGN) {
      previous.sa_handler(signal);
    } else {
      reset_to_default(signal);  // a synchronous fault cannot be ignored
    }
  }
  errno = saved_errno;
}

int g_install_error = 0;  // errno of a failed sigaction; written inside install_handlers' once

void install_handlers() noexcept {
  struct sigaction action {};
  action.sa_sigaction = on_fault;
  action.sa_flags = SA_SIGINFO | SA_ONSTACK;
  sigemptyset(&action.sa_mask);
  for (std::size_t i = 0; i < k_fault_signals.size(); ++i) {
    struct sigaction current {};
    if (::sigaction(k_fault_signals[i], nullptr, &current) != 0) {
      g_install_error = errno;
      return;
    }
    if ((current.sa_flags & SA_SIGINFO) != 0 && current.sa_sigaction == on_fault) {
      continue;  // ours already: this once was restarted in a forked child
    }
    g_previous[i] = current;
    if (::sigaction(k_fault_signals[i], &action, nullptr) != 0) {
      g_install_error = errno;
      return;
    }
  }
}

// This thread's alternate signal stack, for the handler to run on when the fiber stack
// is exhausted. Unmapped at thread exit; a thread that already has one keeps its own.
class signal_stack {
 public:
  signal_stack() {
    stack_t current{};
    if (::sigaltstack(nullptr, &current) == 0 && (current.ss_flags & SS_DISABLE) == 0) {
      return;
    }
    m_memory = ::mmap(nullptr, k_signal_stack_size, PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0);
    if (m_memory == MAP_FAILED) {
      throw std::system_error(errno, std::system_category(), "pstl_ws: signal stack mmap");
    }
    const stack_t ours{m_memory, 0, k_signal_stack_size};
    if (::sigaltstack(&ours, nullptr) != 0) {
      const int error = errno;
      ::munmap(m_memory, k_signal_stack_size);
      throw std::system_error(error, std::system_category(), "pstl_ws: sigaltstack");
    }
  }

  ~signal_stack() {
    if (m_memory == nullptr) {
      return;
    }
    stack_t current{};
    if (::sigaltstack(nullptr, &current) == 0 && current.ss_sp == m_memory) {
      const stack_t disabled{nullptr, SS_DISABLE, 0};
      ::sigaltstack(&disabled, nullptr);
    }
    ::munmap(m_memory, k_signal_stack_size);
  }

  signal_stack(const signal_stack&) = delete;
  signal_stack& operator=(const signal_stack&) = delete;

 private:
  void* m_memory = nullptr;
};

}  // namespace

void install_overflow_reporter() {
  // pthread_once, not a function-local static: the first park pool's workers
  // get here together, and glibc restarts a pthread_once that a fork caught
  // running in another thread, where a static's guard would stay taken in the
  // child for good (docs/fork.md).
  static pthread_once_t s_once = PTHREAD_ONCE_INIT;
  ::pthread_once(&s_once, &install_handlers);
  if (g_install_error != 0) {
    throw std::system_error(g_install_error, std::system_category(), "pstl_ws: sigaction");
  }
  [[maybe_unused]] thread_local const signal_stack stack;
}

stack_pool::stack_pool(std::size_t stack_size)
    : m_page_size(static_cast<std::size_t>(::sysconf(_SC_PAGESIZE))),
      m_stack_size((stack_size + m_page_size - 1) / m_page_size * m_page_size),
      m_stacks_per_region(std::clamp(k_region_bytes / (m_page_size + m_stack_size),
                                     k_min_stacks_per_region, k_max_stacks_per_region)) {
  if (stack_size < k_min_stack_size || stack_size > k_max_stack_size) {
    throw std::invalid_argument("pstl_ws: a fiber stack size of " + std::to_string(stack_size) +
                                " bytes is outside [" + std::to_string(k_min_stack_size) + ", " +
                                std::to_string(k_max_stack_size) + "]");
  }
  hold_table_across_forks();
}

stack_pool::~stack_pool() {
  PSTL_WS_ASSERT(m_in_use == 0);
  for (const region& mapped : m_regions) {
    unregister_region(mapped.m_table_slot);
    ::munmap(mapped.m_begin, mapped.m_bytes);
  }
}

void stack_pool::map_region() {
  const std::size_t slot = m_page_size + m_stack_size;
  const std::size_t bytes = slot * m_stacks_per_region;
  // Reserve first, so that nothing after the mmap allocates.
  m_regions.reserve(m_regions.size() + 1);
  m_free.reserve((m_regions.size() + 1) * m_stacks_per_region);  // deallocate never grows it
  void* const memory = ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE,
                              MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0);
  if (memory == MAP_FAILED) {
    throw std::bad_alloc();
  }
  auto* const begin = static_cast<std::byte*>(memory);
  for (std::size_t i = 0; i < m_stacks_per_region; ++i) {
    // Fails with ENOMEM once the process reaches vm.max_map_count.
    if (::mprotect(begin + i * slot, m_page_size, PROT_NONE) != 0) {
      ::munmap(memory, bytes);
      throw std::bad_alloc();
    }
  }
  m_regions.push_back({memory, bytes, register_region(memory, bytes, slot, m_page_size)});
  for (std::size_t i = m_stacks_per_region; i > 0; --i) {
    m_free.push_back(begin + i * slot);  // the lowest stack ends on top: handed out first
  }
}

bool stack_pool::owns(const fiber_stack& stack) const noexcept {
  const auto base = reinterpret_cast<std::uintptr_t>(stack.m_base);
  const std::size_t slot = m_page_size + m_stack_size;
  return stack.m_size == m_stack_size &&
         std::any_of(m_regions.begin(), m_regions.end(), [&](const region& mapped) {
           const auto begin = reinterpret_cast<std::uintptr_t>(mapped.m_begin);
           return base > begin && base <= begin + mapped.m_bytes && (base - begin) % slot == 0;
         });
}

fiber_stack stack_pool::allocate() {
  const std::lock_guard lock(m_mutex);
  if (m_free.empty()) {
    map_region();  // rare: system calls under the mutex, once per region
  }
  void* const base = m_free.back();
  m_free.pop_back();
  ++m_in_use;
  return {base, m_stack_size};
}

void stack_pool::deallocate(fiber_stack stack) noexcept {
  const std::lock_guard lock(m_mutex);
  PSTL_WS_ASSERT(m_in_use > 0 && owns(stack));
  m_free.push_back(stack.m_base);  // within capacity: no allocation
  --m_in_use;
}

std::size_t stack_pool::stack_size() const noexcept { return m_stack_size; }

std::size_t stack_pool::stacks_in_use() const noexcept {
  const std::lock_guard lock(m_mutex);
  return m_in_use;
}

std::size_t stack_pool::stacks_mapped() const noexcept {
  const std::lock_guard lock(m_mutex);
  return m_regions.size() * m_stacks_per_region;
}

}  // namespace ws::detail
