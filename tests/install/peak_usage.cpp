// SPDX-License-Identifier: MIT
// peak_usage COMMAND [ARG...]: runs the command and prints, on one line, the
// wall time it took and the CPU time (user and system) it and the children it
// waited for used, both in milliseconds, and its peak resident memory in KiB
// (wait4's rusage), for check_compile_cost.cmake, which measures what a
// translation unit costs the compiler. Exits with the command's status (1 if
// it cannot be started or did not exit normally).
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: peak_usage COMMAND [ARG...]\n");
    return 1;
  }
  const auto start = std::chrono::steady_clock::now();
  const pid_t child = fork();
  if (child == -1) {
    std::perror("peak_usage: fork");
    return 1;
  }
  if (child == 0) {
    execvp(argv[1], argv + 1);
    std::perror("peak_usage: exec");
    _exit(127);
  }
  int status = 0;
  rusage usage{};
  if (wait4(child, &status, 0, &usage) != child) {
    std::perror("peak_usage: wait4");
    return 1;
  }
  const auto took = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start);
  const auto ms = [](const timeval& t) { return static_cast<long long>(t.tv_sec) * 1000 + t.tv_usec / 1000; };
  std::printf("%lld %lld %ld\n", static_cast<long long>(took.count()), ms(usage.ru_utime) + ms(usage.ru_stime),
              usage.ru_maxrss);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}
