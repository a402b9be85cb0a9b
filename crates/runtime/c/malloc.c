/*
 * malloc.c — heap allocation on VM objects: malloc, calloc, realloc, reallocarray, free, aligned_alloc,
 * posix_memalign, and glibc's obsolete memalign, valloc and pvalloc.
 *
 * Invariants and choices:
 *  - every allocation is exactly one VM object (__vm_obj_make) of exactly the requested size, so
 *    the VM bounds-checks each access and recognises use after free and double free exactly;
 *  - malloc(0) returns a fresh object of size 0: unique, non-NULL, freeable, and any access to
 *    it faults;
 *  - when the VM sets VM_FLAG_MALLOC_CAN_FAIL, every malloc/calloc/realloc first chooses between
 *    success (choice 0) and failure (choice 1, returns NULL and traces VM_TRACE_INFO);
 *  - requests above the VM's object limit (VM_OBJ_SIZE_MAX): above PTRDIFF_MAX a real malloc
 *    always fails, so NULL is returned; between the two the result is unknowable, so the path
 *    is cancelled and marked incomplete (never a wrong verdict);
 *  - calloc with n * size overflowing returns NULL (not a fault), otherwise zero-fills;
 *  - realloc(NULL, n) = malloc(n); realloc(p, 0) frees p and returns NULL; realloc of anything
 *    free could not free is an invalid free before anything is read; otherwise realloc always
 *    moves: new object, copy of min(old, new) bytes, free of the old one — so stale
 *    pointers into the old block dangle, as memory-safety checkers expect;
 *  - free(NULL) is a no-op; anything else goes to __vm_obj_free, which faults on an invalid or
 *    double free;
 *  - alignment is meaningless for VM objects: posix_memalign only checks that the alignment is
 *    valid. glibc's memalign accepts any alignment (it rounds one that is not a power of two up
 *    to the next one) and fails with EINVAL only above SIZE_MAX / 2 + 1; in glibc 2.36
 *    aligned_alloc is the same function as memalign (the power-of-two check that C17 asks for
 *    came with glibc 2.38), so aligned_alloc(3, 16) returns memory; valloc is
 *    memalign to the page size (4096); pvalloc also rounds the size up to a whole number of pages
 *    (at least one page; ENOMEM when rounding overflows), which is the size the program may use.
 */
#include "rt.h"

/* Traces "<fn>(<size>): <what>" as VM_TRACE_INFO when the VM records a trace. The buffer is in
 * a never-inlined function so that malloc itself has no stack array (an alloca object per call). */
__attribute__((noinline)) static void note_now(const char *fn, size_t size, const char *what) {
    char msg[128];
    __vigil_format(msg, sizeof msg, "%s(%zu): %s", fn, size, what);
    __vm_trace(VM_TRACE_INFO, msg);
}

static void note(const char *fn, size_t size, const char *what) {
    if (rt_tracing())
        note_now(fn, size, what);
}

/* Returns 1 if this allocation is chosen to fail (only with VM_FLAG_MALLOC_CAN_FAIL). */
static int chosen_to_fail(const char *fn, size_t size) {
    if (!(__vm_control(VM_CTL_GET_FLAGS, 0, 0) & VM_FLAG_MALLOC_CAN_FAIL))
        return 0;
    if (__vm_choose(2) == 0)
        return 0;
    if (rt_tracing()) {
        __vm_control(VM_CTL_ENVIRONMENT, VM_ENV_ALLOC_FAILURE, (long long)size);
        note_now(fn, size, "allocation failure chosen, returns NULL");
    }
    return 1;
}

/* Returns 1 if `size` is too large for one VM object (after handling the path, see header). */
static int too_large(const char *fn, size_t size) {
    if (size <= VM_OBJ_SIZE_MAX)
        return 0;
    if (size > (size_t)LONG_MAX) {
        note(fn, size, "larger than any object, returns NULL");
        return 1;
    }
    note(fn, size, "above the VM object limit, path not explored");
    __vm_control(VM_CTL_SET_FLAGS, VM_FLAG_INCOMPLETE | VM_FLAG_CANCEL, 0);
    return 1;
}

/* One object of `size` bytes, or NULL if the allocation fails. */
static void *allocate(const char *fn, size_t size) {
    if (chosen_to_fail(fn, size) || too_large(fn, size)) {
        *__errno_location() = RT_ENOMEM; /* as glibc's malloc does */
        return NULL;
    }
    return __vm_obj_make(size);
}

RT_WEAK void *malloc(size_t size) {
    return allocate("malloc", size);
}

RT_WEAK void *calloc(size_t n, size_t size) {
    size_t total;
    if (__builtin_mul_overflow(n, size, &total)) {
        *__errno_location() = RT_ENOMEM;
        return NULL;
    }
    void *p = allocate("calloc", total);
    if (p)
        __builtin_memset(p, 0, total);
    return p;
}

RT_WEAK void free(void *p) {
    if (p)
        __vm_obj_free(p);
}

RT_WEAK void *realloc(void *p, size_t size) {
    if (!p)
        return allocate("realloc", size);
    if (size == 0) {
        free(p);
        return NULL;
    }
    size_t old = __vm_obj_size(p);
    void *q = allocate("realloc", size);
    if (!q)
        return NULL; /* the old block stays valid */
    __builtin_memcpy(q, p, old < size ? old : size);
    __vm_obj_free(p);
    return q;
}

/* glibc 2.26+: realloc of n * size bytes, or NULL with ENOMEM (p untouched) when the product
 * overflows. */
RT_WEAK void *reallocarray(void *p, size_t n, size_t size) {
    size_t total;
    if (__builtin_mul_overflow(n, size, &total)) {
        *__errno_location() = RT_ENOMEM;
        return NULL;
    }
    return realloc(p, total);
}

static int valid_alignment(size_t align) {
    return align != 0 && (align & (align - 1)) == 0;
}

static void *memalign_as(const char *fn, size_t align, size_t size);

/* glibc 2.36: an alias of memalign (any alignment up to SIZE_MAX / 2 + 1). */
RT_WEAK void *aligned_alloc(size_t align, size_t size) {
    return memalign_as("aligned_alloc", align, size);
}

RT_WEAK int posix_memalign(void **out, size_t align, size_t size) {
    if (!valid_alignment(align) || align % sizeof(void *) != 0)
        return RT_EINVAL;
    void *p = allocate("posix_memalign", size);
    if (!p)
        return RT_ENOMEM;
    *out = p;
    return 0;
}

#define RT_PAGE_SIZE 4096

static void *memalign_as(const char *fn, size_t align, size_t size) {
    if (align > (size_t)-1 / 2 + 1) {
        *__errno_location() = RT_EINVAL;
        return NULL;
    }
    /* Above malloc's own alignment (16) glibc allocates size + align bytes and carves the aligned
     * block out of them: a request that large fails (or is above the VM's limit) as malloc's. */
    if (align > 16) {
        /* Two separate exits: as one saturating addition clang would form llvm.uadd.sat,
         * which vigil's IR does not model. */
        size_t needed;
        if (__builtin_add_overflow(size, align, &needed)) {
            *__errno_location() = RT_ENOMEM;
            return NULL;
        }
        if (needed > VM_OBJ_SIZE_MAX)
            return allocate(fn, needed);
    }
    return allocate(fn, size);
}

RT_WEAK void *memalign(size_t align, size_t size) {
    return memalign_as("memalign", align, size);
}

RT_WEAK void *valloc(size_t size) {
    return allocate("valloc", size);
}

RT_WEAK void *pvalloc(size_t size) {
    size_t rounded;
    if (__builtin_add_overflow(size, (size_t)(RT_PAGE_SIZE - 1), &rounded)) {
        *__errno_location() = RT_ENOMEM;
        return NULL;
    }
    rounded &= ~(size_t)(RT_PAGE_SIZE - 1);
    return allocate("pvalloc", rounded == 0 ? RT_PAGE_SIZE : rounded);
}
