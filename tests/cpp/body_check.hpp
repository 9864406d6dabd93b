// A check that stays active in release builds (assert() vanishes under NDEBUG).
#pragma once
#include <cstdio>
#include <cstdlib>

#define IW_CHECK(cond)                                                                  \
  do {                                                                                  \
    if (!(cond)) {                                                                      \
      std::fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);     \
      std::exit(1);                                                                     \
    }                                                                                   \
  } while (0)
