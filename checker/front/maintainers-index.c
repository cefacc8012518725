/* An open-addressed table of the F: patterns' literal prefixes: a path's
 * prefixes are looked up one length at a time with a hash carried along the
 * path, only at the lengths some pattern's prefix has. */
#include "front/maintainers-index.h"
#include "front/maintainers.h"
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

struct maint_index *maint_index_build(const struct maintainers *m)
{
	struct maint_index *ix = xcalloc(1, sizeof(*ix));
	size_t nr_files = 0, nr_names = 0, size = 16, i, j, next = 0;

	for (i = 0; i < m->nr; i++) {
		nr_files += m->sections[i].nr_files;
		nr_names += m->sections[i].nr_names;
		for (j = 0; j < m->sections[i].nr_files; j++)
			if (m->sections[i].files[j].literal_len > ix->max_len)
				ix->max_len =
					m->sections[i].files[j].literal_len;
	}
	while (size < 2 * nr_files)
		size *= 2;
	ix->slots = xcalloc(size, sizeof(*ix->slots));
	ix->mask = size - 1;
	ix->refs = xcalloc(nr_files + 1, sizeof(*ix->refs));
	ix->lens = xcalloc(ix->max_len / 64 + 1, sizeof(*ix->lens));
	ix->names = xcalloc(nr_names + 1, sizeof(*ix->names));

	/* Count each prefix's patterns, place the groups, then fill them in
	 * section order. */
	for (i = 0; i < m->nr; i++)
		for (j = 0; j < m->sections[i].nr_files; j++) {
			const struct maint_pattern *p =
				&m->sections[i].files[j];
			uint64_t h = hash_bytes(p->text, p->literal_len);
			struct maint_bucket *b =
				slot_of(ix, p->text, p->literal_len, h);

			if (!b->key) {
				b->key = p->text;
				b->hash = h;
				b->len = (uint32_t)p->literal_len;
			}
			b->nr++;
			ix->lens[p->literal_len / 64] |=
				1ULL << (p->literal_len % 64);
		}
	for (i = 0; i < size; i++) {
		ix->slots[i].first = (uint32_t)next;
		next += ix->slots[i].nr;
		ix->slots[i].nr = 0;
	}
	for (i = 0; i < m->nr; i++) {
		for (j = 0; j < m->sections[i].nr_files; j++) {
			const struct maint_pattern *p =
				&m->sections[i].files[j];
			struct maint_bucket *b =
				slot_of(ix, p->text, p->literal_len,
					hash_bytes(p->text, p->literal_len));

			ix->refs[b->first + b->nr++] = (struct maint_ref){
				(uint32_t)i, (uint32_t)j
			};
		}
		for (j = 0; j < m->sections[i].nr_names; j++)
			ix->names[ix->nr_names++] =
				(struct maint_ref){ (uint32_t)i, (uint32_t)j };
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
