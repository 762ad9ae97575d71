// SPDX-License-Identifier: MIT
// cpu_quota_limit: finds this process's cgroup and its mount, then walks from
// the mount point down to the cgroup's directory reading the CPU quota of each.
#include "pstl_ws/detail/runtime/cpu_quota.hpp"

#include <algorithm>  // for std::find, std::min, std::all_of
#include <charconv>
#include <cstdint>
#include <fstream>
#include <iterator>  // for std::istreambuf_iterator
#include <limits>  // for std::numeric_limits
#include <string>
#include <string_view>
#include <system_error>  // for std::errc
#include <vector>

namespace ws::detail {

namespace {

namespace fs = std::filesystem;

// Where the process's cgroup lies: its path in the hierarchy (absolute, as
// /proc/self/cgroup writes it) and whether that hierarchy is cgroup v1.
struct cgroup_location {
  bool m_v1 = false;
  std::string m_path;
};

// The text of `file`; std::nullopt when it cannot be opened or read.
std::optional<std::string> read_text(const fs::path& file) {
  std::ifstream in(file);
  if (!in) {
    return std::nullopt;
  }
  std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  if (in.bad()) {
    return std::nullopt;
  }
  return text;
}

// The pieces of `text` between the separators `separators`, empty ones dropped.
std::vector<std::string_view> split(std::string_view text, std::string_view separators) {
  std::vector<std::string_view> pieces;
  std::size_t begin = text.find_first_not_of(separators);
  while (begin != std::string_view::npos) {
    const std::size_t end = text.find_first_of(separators, begin);
    pieces.push_back(text.substr(begin, end == std::string_view::npos ? end : end - begin));
    begin = text.find_first_not_of(separators, end);
  }
  return pieces;
}

bool has_token(std::string_view list, std::string_view token) {
  const auto tokens = split(list, ",");
  return std::find(tokens.begin(), tokens.end(), token) != tokens.end();
}

// `text` as a whole decimal number of type T; std::nullopt if anything is left over.
template <class T>
std::optional<T> parse_number(std::string_view text) {
  T value{};
  const char* const end = text.data() + text.size();
  const auto [stop, error] = std::from_chars(text.data(), end, value);
  if (error != std::errc{} || stop != end) {
    return std::nullopt;
  }
  return value;
}

// ceil(quota / period), which is at least 1; std::nullopt unless both are positive.
std::optional<std::size_t> threads_for(std::uint64_t quota, std::uint64_t period) {
  if (quota == 0 || period == 0) {
    return std::nullopt;
  }
  const std::uint64_t threads = quota / period + (quota % period == 0 ? 0 : 1);
  return static_cast<std::size_t>(
      std::min<std::uint64_t>(threads, std::numeric_limits<std::size_t>::max()));
}

// The limit cgroup v2's cpu.max in `dir` sets: "<quota> <period>", or "max <period>"
// for none (a quota of "max" does not parse as a number).
std::optional<std::size_t> v2_limit(const fs::path& dir) {
  const auto text = read_text(dir / "cpu.max");
  if (!text) {
    return std::nullopt;
  }
  const auto fields = split(*text, " \t\n");
  if (fields.size() != 2) {
    return std::nullopt;
  }
  const auto quota = parse_number<std::uint64_t>(fields[0]);
  const auto period = parse_number<std::uint64_t>(fields[1]);
  return quota && period ? threads_for(*quota, *period) : std::nullopt;
}

// The limit cgroup v1's cpu.cfs_quota_us (-1 for none) and cpu.cfs_period_us in `dir` set.
std::optional<std::size_t> v1_limit(const fs::path& dir) {
  const auto quota_text = read_text(dir / "cpu.cfs_quota_us");
  const auto period_text = read_text(dir / "cpu.cfs_period_us");
  if (!quota_text || !period_text) {
    return std::nullopt;
  }
  const auto quota_fields = split(*quota_text, " \t\n");
  const auto period_fields = split(*period_text, " \t\n");
  if (quota_fields.size() != 1 || period_fields.size() != 1) {
    return std::nullopt;
  }
  const auto quota = parse_number<std::int64_t>(quota_fields[0]);
  const auto period = parse_number<std::uint64_t>(period_fields[0]);
  if (!quota || !period || *quota <= 0) {
    return std::nullopt;
  }
  return threads_for(static_cast<std::uint64_t>(*quota), *period);
}

// The cgroup of the /proc/self/cgroup text: the v1 line whose controllers
// include `cpu` ("4:cpu,cpuacct:/path"), else the v2 line ("0::/path").
std::optional<cgroup_location> find_cgroup(std::string_view text) {
  std::optional<cgroup_location> v2;
  for (const std::string_view line : split(text, "\n")) {
    const std::size_t first = line.find(':');
    const std::size_t second =
        first == std::string_view::npos ? first : line.find(':', first + 1);
    if (second == std::string_view::npos) {
      continue;
    }
    const std::string_view controllers = line.substr(first + 1, second - first - 1);
    const std::string_view path = line.substr(second + 1);
    if (has_token(controllers, "cpu")) {
      return cgroup_location{true, std::string(path)};
    }
    if (line.substr(0, first) == "0" && controllers.empty()) {
      v2 = cgroup_location{false, std::string(path)};
    }
  }
  return v2;
}

// A mountinfo field with its octal escapes ("\040" for a space) decoded.
std::string unescape(std::string_view field) {
  std::string out;
  for (std::size_t i = 0; i < field.size(); ++i) {
    const bool escape = field[i] == '\\' && i + 3 < field.size() &&
                        std::all_of(field.begin() + static_cast<std::ptrdiff_t>(i) + 1,
                                    field.begin() + static_cast<std::ptrdiff_t>(i) + 4,
                                    [](char c) { return c >= '0' && c <= '7'; });
    if (escape) {
      out.push_back(static_cast<char>((field[i + 1] - '0') * 64 + (field[i + 2] - '0') * 8 +
                                      (field[i + 3] - '0')));
      i += 3;
    } else {
      out.push_back(field[i]);
    }
  }
  return out;
}

// `path` relative to the root `root` of a mount ("/a/b" under "/a" is "b");
// std::nullopt when it is not below that root.
std::optional<std::string> relative_to(std::string_view path, std::string_view root) {
  if (root == "/" && path.starts_with('/')) {
    return std::string(path.substr(1));
  }
  if (path == root) {
    return std::string();
  }
  if (path.starts_with(root) && path.size() > root.size() && path[root.size()] == '/') {
    return std::string(path.substr(root.size() + 1));
  }
  return std::nullopt;
}

// The smallest limit on the way from the mount of `cgroup` down to its
// directory, the mount found in the /proc/self/mountinfo text `mountinfo`
// (fields: id, parent, device, root, mount point, options..., "-", type,
// source, super options) and looked up under `root`.
std::optional<std::size_t> walk(const cgroup_location& cgroup, std::string_view mountinfo,
                                const fs::path& root) {
  for (const std::string_view line : split(mountinfo, "\n")) {
    const auto fields = split(line, " ");
    const auto dash = std::find(fields.begin(), fields.end(), "-");
    if (dash - fields.begin() < 6 || fields.end() - dash < 4) {
      continue;
    }
    const bool matches = cgroup.m_v1 ? dash[1] == "cgroup" && has_token(dash[3], "cpu")
                                     : dash[1] == "cgroup2";
    const auto below = relative_to(cgroup.m_path, unescape(fields[3]));
    if (!matches || !below) {
      continue;
    }
    const fs::path relative(*below);
    if (std::find(relative.begin(), relative.end(), "..") != relative.end()) {
      return std::nullopt;
    }
    fs::path dir = root / fs::path(unescape(fields[4])).relative_path();
    const auto limit_at = [&](const fs::path& d) {
      return cgroup.m_v1 ? v1_limit(d) : v2_limit(d);
    };
    std::optional<std::size_t> limit = limit_at(dir);
    for (const fs::path& part : relative) {
      if (part.empty() || part == ".") {
        continue;
      }
      dir /= part;
      const auto here = limit_at(dir);
      if (here && (!limit || *here < *limit)) {
        limit = here;
      }
    }
    return limit;
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::size_t> cpu_quota_limit(const cpu_quota_sources& sources) noexcept {
  try {
    const auto cgroups = read_text(sources.m_cgroup_file);
    const auto mountinfo = read_text(sources.m_mountinfo_file);
    if (!cgroups || !mountinfo) {
      return std::nullopt;
    }
    const auto cgroup = find_cgroup(*cgroups);
    return cgroup ? walk(*cgroup, *mountinfo, sources.m_root) : std::nullopt;
  } catch (...) {
    return std::nullopt;  // std::bad_alloc: no limit rather than no pool
  }
}

}  // namespace ws::detail
