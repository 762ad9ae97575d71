// SPDX-License-Identifier: MIT
// Exceptions from a parallel loop reach the caller (std::execution::par would
// call std::terminate), after every piece of work already started finished;
// the pool stays usable.
#include <pstl_ws/algorithm.hpp>
#include <pstl_ws/numeric.hpp>

#include <cstdio>
#include <numeric>
#include <stdexcept>
#include <string>
#include <vector>

int main() {
  std::vector<int> values(1000000);
  std::iota(values.begin(), values.end(), 0);

  std::string caught;
  try {
    ws::for_each(ws::par, values.begin(), values.end(), [](int value) {
      if (value == 123456) {
        throw std::runtime_error("bad value " + std::to_string(value));
      }
    });
  } catch (const std::runtime_error& error) {
    caught = error.what();  // the very object thrown, on the caller's thread
  }

  // The pool goes on working.
  const long long sum = ws::reduce(ws::par, values.begin(), values.end(), 0LL);

  const bool ok = caught == "bad value 123456" && sum == 499999500000LL;
  std::printf("exceptions: caught \"%s\", then sum %lld: %s\n", caught.c_str(), sum, ok ? "ok" : "WRONG");
  return ok ? 0 : 1;
}
