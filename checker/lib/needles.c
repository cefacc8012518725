#include "lib/needles.h"

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

bool text_holds_any(const char *text, size_t len, const char *const *needles,
		    const char *const *anchors)
{
	const char *const *a, *const *n;

	/* A needle no anchor covers is looked for on its own. */
	for (n = needles; *n; n++)
		if (!holds_an_anchor(*n, anchors) && memmem(text, len, *n, strlen(*n)))
			return true;

	for (a = anchors; *a; a++) {
		size_t alen = strlen(*a), at = 0;
		const char *p;

		while (at < len &&
		       (p = memmem(text + at, len - at, *a, alen))) {
			at = (size_t)(p - text);
			if (needle_around(text, len, at, *a, needles))
				return true;
			at++;
		}
	}
	return false;
}
