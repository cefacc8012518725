/*
 * When a timer callback runs again. A callback-kind.h timer callback
 * "runs again whenever its source fires", but a timer_list fires once per
 * arming: one whose callback never re-arms it fires again only after some
 * mod_timer() sets it going, and when every such call sets the expiry
 * ahead of now (jiffies + a delay), a second firing that meets what the
 * last one queued still pending needs that delay to pass first: timing,
 * which DESIGN.md 1c makes a note (fnic's retry_fip_timer, re-armed with
 * round_jiffies(jiffies + msecs_to_jiffies(FCOE_CTLR_FCS_TOV))).
 *
 * Lexical and conservative: the timer is the member the callback's
 * from_timer() / timer_container_of() / container_of() names; every token
 * naming that member in the callback's directory must be one of those, a
 * setup, a delete or a test, or an arming call whose expiry reads as
 * jiffies + something (through round_jiffies*() and one local assigned
 * earlier in the same function). Anything else (add_timer() after setting
 * .expires, a helper handed the timer, an expiry of plain jiffies) and the
 * answer is no.
 */
#ifndef WQCHECK_TIMER_REARM_H
#define WQCHECK_TIMER_REARM_H

#include "front/source-cache.h"

#include <stdbool.h>

struct timer_rearm {
	char *member;		/* the timer's member: "retry_fip_timer" */
	unsigned nr_sites;	/* the arming calls found (at least one) */
	char *file;		/* one of them: where, */
	unsigned line;
	char *call;		/* its name ("mod_timer") */
	char *expires;		/* and its expiry as written (the local's value
				 * when it passes a local) */
};

/* Whether fn, a timer callback of f, is the callback of a one-shot timer
 * re-armed only ahead of now (see above); *out then says how (release it
 * with timer_rearm_release()). Reads the .c and .h files of f's
 * directory that name the member. */
bool timer_rearmed_only_ahead(struct source_cache *sc, const struct source_file *f,
			      const struct source_function *fn, struct timer_rearm *out);
void timer_rearm_release(struct timer_rearm *r);

#endif
