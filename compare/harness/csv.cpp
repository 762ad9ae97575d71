// SPDX-License-Identifier: MIT
#include "harness/csv.hpp"

#include <array>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <fstream>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <system_error>
#include <type_traits>
#include <utility>

#include "bench_support.hpp"

namespace harness {
namespace {

constexpr std::string_view k_header = "workload,size,backend,threads,unit,median,min,reps,vs_std_par,vs_tbb,max";
constexpr std::size_t k_fields = 11;
// The header of the files written before the max column; they still read.
constexpr std::string_view k_header_without_max = k_header.substr(0, k_header.rfind(','));
constexpr std::string_view k_fact_prefix = "# ";
constexpr std::string_view k_line_breaks = "\r\n";
constexpr std::string_view k_field_separators = ",\r\n";
constexpr std::string_view k_fact_key_separators = ":\r\n";

// ---- writing ----------------------------------------------------------------

[[noreturn]] void cannot_write(const std::filesystem::path& path, const std::string& what, std::string_view text) {
  throw std::runtime_error(path.string() + ": cannot write " + what + " '" + std::string(text) +
                           "': it would not read back (a text field must be non-empty, without a comma, a line "
                           "break, or in a fact key a colon)");
}

std::string number(double value) {
  std::array<char, 32> text{};  // the shortest round-trip form of a double needs at most 24
  const auto [end, error] = std::to_chars(text.data(), text.data() + text.size(), value);
  return error == std::errc{} ? std::string(text.data(), end) : std::string();
}

std::string number(const std::optional<double>& value) { return value ? number(*value) : std::string(); }

std::string csv_row(const measurement& row) {
  return row.m_workload + ',' + std::to_string(row.m_size) + ',' + row.m_backend + ',' +
         std::to_string(row.m_threads) + ',' + row.m_unit + ',' + number(row.m_median) + ',' + number(row.m_min) +
         ',' + std::to_string(row.m_reps) + ',' + number(row.m_vs_std_par) + ',' + number(row.m_vs_tbb) + ',' +
         number(row.m_max) + '\n';
}

// ---- reading ----------------------------------------------------------------

// Reads one file line by line, and words its errors as path:line: problem.
class line_reader {
 public:
  explicit line_reader(const std::filesystem::path& path) : m_path(path), m_in(path) {
    if (!m_in) {
      throw std::runtime_error(m_path.string() + ": cannot open for reading");
    }
  }

  // The next line without its line break; false at the end of the file.
  bool next(std::string& line) {
    if (!std::getline(m_in, line)) {
      return false;
    }
    ++m_line;
    if (!line.empty() && line.back() == '\r') {
      line.pop_back();
    }
    return true;
  }

  // Throws a problem with the line read last.
  [[noreturn]] void fail(const std::string& problem) const {
    throw std::runtime_error(m_path.string() + ":" + std::to_string(m_line) + ": " + problem);
  }

  // Throws a problem with the whole file.
  [[noreturn]] void fail_file(const std::string& problem) const {
    throw std::runtime_error(m_path.string() + ": " + problem);
  }

 private:
  std::filesystem::path m_path;
  std::ifstream m_in;
  std::size_t m_line = 0;
};

std::pair<std::string, std::string> parse_fact(const line_reader& reader, std::string_view line) {
  const std::size_t colon = line.find(':');
  if (line.substr(0, k_fact_prefix.size()) != k_fact_prefix || colon == std::string_view::npos ||
      colon == k_fact_prefix.size()) {
    reader.fail("expected a machine fact '# key: value', got '" + std::string(line) + "'");
  }
  std::string_view value = line.substr(colon + 1);
  if (!value.empty() && value.front() == ' ') {
    value.remove_prefix(1);
  }
  const std::size_t key_start = k_fact_prefix.size();
  return {std::string(line.substr(key_start, colon - key_start)), std::string(value)};
}

std::vector<std::string_view> split_fields(std::string_view line) {
  std::vector<std::string_view> fields;
  while (true) {
    const std::size_t comma = line.find(',');
    fields.push_back(line.substr(0, comma));
    if (comma == std::string_view::npos) {
      return fields;
    }
    line.remove_prefix(comma + 1);
  }
}

// A whole field parsed as T (std::size_t or a finite, non-negative double).
template <class T>
T parse_number(const line_reader& reader, std::string_view column, std::string_view field) {
  T value{};
  const auto [end, error] = std::from_chars(field.data(), field.data() + field.size(), value);
  bool valid = !field.empty() && error == std::errc{} && end == field.data() + field.size();
  if constexpr (std::is_floating_point_v<T>) {
    valid = valid && std::isfinite(value) && value >= 0.0;
  }
  if (!valid) {
    const char* expected = std::is_floating_point_v<T> ? "a finite number >= 0" : "a whole number >= 0";
    reader.fail(std::string(column) + ": expected " + expected + ", got '" + std::string(field) + "'");
  }
  return value;
}

std::optional<double> parse_optional(const line_reader& reader, std::string_view column, std::string_view field) {
  return field.empty() ? std::nullopt : std::optional<double>(parse_number<double>(reader, column, field));
}

std::string parse_text(const line_reader& reader, std::string_view column, std::string_view field) {
  if (field.empty()) {
    reader.fail(std::string(column) + ": empty");
  }
  return std::string(field);
}

// A row of a file whose rows have `expected` fields (k_fields, or one fewer:
// no max).
measurement parse_row(const line_reader& reader, std::string_view line, std::size_t expected) {
  const std::vector<std::string_view> fields = split_fields(line);
  if (fields.size() != expected) {
    reader.fail("expected " + std::to_string(expected) + " comma-separated fields, found " +
                std::to_string(fields.size()));
  }
  measurement row;
  row.m_workload = parse_text(reader, "workload", fields[0]);
  row.m_size = parse_number<std::size_t>(reader, "size", fields[1]);
  row.m_backend = parse_text(reader, "backend", fields[2]);
  row.m_threads = parse_number<std::size_t>(reader, "threads", fields[3]);
  row.m_unit = parse_text(reader, "unit", fields[4]);
  row.m_median = parse_number<double>(reader, "median", fields[5]);
  row.m_min = parse_number<double>(reader, "min", fields[6]);
  row.m_reps = parse_number<std::size_t>(reader, "reps", fields[7]);
  row.m_vs_std_par = parse_optional(reader, "vs_std_par", fields[8]);
  row.m_vs_tbb = parse_optional(reader, "vs_tbb", fields[9]);
  if (expected == k_fields) {
    row.m_max = parse_optional(reader, "max", fields[10]);
  }
  return row;
}

}  // namespace

void write_text_file(const std::filesystem::path& path, std::string_view text) {
  const bench::file_handle file = bench::open_for_writing(path.string());
  if (!file || std::fwrite(text.data(), 1, text.size(), file.get()) != text.size() || std::fflush(file.get()) != 0) {
    throw std::runtime_error(path.string() + ": cannot write: " + std::generic_category().message(errno));
  }
}

void write_csv(const std::filesystem::path& path, const machine_info& machine,
               const std::vector<measurement>& rows) {
  std::string text;
  for (const auto& [key, value] : machine.m_facts) {
    if (key.empty() || key.find_first_of(k_fact_key_separators) != std::string::npos) {
      cannot_write(path, "the fact key", key);
    }
    if (value.find_first_of(k_line_breaks) != std::string::npos) {
      cannot_write(path, "the value of fact " + key, value);
    }
    text += std::string(k_fact_prefix) + key + ": " + value + '\n';
  }
  text += std::string(k_header) + '\n';
  for (const measurement& row : rows) {
    for (const auto& [what, field] : {std::pair{"the workload", &row.m_workload},
                                      std::pair{"the backend", &row.m_backend}, std::pair{"the unit", &row.m_unit}}) {
      if (field->empty() || field->find_first_of(k_field_separators) != std::string::npos) {
        cannot_write(path, what, *field);
      }
    }
    text += csv_row(row);
  }
  write_text_file(path, text);
}

results read_csv(const std::filesystem::path& path) {
  line_reader reader(path);
  results read;
  std::size_t fields = 0;  // of each row; 0 until the header is seen
  std::string line;
  while (reader.next(line)) {
    if (line.empty()) {
      continue;
    }
    if (fields == 0 && line.front() == '#') {
      read.m_machine.m_facts.push_back(parse_fact(reader, line));
    } else if (fields == 0) {
      if (line != k_header && line != k_header_without_max) {
        reader.fail("expected the header '" + std::string(k_header) + "', got '" + line + "'");
      }
      fields = line == k_header ? k_fields : k_fields - 1;
    } else {
      read.m_measurements.push_back(parse_row(reader, line, fields));
    }
  }
  if (fields == 0) {
    reader.fail_file("no header line '" + std::string(k_header) + "'");
  }
  return read;
}

}  // namespace harness
