// SPDX-License-Identifier: MIT
#include "harness/peak_memory.hpp"

#include <malloc.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <string_view>

namespace harness {
namespace {

constexpr const char* k_clear_refs = "/proc/self/clear_refs";
constexpr const char* k_status = "/proc/self/status";
constexpr const char* k_reset_peak = "5";  // clear_refs: reset VmHWM to VmRSS
constexpr double k_kib_per_mib = 1024.0;

/// The value in KiB of the line "<field>:   <n> kB" of /proc/self/status.
std::optional<std::size_t> status_kib(std::string_view field) {
  std::FILE* file = std::fopen(k_status, "r");
  if (file == nullptr) {
    return std::nullopt;
  }
  std::optional<std::size_t> value;
  std::array<char, 256> line{};
  while (!value && std::fgets(line.data(), static_cast<int>(line.size()), file) != nullptr) {
    const std::string_view text(line.data());
    unsigned long long kib = 0;
    if (text.substr(0, field.size()) == field && text.size() > field.size() && text[field.size()] == ':' &&
        std::sscanf(line.data() + field.size() + 1, "%llu kB", &kib) == 1) {
      value = static_cast<std::size_t>(kib);
    }
  }
  std::fclose(file);
  return value;
}

bool reset_peak() {
  std::FILE* file = std::fopen(k_clear_refs, "w");
  if (file == nullptr) {
    return false;
  }
  const bool written = std::fputs(k_reset_peak, file) >= 0;
  return std::fclose(file) == 0 && written;  // the write reaches the kernel at the latest in fclose
}

}  // namespace

peak_memory_window::peak_memory_window() {
  if (reset_peak()) {
    m_start_kib = status_kib("VmRSS");
  }
}

std::optional<double> peak_memory_window::extra_mib() const {
  const std::optional<std::size_t> peak_kib = m_start_kib ? status_kib("VmHWM") : std::nullopt;
  if (!peak_kib) {
    return std::nullopt;
  }
  return static_cast<double>(std::max(*peak_kib, *m_start_kib) - *m_start_kib) / k_kib_per_mib;
}

void trim_heap() noexcept { malloc_trim(0); }

void warm_free_memory(std::size_t bytes) noexcept {
  if (bytes == 0) {
    return;
  }
  void* const block = ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (block == MAP_FAILED) {
    return;  // then the call finds whatever memory there is
  }
  const auto page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
  auto* const bytes_at = static_cast<volatile char*>(block);
  for (std::size_t at = 0; at < bytes; at += page) {
    bytes_at[at] = 1;
  }
  ::munmap(block, bytes);
}

}  // namespace harness
