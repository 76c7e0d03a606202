// Not testlib: a header of this package's own that happens to be called testlib.h,
// as every Polygon package ships one in files/ beside its interactor and checker.
// It gives the little the two programs use, with testlib's exit codes (0 OK, 1 WA,
// 2 PE, 3 FAIL) and testlib's argument order (interactor: INPUT TOUT [ANSWER];
// checker: INPUT TOUT ANSWER).
#pragma once

#include <cstdio>
#include <cstdlib>

enum TResult { _ok = 0, _wa = 1, _pe = 2, _fail = 3 };

inline FILE* own_tout = nullptr;

[[noreturn]] inline void quit(TResult result, const char* message) {
  std::fprintf(stderr, "%s\n", message);
  if (own_tout != nullptr) std::fclose(own_tout);
  std::exit(result);
}

// A whole number from `in`, or `on_failure` (an unexpected end of the contestant's
// output is PE, as testlib says).
inline long read_number(FILE* in, TResult on_failure, const char* what) {
  long value = 0;
  if (std::fscanf(in, "%ld", &value) != 1) quit(on_failure, what);
  return value;
}
