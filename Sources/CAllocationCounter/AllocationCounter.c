// See include/CAllocationCounter.h.
#include "CAllocationCounter.h"

#include <stdatomic.h>
#include <stddef.h>
#include <errno.h>

static _Atomic bool counting = false;
static _Atomic uint64_t counted = 0;

void strata_allocation_counting(bool on) { atomic_store_explicit(&counting, on, memory_order_relaxed); }
uint64_t strata_allocation_count(void) { return atomic_load_explicit(&counted, memory_order_relaxed); }

#if defined(__has_feature)
#  if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#    define STRATA_UNDER_SANITIZER 1
#  endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#  define STRATA_UNDER_SANITIZER 1
#endif

// A sanitizer's runtime intercepts malloc itself: no second interposer under one.
#if defined(__linux__) && defined(__GLIBC__) && !defined(STRATA_UNDER_SANITIZER)
bool strata_allocation_counter_active(void) { return true; }

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

static inline void count(void) {
    if (atomic_load_explicit(&counting, memory_order_relaxed)) {
        atomic_fetch_add_explicit(&counted, 1, memory_order_relaxed);
    }
}

void *malloc(size_t size) { count(); return __libc_malloc(size); }
void *calloc(size_t count_, size_t size) { count(); return __libc_calloc(count_, size); }
void *realloc(void *pointer, size_t size) {
    void *moved = __libc_realloc(pointer, size);
    if (moved != pointer && moved != NULL) count();
    return moved;
}
void *memalign(size_t alignment, size_t size) { count(); return __libc_memalign(alignment, size); }
void *aligned_alloc(size_t alignment, size_t size) { count(); return __libc_memalign(alignment, size); }
int posix_memalign(void **result, size_t alignment, size_t size) {
    if (alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0) return EINVAL;
    void *p = __libc_memalign(alignment, size);
    if (p == NULL && size != 0) return ENOMEM;
    count();
    *result = p;
    return 0;
}
#else
bool strata_allocation_counter_active(void) { return false; }
#endif
