/*
 * How long a queueing waits before its run may start: the delay argument
 * of queue_delayed_work() & co read as milliseconds at the least (a jiffy
 * is 1 ms at HZ=1000, the largest HZ; HZ itself is a second). Two runs of
 * one item queued on two workqueues overlap only if the first still runs
 * when the second's delay is over: when every queueing waits, only timing
 * separates them, which the code does not promise either way.
 */
#ifndef WQCHECK_QUEUE_DELAY_H
#define WQCHECK_QUEUE_DELAY_H

#include "analysis/model/workitem-model.h"

/* What a queueing's delay is known to be. */
struct queue_delay {
	long ms;		/* at the least; 0: none (or a zero delay) */
	bool known;		/* false: an expression wqcheck cannot read */
	char *text;		/* the argument as written, or NULL */
};

/* The delay of q (its call re-read from q's file). A call without one
 * (queue_work(), a wrapper) has none: ms 0, known. */
void queue_delay_of(const struct workitem_model *m, const struct queueing *q,
		    struct queue_delay *out);
void queue_delay_release(struct queue_delay *d);

#endif
