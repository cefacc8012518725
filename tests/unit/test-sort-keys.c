/* Unit tests of sort_u64() and sort_records_by_key(): qsort()'s order on
 * random keys of every length around the short lists' bound, keys that
 * differ only in one byte, and equal keys, whose records keep their order. */
#include "lib/sort-keys.h"
#include "test-lib.h"

#include <stdlib.h>
#include <string.h>

struct rec {
	uint64_t key;
	uint64_t order;
};

static int u64_compare(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

static uint64_t random_key(int kind)
{
	uint64_t k = ((uint64_t)rand() << 33) ^ ((uint64_t)rand() << 11) ^ (uint64_t)rand();

	switch (kind) {
	case 0:
		return k;
	case 1:
		return k & 0xff00;	/* one byte differs */
	default:
		return k % 5;	/* many equal */
	}
}

int main(void)
{
	static uint64_t v[3000], w[3000];
	static struct rec r[3000];
	int ok = 1, stable = 1, round;
	size_t n, k;

	srand(1);
	for (round = 0; round < 600; round++) {
		int kind = round % 3;

		n = round < 100 ? (size_t)round : (size_t)(rand() % 3000);
		for (k = 0; k < n; k++)
			v[k] = w[k] = random_key(kind);
		sort_u64(v, n);
		qsort(w, n, sizeof(*w), u64_compare);
		ok &= !memcmp(v, w, n * sizeof(*v));
		for (k = 0; k < n; k++) {
			r[k].key = random_key(kind);
			r[k].order = k;
		}
		sort_records_by_key(r, n, sizeof(*r));
		for (k = 1; k < n; k++) {
			ok &= r[k - 1].key <= r[k].key;
			stable &= r[k - 1].key != r[k].key || r[k - 1].order < r[k].order;
		}
	}
	CHECK("sort keys: qsort()'s order on 600 arrays of 0 to 3,000 keys", ok);
	CHECK("sort keys: records of one key keep their order", stable);
	return test_failures ? 1 : 0;
}
