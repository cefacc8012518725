/* Sorting by 64-bit keys without a call per comparison: qsort() of the
 * definitions' hashes, a few dozen per file over 24,000 files, cost a
 * whole audit 1% of its CPU in comparison calls alone. */
#ifndef WQCHECK_SORT_KEYS_H
#define WQCHECK_SORT_KEYS_H

#include <stddef.h>
#include <stdint.h>

/* v ascending. */
void sort_u64(uint64_t *v, size_t n);
/* n records of size bytes (a multiple of 8), each starting with its
 * uint64_t key, ascending by key; records of one key keep their order. */
void sort_records_by_key(void *v, size_t n, size_t size);

#endif
