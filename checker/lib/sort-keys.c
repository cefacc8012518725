/* Insertion sort for the short lists (most files define a few dozen
 * names), a stable radix sort of the key's eight bytes otherwise. */
#include "lib/sort-keys.h"
#include "lib/usage.h"

#include <stdlib.h>
#include <string.h>

#define SHORT 32

static uint64_t key_at(const unsigned char *v, size_t i, size_t size)
{
	uint64_t k;

	memcpy(&k, v + i * size, sizeof(k));
	return k;
}

/* Stable: a record moves past larger keys only. */
static void insertion(unsigned char *v, size_t n, size_t size)
{
	unsigned char tmp[64];
	size_t i, j;

	for (i = 1; i < n; i++) {
		uint64_t k = key_at(v, i, size);

		for (j = i; j > 0 && key_at(v, j - 1, size) > k; j--)
			;
		if (j == i)
			continue;
		memcpy(tmp, v + i * size, size);
		memmove(v + (j + 1) * size, v + j * size, (i - j) * size);
		memcpy(v + j * size, tmp, size);
	}
}

/* Least significant byte first: each pass is stable, so the whole is. */
static void radix(unsigned char *v, size_t n, size_t size)
{
	unsigned char *from = v, *to = xmalloc(n * size), *t;
	size_t count[256], byte, i;

	for (byte = 0; byte < 8; byte++) {
		size_t sum = 0;

		memset(count, 0, sizeof(count));
		for (i = 0; i < n; i++)
			count[(key_at(from, i, size) >> (8 * byte)) & 0xff]++;
		/* every key with this byte the same: nothing moves */
		if (count[(key_at(from, 0, size) >> (8 * byte)) & 0xff] == n)
			continue;
		for (i = 0; i < 256; i++) {
			size_t c = count[i];

			count[i] = sum;
			sum += c;
		}
		for (i = 0; i < n; i++) {
			size_t d = count[(key_at(from, i, size) >> (8 * byte)) & 0xff]++;

			memcpy(to + d * size, from + i * size, size);
		}
		t = from;
		from = to;
		to = t;
	}
	if (from != v) {
		memcpy(v, from, n * size);
		free(from);
	} else {
		free(to);
	}
}

void sort_records_by_key(void *v, size_t n, size_t size)
{
	if (size > 64 || size % 8)
		die("sort_records_by_key: records of %zu bytes", size);
	if (n <= SHORT)
		insertion(v, n, size);
	else
		radix(v, n, size);
}

void sort_u64(uint64_t *v, size_t n)
{
	sort_records_by_key(v, n, sizeof(*v));
}
