/* An open-addressed table of the F: patterns' literal prefixes: a path's
 * prefixes are looked up one length at a time with a hash carried along the
 * path, only at the lengths some pattern's prefix has. */
#include "front/maintainers-index.h"
#include "lib/usage.h"

#include <stdlib.h>
#include <string.h>

#define FNV_OFFSET 0xcbf29ce484222325ULL
#define FNV_PRIME 0x100000001b3ULL

/* The patterns whose literal prefix is key[0..len): refs[first..first+nr). */
struct maint_bucket {
	const char *key; /* NULL: an empty slot */
	uint64_t hash;
	uint32_t len, first, nr;
};

struct maint_index {
	struct maint_bucket *slots;
	size_t mask;
	struct maint_ref *refs;
	uint64_t *lens; /* a bit per prefix length some pattern has */
	size_t max_len;
	struct maint_ref *names;
	size_t nr_names;
};

static uint64_t hash_bytes(const char *s, size_t len)
{
	uint64_t h = FNV_OFFSET;
	size_t i;

	for (i = 0; i < len; i++)
		h = (h ^ (unsigned char)s[i]) * FNV_PRIME;
	return h;
}

static struct maint_bucket *slot_of(const struct maint_index *ix,
				    const char *key, size_t len, uint64_t h)
{
	size_t i = (size_t)(h ^ (h >> 29)) & ix->mask;

	for (;; i = (i + 1) & ix->mask) {
		struct maint_bucket *b = &ix->slots[i];

		if (!b->key || (b->hash == h && b->len == len &&
				!memcmp(b->key, key, len)))
			return b;
	}
}

struct maint_index *maint_index_build(const struct maint_key *files,
				      size_t nr_files,
				      const struct maint_ref *names,
				      size_t nr_names)
{
	struct maint_index *ix = xcalloc(1, sizeof(*ix));
	size_t size = 16, i, next = 0;

	for (i = 0; i < nr_files; i++)
		if (files[i].len > ix->max_len)
			ix->max_len = files[i].len;
	while (size < 2 * nr_files)
		size *= 2;
	ix->slots = xcalloc(size, sizeof(*ix->slots));
	ix->mask = size - 1;
	ix->refs = xcalloc(nr_files + 1, sizeof(*ix->refs));
	ix->lens = xcalloc(ix->max_len / 64 + 1, sizeof(*ix->lens));
	ix->names = xcalloc(nr_names + 1, sizeof(*ix->names));
	if (nr_names)
		memcpy(ix->names, names, nr_names * sizeof(*names));
	ix->nr_names = nr_names;

	/* Count each prefix's patterns, place the groups, then fill them in
	 * the order given. */
	for (i = 0; i < nr_files; i++) {
		uint64_t h = hash_bytes(files[i].key, files[i].len);
		struct maint_bucket *b =
			slot_of(ix, files[i].key, files[i].len, h);

		if (!b->key) {
			b->key = files[i].key;
			b->hash = h;
			b->len = (uint32_t)files[i].len;
		}
		b->nr++;
		ix->lens[files[i].len / 64] |= 1ULL << (files[i].len % 64);
	}
	for (i = 0; i < size; i++) {
		ix->slots[i].first = (uint32_t)next;
		next += ix->slots[i].nr;
		ix->slots[i].nr = 0;
	}
	for (i = 0; i < nr_files; i++) {
		struct maint_bucket *b =
			slot_of(ix, files[i].key, files[i].len,
				hash_bytes(files[i].key, files[i].len));

		ix->refs[b->first + b->nr++] = files[i].ref;
	}
	return ix;
}

void maint_index_free(struct maint_index *ix)
{
	if (!ix)
		return;
	free(ix->slots);
	free(ix->refs);
	free(ix->lens);
	free(ix->names);
	free(ix);
}

void maint_index_prefixes(const struct maint_index *ix, const char *path,
			  void (*fn)(const struct maint_ref *refs, size_t nr,
				     void *ctx),
			  void *ctx)
{
	uint64_t h = FNV_OFFSET;
	size_t len;

	for (len = 0; len <= ix->max_len; len++) {
		if (ix->lens[len / 64] & (1ULL << (len % 64))) {
			const struct maint_bucket *b =
				slot_of(ix, path, len, h);

			if (b->key)
				fn(ix->refs + b->first, b->nr, ctx);
		}
		if (!path[len])
			break;
		h = (h ^ (unsigned char)path[len]) * FNV_PRIME;
	}
}

const struct maint_ref *maint_index_names(const struct maint_index *ix,
					  size_t *nr)
{
	*nr = ix->nr_names;
	return ix->names;
}
