// Counts heap allocations in the `strata` executable, for `strata bench --count-allocations`
// (BENCHMARK.md's rule: no allocation per frame in steady state).
//
// The executable defines malloc, calloc, realloc, posix_memalign, aligned_alloc and memalign,
// which the dynamic linker then resolves for every library of the process (Swift's runtime,
// Foundation, Xlib): each forwards to glibc's own entry point (`__libc_malloc`, …) and, while
// counting is on, adds one to a counter with a relaxed atomic. Off (the default), the cost is
// one relaxed load and a branch per call. Only the `strata` executable links this target; the
// libraries users depend on are untouched.
#ifndef STRATA_CALLOCATIONCOUNTER_H
#define STRATA_CALLOCATIONCOUNTER_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Starts or stops counting (from any thread).
void strata_allocation_counting(bool on);
/// Allocations counted so far (malloc, calloc, posix_memalign, aligned_alloc, memalign, and a
/// realloc that moves or creates a block).
uint64_t strata_allocation_count(void);
/// Whether this process's allocations go through the counter (false where the interposition is
/// not built: off glibc, or under a sanitizer, whose runtime intercepts malloc itself).
bool strata_allocation_counter_active(void);

#ifdef __cplusplus
}
#endif

#endif
