#include "lib/needles.h"

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

/* The places of one anchor in the scope's text. */
struct anchor_places {
	const char *anchor;
	size_t *at;
	size_t nr, alloc;
};

#define MAX_SCOPE_ANCHORS 8

static _Thread_local struct needles_scope {
	const char *text;
	size_t len;
	bool open;
	struct anchor_places anchors[MAX_SCOPE_ANCHORS];
	size_t nr;
} scope;

bool needles_scope_begin(const char *text, size_t len)
{
	if (scope.open)
		return false;
	scope.text = text;
	scope.len = len;
	scope.open = true;
	scope.nr = 0;
	return true;
}

void needles_scope_end(void)
{
	size_t i;

	for (i = 0; i < scope.nr; i++)
		free(scope.anchors[i].at);
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

/* anchor's places in the scope's text, found now if no earlier anchor's
 * places hold them; NULL when the scope has no room left. */
static const struct anchor_places *places_of(const char *anchor)
{
	const char *text = scope.text;
	size_t len = scope.len, alen = strlen(anchor), i, k;
	struct anchor_places *p;

	for (i = 0; i < scope.nr; i++)
		if (!strcmp(scope.anchors[i].anchor, anchor))
			return &scope.anchors[i];
	if (scope.nr == MAX_SCOPE_ANCHORS)
		return NULL;
	p = &scope.anchors[scope.nr];
	memset(p, 0, sizeof(*p));
	p->anchor = anchor;
	for (i = 0; i < scope.nr; i++) {
		const struct anchor_places *in = &scope.anchors[i];
		const char *sub = strstr(anchor, in->anchor);
		size_t off;

		if (!sub)
			continue;
		/* Each place of anchor is a place of the shorter one, off in. */
		off = (size_t)(sub - anchor);
		for (k = 0; k < in->nr; k++)
			if (in->at[k] >= off && in->at[k] - off + alen <= len &&
			    !memcmp(text + in->at[k] - off, anchor, alen))
				add_place(p, in->at[k] - off);
		scope.nr++;
		return p;
	}
	for (k = 0; k < len;) {
		const char *at = memmem(text + k, len - k, anchor, alen);

		if (!at)
			break;
		add_place(p, (size_t)(at - text));
		k = (size_t)(at - text) + 1;
	}
	scope.nr++;
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
