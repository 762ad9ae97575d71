// SPDX-License-Identifier: MIT
// The main of every test executable: doctest's, plus `--wait-policy=NAME`,
// which sets PSTL_WS_WAIT_POLICY before any pool exists, so that the test
// pools (ws_test::pool_options) and the global pool all use that policy. A
// failed run under random delays (PSTL_WS_RANDOM_DELAY) names its seed; asking
// for them from a build without the test hooks fails at once, rather than
// running without the delays asked for.
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include <pstl_ws/detail/test_hook.hpp>

#include <cstdio>
#include <cstdlib>
#include <string_view>

int main(int argc, char** argv) {
  constexpr std::string_view k_flag = "--wait-policy=";
  for (int i = 1; i < argc; ++i) {
    if (std::string_view(argv[i]).starts_with(k_flag)) {
      ::setenv("PSTL_WS_WAIT_POLICY", argv[i] + k_flag.size(), 1);
    }
  }
#if !PSTL_WS_TEST_HOOKS
  if (const char* seed = std::getenv("PSTL_WS_RANDOM_DELAY"); seed != nullptr && *seed != '\0') {
    std::fprintf(stderr,
                 "PSTL_WS_RANDOM_DELAY=%s, but this build has no test hooks to delay at: configure "
                 "with -DPSTL_WS_TEST_HOOKS=ON (the debug, asan and tsan presets do)\n",
                 seed);
    return 2;
  }
#endif
  doctest::Context context(argc, argv);
  const int result = context.run();
#if PSTL_WS_TEST_HOOKS
  if (const std::uint64_t seed = ws::detail::random_delay_seed(); result != 0 && seed != 0) {
    std::fprintf(stderr, "random delays were on: PSTL_WS_RANDOM_DELAY=%llu retries this seed\n",
                 static_cast<unsigned long long>(seed));
  }
#endif
  return result;
}
