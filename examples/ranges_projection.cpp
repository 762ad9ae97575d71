// SPDX-License-Identifier: MIT
// The parallel range algorithms (C++26's, in ws::ranges): whole ranges,
// comparators and projections.
#include <pstl_ws/ranges.hpp>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

namespace {

struct person {
  std::string name;
  int age = 0;
};

}  // namespace

int main() {
  std::vector<person> people;
  for (int i = 0; i < 50000; ++i) {
    people.push_back({"p" + std::to_string(i), (i * 37) % 90});
  }

  ws::ranges::sort(ws::par, people, {}, &person::age);  // by age, ascending
  const bool by_age = std::ranges::is_sorted(people, {}, &person::age);

  ws::ranges::stable_sort(ws::par, people, std::ranges::greater{}, &person::name);  // by name, descending
  const bool by_name = std::ranges::is_sorted(people, std::ranges::greater{}, &person::name);

  const auto adults = ws::ranges::count_if(ws::par, people, [](int age) { return age >= 18; }, &person::age);
  const auto expected_adults = std::ranges::count_if(people, [](int age) { return age >= 18; }, &person::age);

  const bool ok = by_age && by_name && adults == expected_adults;
  std::printf("ranges_projection: %zu people, %td adults: %s\n", people.size(), adults, ok ? "ok" : "WRONG");
  return ok ? 0 : 1;
}
