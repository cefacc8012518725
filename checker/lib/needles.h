/* Does a text hold any of several strings? One pass per anchor instead of
 * one per string: every needle holds one of a few short anchors, so only
 * the places where an anchor is are compared with the needles around them.
 * The answer is memmem()'s, needle by needle. */
#ifndef WQCHECK_NEEDLES_H
#define WQCHECK_NEEDLES_H

#include <stdbool.h>
#include <stddef.h>

/* needles and anchors are NULL-terminated; a needle that holds none of the
 * anchors costs a pass of its own. */
bool text_holds_any(const char *text, size_t len, const char *const *needles,
		    const char *const *anchors);

#endif
