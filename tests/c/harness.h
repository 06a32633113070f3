/* tests/c/harness.h -- a minimal unit-test harness for the C tests.
 *
 * Each tests/c/test-*.c is one program: it includes this header, writes
 * static void test functions that use CHECK / CHECK_NEAR, lists them in
 * main with RUN(fn), and ends with HARNESS_END(), which prints
 * "<file>: N passed, N failed" and returns non-zero on any failure. */
#ifndef DFG_TEST_HARNESS_H
#define DFG_TEST_HARNESS_H
#include <math.h>
#include <stdio.h>

static int harness_pass, harness_fail;

#define CHECK(cond) do { \
    if (cond) harness_pass++; \
    else { harness_fail++; \
        fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond); } \
} while (0)

/* |a - b| <= tol * max(1, |b|); NaN equals NaN, Inf equals same-signed Inf. */
#define CHECK_NEAR(a, b, tol) do { \
    double ha_ = (double)(a), hb_ = (double)(b); \
    int ok_ = (isnan(ha_) && isnan(hb_)) || ha_ == hb_ || \
              fabs(ha_ - hb_) <= (tol) * (fabs(hb_) > 1 ? fabs(hb_) : 1); \
    if (ok_) harness_pass++; \
    else { harness_fail++; \
        fprintf(stderr, "%s:%d: CHECK_NEAR failed: %s = %.17g, %s = %.17g\n", \
                __FILE__, __LINE__, #a, ha_, #b, hb_); } \
} while (0)

#define RUN(fn) fn()

#define HARNESS_END() do { \
    printf("%s: %d passed, %d failed\n", __FILE__, harness_pass, harness_fail); \
    return harness_fail ? 1 : 0; \
} while (0)

#endif
