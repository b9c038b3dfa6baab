/* SPDX-License-Identifier: GPL-2.0-or-later
 * Minimal check macros for the C tests: one line per check, and the closing line
 * "N passed, M failed" that the exit status agrees with. */
#ifndef GS_CHECK_H
#define GS_CHECK_H

#include <math.h>
#include <stdint.h>
#include <stdio.h>

static int gs_checks_passed, gs_checks_failed;
/* set on MPI ranks other than 0: they count checks but do not print */
static int gs_check_silent;

#define GS_CHECK(cond, ...)                                         \
  do {                                                              \
    if (cond) {                                                     \
      gs_checks_passed++;                                           \
      if (!gs_check_silent) printf("ok     ");                      \
    } else {                                                        \
      gs_checks_failed++;                                           \
      if (!gs_check_silent) printf("FAILED ");                      \
    }                                                               \
    if (!gs_check_silent) {                                         \
      printf(__VA_ARGS__);                                          \
      printf("   [%s:%d]\n", __FILE__, __LINE__);                   \
      fflush(stdout);                                               \
    }                                                               \
  } while (0)

/* |a - b| <= tol * |b| (or <= tol when b == 0) */
#define GS_CHECK_REL(a, b, tol, what)                                                         \
  GS_CHECK(fabs((a) - (b)) <= (tol) * (fabs(b) > 0 ? fabs(b) : 1.0),                         \
           "%s: got %.12g, expected %.12g (rel tol %g)", what, (double) (a), (double) (b), (double) (tol))

static inline int gs_check_summary(void)
{
  if (!gs_check_silent) printf("%d passed, %d failed\n", gs_checks_passed, gs_checks_failed);
  return gs_checks_failed != 0;
}

/* deterministic random numbers (splitmix64) from *state, uniform in [0, 1) */
static inline double gs_splitmix_uniform(uint64_t *state)
{
  uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  z ^= z >> 31;
  return (double) (z >> 11) / 9007199254740992.0;
}

#endif
