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

/*
 * Several lists asked of one text (the scan's rules, the work-item pass's
 * bindings, queueings and API names) share one pass over it: between
 * needles_scope_begin() and needles_scope_end() on a thread, the places of
 * every anchor asked for so far (in this file or an earlier one) are found
 * by one strpbrk() over the bytes that key them, and kept for every
 * text_holds_any() of the same text. text[len] must be readable (a strbuf's
 * NUL); a text with a NUL before it is searched anchor by anchor. begin
 * returns false, and opens nothing, when a scope is open already; only the
 * opener ends it. The text must not change while its scope is open.
 */
bool needles_scope_begin(const char *text, size_t len);
void needles_scope_end(void);

#endif
