// SPDX-License-Identifier: GPL-2.0
/*
 * The core the held-lock drivers beside it call (re_neg_wq014_held.c,
 * re_wq014_held.c, held/): an event hook run under a global mutex, a jack
 * report under the jack's own mutex, and expiry of a list of mounts under
 * a namespace lock taken through a helper. No work item lives here: these
 * are the functions a work body calls, one or two levels down, in
 * another file of the directory or of the one above.
 */
#include <linux/list.h>
#include <linux/mutex.h>
#include "hd_table.h"

static DEFINE_MUTEX(hd_event_lock);
static DEFINE_MUTEX(hd_ns_mutex);

/* Runs the table's event hook with hd_event_lock held across it. */
void hd_table_event(struct hd_table *t)
{
	mutex_lock(&hd_event_lock);
	if (t->event_fn)
		t->event_fn(t->event_context);
	mutex_unlock(&hd_event_lock);
}

/* The same hook, but it counts the event after giving the lock back. */
void hd_table_event_late(struct hd_table *t)
{
	mutex_lock(&hd_event_lock);
	if (t->event_fn)
		t->event_fn(t->event_context);
	mutex_unlock(&hd_event_lock);
	t->events++;
}

void hd_jack_report(struct hd_jack *jack, int status)
{
	if (!jack)
		return;
	mutex_lock(&jack->mutex);
	jack->status = status;
	mutex_unlock(&jack->mutex);
}

static inline void hd_ns_lock(void)
{
	mutex_lock(&hd_ns_mutex);
}

static inline void hd_ns_unlock(void)
{
	mutex_unlock(&hd_ns_mutex);
}

/* Moves every expired mount of mounts onto a list of its own and drops
 * them from there, all under the namespace lock. */
void hd_mark_expired(struct list_head *mounts)
{
	struct hd_mount *mnt;
	LIST_HEAD(graveyard);

	if (list_empty(mounts))
		return;

	hd_ns_lock();
	while (!list_empty(mounts)) {
		mnt = list_first_entry(mounts, struct hd_mount, expire);
		list_del(&mnt->expire);
		list_add(&mnt->expire, &graveyard);
	}
	while (!list_empty(&graveyard)) {
		mnt = list_first_entry(&graveyard, struct hd_mount, expire);
		list_del(&mnt->expire);
		mnt->expired = 1;
	}
	hd_ns_unlock();
}
