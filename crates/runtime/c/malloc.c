/* malloc.c — dynamic memory: one VM object per allocation (DiVM §3.2), so every access is
 * bounds-checked and every pointer into freed memory is recognised.
 *
 * Choices made here: malloc(0) returns a unique 0-byte object (which must be freed like any
 * other); realloc(p, 0) frees p and returns NULL; realloc always moves the block (new object,
 * copy, free old), so stale pointers to the old block dangle, as checkers expect. With
 * VM_FLAG_MALLOC_CAN_FAIL (--malloc-can-fail) each allocation may also return NULL. */
#include "vigil_vm.h"

static int may_fail(void) {
  if (!(__vm_control(VM_CTL_GET_FLAGS, 0, 0) & VM_FLAG_MALLOC_CAN_FAIL)) return 0;
  if (__vm_choose(2) == 0) return 0;
  __vm_trace(VM_TRACE_INFO, "allocation failed (returned NULL)");
  return 1;
}

VIGIL_WEAK void *malloc(vigil_size_t size) {
  if (may_fail()) return 0;
  return __vm_obj_make(size);
}

VIGIL_WEAK void free(void *p) {
  if (p) __vm_obj_free(p);
}

VIGIL_WEAK void *calloc(vigil_size_t n, vigil_size_t size) {
  if (size != 0 && n > ~0UL / size) return 0;
  if (may_fail()) return 0;
  unsigned char *p = __vm_obj_make(n * size);
  for (vigil_size_t i = 0; i < n * size; i++) p[i] = 0;
  return p;
}

VIGIL_WEAK void *realloc(void *old, vigil_size_t size) {
  if (!old) return malloc(size);
  if (size == 0) {
    free(old);
    return 0;
  }
  if (may_fail()) return 0;
  vigil_size_t old_size = __vm_obj_size(old);
  unsigned char *p = __vm_obj_make(size);
  const unsigned char *q = old;
  for (vigil_size_t i = 0; i < old_size && i < size; i++) p[i] = q[i];
  __vm_obj_free(old);
  return p;
}

VIGIL_WEAK void *aligned_alloc(vigil_size_t align, vigil_size_t size) {
  (void)align; /* every object starts at offset 0 of its own allocation */
  return malloc(size);
}
