// SPDX-License-Identifier: MIT
// The measurements as a CSV file that can be read back, so that a report can
// be regenerated from committed results. The file starts with the machine
// facts as comment lines, then a header and one row per measurement:
//
//   # cpu: AMD EPYC 7B13
//   # cores: 2
//   workload,size,backend,threads,unit,median,min,reps,vs_std_par,vs_tbb,max
//   sort u32 random,10000000,ws,2,ms,41.5,40.93,5,0.87,0.91,44.2
//
// Numbers are written in their shortest form that reads back to the same
// double, so write, read and write again gives the same file. An empty ratio
// field is a ratio that was not measured. max came last, after the others:
// a file written before it (no max column) still reads, with empty maxima. Fields are never quoted: a text
// field may not contain a comma or a line break.
#pragma once

#include <filesystem>
#include <string_view>
#include <vector>

#include "harness/measurement.hpp"

namespace harness {

/// What a results CSV holds.
struct results {
  machine_info m_machine;
  std::vector<measurement> m_measurements;
};

/// Replaces the contents of path with text: the one way the harness writes
/// its output files. Throws std::runtime_error naming path if it cannot.
void write_text_file(const std::filesystem::path& path, std::string_view text);

/// Writes machine and rows to path (replacing it), in the format above.
/// O(size of the output). Throws std::runtime_error naming path if it
/// cannot be written, or naming the fact or row if a text could not be read
/// back: a fact key that is empty or holds ':', a line break in a fact, a
/// comma or line break in a workload, backend or unit.
void write_csv(const std::filesystem::path& path, const machine_info& machine,
               const std::vector<measurement>& rows);

/// Reads a file written by write_csv. Blank lines are skipped and a
/// trailing '\r' is ignored. Throws std::runtime_error "<path>:<line>:
/// <problem>" when the file cannot be opened or is not in that format: a
/// comment line that is not "# key: value", a wrong header, a row without 11
/// fields (10 under the header without max), an empty text field, a number that does not parse or is negative.
/// O(size of the file).
results read_csv(const std::filesystem::path& path);

}  // namespace harness
