#include "lib/needles.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

/* Does a needle whose first anchor is this one lie around text[at]? */
static bool needle_around(const char *text, size_t len, size_t at,
			  const char *anchor, const char *const *needles)
{
	const char *const *n;

	for (n = needles; *n; n++) {
		const char *in = strstr(*n, anchor);
		size_t off, nlen;

		if (!in)
			continue;
		off = (size_t)(in - *n);
		nlen = strlen(*n);
		if (at >= off && at - off + nlen <= len &&
		    !memcmp(text + at - off, *n, nlen))
			return true;
	}
	return false;
}

static bool holds_an_anchor(const char *needle, const char *const *anchors)
{
	for (; *anchors; anchors++)
		if (strstr(needle, *anchors))
			return true;
	return false;
}

/* Does a needle lie around some place of anchor in text? */
static bool anchor_holds(const char *text, size_t len, const char *anchor,
			 const char *const *needles)
{
	size_t alen = strlen(anchor), at = 0;
	const char *p;

	while (at < len && (p = memmem(text + at, len - at, anchor, alen))) {
		at = (size_t)(p - text);
		if (needle_around(text, len, at, anchor, needles))
			return true;
		at++;
	}
	return false;
}

/*
 * The anchors asked for so far, each found by its byte least common in C
 * text: one strpbrk() pass over a file stops at those bytes only (w and W
 * for the workqueue names), where memmem() would take a pass per anchor.
 * Appended under a lock; read without one, an entry being complete before
 * the count that publishes it grows.
 */
#define MAX_ANCHORS 16

struct known_anchor {
	const char *anchor;	/* a string literal of a caller's list */
	size_t len, key_at;
};

static struct known_anchor known[MAX_ANCHORS];
static atomic_size_t nr_known;
static pthread_mutex_t known_lock = PTHREAD_MUTEX_INITIALIZER;

/* The bytes of C text from the most common on: an anchor's key is its byte
 * latest here or, better, absent. */
static const char common_bytes[] = " \t\n_etrinsaocldpu(),;*>-=f0m1hxbgvy.2ER";

static size_t key_of(const char *anchor)
{
	size_t i, best = 0, best_rank = 0;

	for (i = 0; anchor[i]; i++) {
		const char *c = strchr(common_bytes, anchor[i]);
		size_t rank = c ? (size_t)(c - common_bytes) + 1 : sizeof(common_bytes) + 1;

		if (rank > best_rank) {
			best_rank = rank;
			best = i;
		}
	}
	return best;
}

static void know_anchor(const char *anchor)
{
	size_t i, n = atomic_load(&nr_known);

	for (i = 0; i < n; i++)
		if (!strcmp(known[i].anchor, anchor))
			return;
	pthread_mutex_lock(&known_lock);
	n = atomic_load(&nr_known);
	for (i = 0; i < n; i++)
		if (!strcmp(known[i].anchor, anchor))
			break;
	if (i == n && n < MAX_ANCHORS && *anchor) {
		known[n].anchor = anchor;
		known[n].len = strlen(anchor);
		known[n].key_at = key_of(anchor);
		atomic_store(&nr_known, n + 1);
	}
	pthread_mutex_unlock(&known_lock);
}

/* The places of one anchor in the scope's text. */
struct anchor_places {
	const char *anchor;
	size_t *at;
	size_t nr, alloc;
};

static _Thread_local struct needles_scope {
	const char *text;
	size_t len;
	bool open;
	bool plain;		/* text[len] is NUL and no byte before is */
	bool scanned;		/* the known anchors' places are found */
	struct anchor_places places[MAX_ANCHORS];
	size_t nr;
} scope;

bool needles_scope_begin(const char *text, size_t len)
{
	if (scope.open)
		return false;
	scope.text = text;
	scope.len = len;
	scope.open = true;
	scope.plain = !text[len] && !memchr(text, '\0', len);
	scope.scanned = false;
	scope.nr = 0;
	return true;
}

void needles_scope_end(void)
{
	size_t i;

	for (i = 0; i < scope.nr; i++)
		free(scope.places[i].at);
	memset(&scope, 0, sizeof(scope));
}

static void add_place(struct anchor_places *p, size_t at)
{
	if (p->nr == p->alloc) {
		p->alloc = p->alloc ? 2 * p->alloc : 64;
		p->at = realloc(p->at, p->alloc * sizeof(*p->at));
		if (!p->at)
			abort();
	}
	p->at[p->nr++] = at;
}

static void find_alone(struct anchor_places *p)
{
	size_t alen = strlen(p->anchor), k;

	for (k = 0; k < scope.len;) {
		const char *at = memmem(scope.text + k, scope.len - k, p->anchor, alen);

		if (!at)
			break;
		add_place(p, (size_t)(at - scope.text));
		k = (size_t)(at - scope.text) + 1;
	}
}

/* Every known anchor's places, in one pass over a plain text. */
static void scan_scope(void)
{
	size_t n = atomic_load(&nr_known), i, nr_keys = 0;
	const char *text = scope.text, *p;
	char keys[MAX_ANCHORS + 1];

	for (i = 0; i < n; i++) {
		memset(&scope.places[i], 0, sizeof(scope.places[i]));
		scope.places[i].anchor = known[i].anchor;
		if (!scope.plain)
			find_alone(&scope.places[i]);
		else if (!memchr(keys, known[i].anchor[known[i].key_at], nr_keys))
			keys[nr_keys++] = known[i].anchor[known[i].key_at];
	}
	keys[nr_keys] = '\0';
	scope.nr = n;
	scope.scanned = true;
	if (!scope.plain || !nr_keys)
		return;
	for (p = strpbrk(text, keys); p; p = strpbrk(p + 1, keys))
		for (i = 0; i < n; i++) {
			const struct known_anchor *a = &known[i];
			size_t at = (size_t)(p - text);

			if (a->anchor[a->key_at] == *p && at >= a->key_at &&
			    at - a->key_at + a->len <= scope.len &&
			    !memcmp(p - a->key_at, a->anchor, a->len))
				add_place(&scope.places[i], at - a->key_at);
		}
}

/* anchor's places in the scope's text; NULL when the scope has no room. */
static const struct anchor_places *places_of(const char *anchor)
{
	struct anchor_places *p;
	size_t i;

	know_anchor(anchor);
	if (!scope.scanned)
		scan_scope();
	for (i = 0; i < scope.nr; i++)
		if (!strcmp(scope.places[i].anchor, anchor))
			return &scope.places[i];
	/* Known since the scan (another list's first file), or no room. */
	if (scope.nr == MAX_ANCHORS)
		return NULL;
	p = &scope.places[scope.nr++];
	memset(p, 0, sizeof(*p));
	p->anchor = anchor;
	find_alone(p);
	return p;
}

bool text_holds_any(const char *text, size_t len, const char *const *needles,
		    const char *const *anchors)
{
	const char *const *a, *const *n;
	bool in_scope = scope.open && scope.text == text && scope.len == len;

	/* A needle no anchor covers is looked for on its own. */
	for (n = needles; *n; n++)
		if (!holds_an_anchor(*n, anchors) && memmem(text, len, *n, strlen(*n)))
			return true;

	for (a = anchors; *a; a++) {
		const struct anchor_places *p = in_scope ? places_of(*a) : NULL;
		size_t k;

		if (!p) {
			if (anchor_holds(text, len, *a, needles))
				return true;
			continue;
		}
		for (k = 0; k < p->nr; k++)
			if (needle_around(text, len, p->at[k], *a, needles))
				return true;
	}
	return false;
}
